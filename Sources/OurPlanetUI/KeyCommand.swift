import OurPlanetModel
import TerminalUI

/// Something the user can ask for with a key: a stable name, the keys, and what the help says.
///
/// The declaration is data: a screen pairs it with an action in a ``Binding``, and the help
/// overlay, the manual's key table and the dispatch all read the same value, so they cannot
/// disagree. The name is what a config's `[keys]` table will rebind (see ``Keymap``).
///
/// ```swift
/// Binding(.refresh) { _ in model.refresh(); return .handled }
/// ```
package struct KeyCommand: Hashable, Sendable {
  /// The stable name (`quit`, `refresh`, `next-new`).
  package let name: String
  /// The keys that ask for it, unless a keymap says otherwise.
  package let keys: [Key]
  /// What it does, as the help and the manual say it.
  package let help: String
  /// Whether the terminal acts on it before the app sees a key (Ctrl-Z suspends through the tty).
  package let isTerminal: Bool
  /// Where the help lists it.
  package var group: Group { Self.groups[name] ?? .app }

  /// The help's groups, in its order.
  package enum Group: String, CaseIterable, Sendable {
    case navigate = "Navigate"
    case filter = "Filter"
    case follow = "Follow"
    case map = "Map"
    case export = "Open, copy, export"
    case app = "App"
  }

  init(_ name: String, _ keys: [Key], _ help: String, isTerminal: Bool = false) {
    self.name = name
    self.keys = keys
    self.help = help
    self.isTerminal = isTerminal
  }

  /// Each command's group by name (the rest are the app's).
  private static let groups: [String: Group] = {
    let table: [(Group, [String])] = [
      (.navigate, ["move", "page", "ends", "open", "back", "step", "search", "clear-search-line"]),
      (
        .filter,
        [
          "days", "days-step", "range", "status", "filters", "clear-filters", "alerts-only", "clear-region",
          "places", "mark",
          "sort",
        ]
      ),
      (.follow, ["refresh", "next-new", "mark-seen", "messages"]),
      (
        .map,
        ["map", "focus", "zoom", "pan", "whole-world", "centre", "next-marker", "filter-to-view"]
      ),
      (.export, ["open-link", "copy-link", "export", "export-csv"]),
    ]
    var groups: [String: Group] = [:]
    for (group, names) in table { for name in names { groups[name] = group } }
    return groups
  }()

  /// The keys as the help writes them: `↑ ↓  k j` (named keys and letters in separate groups).
  package static func label(_ keys: [Key]) -> String {
    var text = ""
    var previousIsLetter: Bool?
    for key in keys {
      let name = Self.name(of: key)
      let isLetter = name.count == 1
      if let previousIsLetter { text += previousIsLetter == isLetter ? " " : "  " }
      text += name
      previousIsLetter = isLetter
    }
    return text
  }

  /// The key's name in the help: arrows as arrows, the rest as the terminal calls them.
  static func name(of key: Key) -> String {
    switch key {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .shiftLeft: "Shift-←"
    case .shiftRight: "Shift-→"
    default: key.description
    }
  }
}

