import TerminalUI

/// The keys, in one place: the help overlay, `--help` and the manual page all list these.
public enum KeyBindings {
  /// Every key and what it does, in the order the help shows them.
  public static let all: [HelpEntry] = [
    HelpEntry(keys: "↑ ↓  k j", action: "move the selection"),
    HelpEntry(keys: "PgUp PgDn", action: "move a page"),
    HelpEntry(keys: "g G  Home End", action: "first / last"),
    HelpEntry(keys: "Enter  l", action: "open the category or event"),
    HelpEntry(keys: "Esc  Backspace  h", action: "go back"),
    HelpEntry(keys: "← →", action: "days filter −1 / +1 (events screen)"),
    HelpEntry(keys: "Shift-← →  [ ]", action: "days filter −30 / +30"),
    HelpEntry(keys: "/", action: "search titles (Esc clears)"),
    HelpEntry(keys: "r", action: "refresh from the network"),
    HelpEntry(keys: "o", action: "open the event's source link"),
    HelpEntry(keys: "m", action: "show / hide the world map"),
    HelpEntry(keys: "?", action: "show the keys"),
    HelpEntry(keys: "Ctrl-L", action: "redraw the screen"),
    HelpEntry(keys: "Ctrl-Z", action: "suspend"),
    HelpEntry(keys: "q", action: "quit"),
  ]
}
