import TerminalUI

/// The keys, in one place: the help overlay, `--help` and the manual page all list these.
public enum KeyBindings {
  /// Every key and what it does, in the order the help shows them.
  public static let all: [HelpEntry] = [
    HelpEntry(keys: "↑ ↓  k j", action: "move the selection (scroll in the detail)"),
    HelpEntry(keys: "PgUp PgDn", action: "move a page"),
    HelpEntry(keys: "g G  Home End", action: "first / last"),
    HelpEntry(keys: "Enter  l", action: "open the category or event (→ too on categories)"),
    HelpEntry(keys: "Esc  Backspace  h", action: "go back (Esc first clears a search)"),
    HelpEntry(keys: "← →", action: "on the events screen: days filter −1 / +1"),
    HelpEntry(keys: "Shift-← →  [ ]", action: "on the events screen: days filter −30 / +30"),
    HelpEntry(keys: "/", action: "search titles: type, ↑↓ move, Enter keeps, Esc clears"),
    HelpEntry(keys: "Ctrl-U", action: "clear the search line while typing"),
    HelpEntry(keys: "r", action: "refresh from the network"),
    HelpEntry(keys: "o  1-9", action: "open the event's first (or numbered) link"),
    HelpEntry(keys: "J K", action: "next / previous event, from the detail"),
    HelpEntry(keys: "n", action: "next new or updated event (or category)"),
    HelpEntry(keys: "A", action: "mark the category's events seen"),
    HelpEntry(keys: "e  E", action: "export the list as shown: GeoJSON / CSV, in this folder"),
    HelpEntry(keys: "m", action: "show / hide the world map (events, detail)"),
    HelpEntry(keys: "Tab", action: "move the keys between the list and the map"),
    HelpEntry(keys: "+ -  arrows hjkl", action: "map: zoom in / out, pan"),
    HelpEntry(keys: "0  c  Space", action: "map: whole world, centre on the selection, next marker"),
    HelpEntry(keys: "f  F", action: "map: only events in view / clear the region"),
    HelpEntry(keys: "s", action: "sort: newest, largest, title, nearest (--near)"),
    HelpEntry(keys: "!", action: "list the messages (warnings, failures)"),
    HelpEntry(keys: "?", action: "show the keys"),
    HelpEntry(keys: "Ctrl-L", action: "redraw the screen"),
    HelpEntry(keys: "Ctrl-Z", action: "suspend"),
    HelpEntry(keys: "q", action: "quit"),
  ]
}