extension KeyCommand {
  static let quit = KeyCommand("quit", [.char("q")], "quit")
  static let help = KeyCommand("help", [.char("?")], "show the keys")
  static let messages = KeyCommand("messages", [.char("!")], "list the messages (warnings, failures)")
  static let refresh = KeyCommand("refresh", [.char("r")], "refresh from the network")
  static let search = KeyCommand(
    "search", [.char("/")], "search titles and descriptions: type, ↑↓ move, Enter keeps, Esc clears")
  static let clearSearchLine = KeyCommand(
    "clear-search-line", [.ctrl("u")], "clear the search line while typing")
  static let move = KeyCommand(
    "move", [.up, .down, .char("k"), .char("j")], "move the selection (scroll in the detail)")
  static let page = KeyCommand(
    "page", [.pageUp, .pageDown, .ctrl("b"), .ctrl("f"), .char(" ")], "move a page")
  static let ends = KeyCommand("ends", [.char("g"), .char("G"), .home, .end], "first / last")
  static let open = KeyCommand(
    "open", [.enter, .char("l"), .right], "open the category or event (→ too on categories)")
  static let back = KeyCommand(
    "back", [.escape, .backspace, .char("h"), .left],
    "go back (Esc first takes the keys from the map, then clears a search; ← from the detail)"
  )
  static let days = KeyCommand("days", [.left, .right], "on the events screen: days filter −1 / +1")
  static let range = KeyCommand(
    "range", [.char("<"), .char(">")],
    "move the days window back / forward by its own length (history; > comes back to today)")
  static let daysStep = KeyCommand(
    "days-step", [.shiftLeft, .shiftRight, .char("["), .char("]")],
    "on the events screen: days filter to the previous / next multiple of 30 days")
  static let openLink = KeyCommand(
    "open-link", [.char("o")] + (1...9).map { .char(Character(String($0))) },
    "open the event's first (or numbered) link")
  static let copyLink = KeyCommand(
    "copy-link", [.char("y")], "copy the event's EONET link to the clipboard (through the terminal, OSC 52)")
  static let step = KeyCommand("step", [.char("J"), .char("K")], "next / previous event, from the detail")
  static let image = KeyCommand(
    "image", [.char("i")], "detail: show / hide the event's satellite image (NASA GIBS; remembered)")
  static let imageLayer = KeyCommand(
    "image-layer", [.char("L")], "detail: the image's next layer (true colour, then the category's)")
  static let nextNew = KeyCommand("next-new", [.char("n")], "next new or updated event (or category)")
  static let markSeen = KeyCommand("mark-seen", [.char("A")], "mark the category's events seen")
  static let alertsOnly = KeyCommand(
    "alerts-only", [.char("a")],
    "lists: only the events an alert rule marks, their counts too (again: all of them; also in the form v)")
  static let export = KeyCommand(
    "export", [.char("e")], "export the list as shown as GeoJSON, in this folder")
  static let exportCSV = KeyCommand(
    "export-csv", [.char("E")], "export the list as shown as CSV, in this folder")
  static let map = KeyCommand("map", [.char("m")], "show / hide the world map (events, detail)")
  static let focus = KeyCommand("focus", [.tab], "move the keys between the list and the map")
  static let zoom = KeyCommand(
    "zoom", [.char("+"), .char("="), .char("-"), .char("_")], "map: zoom in / out")
  static let pan = KeyCommand(
    "pan", [.left, .right, .up, .down, .char("h"), .char("l"), .char("k"), .char("j")], "map: pan")
  static let wholeWorld = KeyCommand(
    "whole-world", [.char("0")], "map: frame the region, else the events (the track in the detail)")
  static let centre = KeyCommand("centre", [.char("c")], "map: centre on the selection")
  static let nextMarker = KeyCommand("next-marker", [.char(" ")], "map: select the next marker in view")
  static let filterToView = KeyCommand(
    "filter-to-view", [.char("f")], "map: only the events in view, then name the view to save it as a place")
  static let clearRegion = KeyCommand("clear-region", [.char("F")], "clear the region filter")
  static let places = KeyCommand("places", [.char("p")], "pick a place of the config to filter by")
  static let status = KeyCommand(
    "status", [.char("x")], "status filter: open and closed → open → closed (the header says which)")
  static let filterForm = KeyCommand(
    "filters", [.char("v")], "the filter form: days, status, magnitude, unit, region, alerts, sources")
  static let clearFilters = KeyCommand(
    "clear-filters", [.char("X")],
    "clear every filter but the days (status, magnitude, sources, region, marked categories)")
  static let mark = KeyCommand(
    "mark", [.char(" ")], "on the categories: mark / unmark a category; Enter opens the marked ones together")
  static let sort = KeyCommand(
    "sort", [.char("s")],
    "sort: " + EventSort.allCases.map(\.label).joined(separator: ", ") + " (nearest with --near)")
  static let redraw = KeyCommand("redraw", [.ctrl("l")], "redraw the screen")
  static let suspend = KeyCommand("suspend", [.ctrl("z")], "suspend", isTerminal: true)

  /// The commands in force together, screen by screen: the app's own, the screen's, and the map's
  /// where it can take the keys. Two commands of one group on one key would leave one of them
  /// unreachable there; commands of different groups never meet (`sort` is the events screen's,
  /// `open-link` the detail's). The bindings tests hold each screen's bindings to a group.
  static let inForceTogether: [[KeyCommand]] = {
    let app: [KeyCommand] = [
      quit, help, messages, refresh, range, search, focus, clearRegion, places, map, redraw, back,
    ]
    let list: [KeyCommand] = [move, page, ends]
    let mapKeys: [KeyCommand] = [zoom, pan, wholeWorld, centre, nextMarker, filterToView]
    let filters: [KeyCommand] = [status, filterForm, clearFilters, alertsOnly]
    return [
      app + list + filters + [open, nextNew, markSeen, mark],
      app + list + mapKeys + filters + [
        open, nextNew, sort, copyLink, export, exportCSV, markSeen, days, daysStep,
      ],
      app + list + mapKeys + [openLink, copyLink, step, image, imageLayer],
    ]
  }()

  /// Every command, in the order the manual lists them.
  package static let all: [KeyCommand] = [
    move, page, ends, open, back, days, daysStep, range, search, clearSearchLine, refresh, openLink, copyLink,
    step, image, imageLayer,
    nextNew,
    markSeen, alertsOnly, export, exportCSV, map, focus, zoom, pan, wholeWorld, centre, nextMarker,
    filterToView,
    clearRegion, places, status, filterForm, clearFilters, mark, sort, messages, help, redraw, suspend, quit,
  ]
}
