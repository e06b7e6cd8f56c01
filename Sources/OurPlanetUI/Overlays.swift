import OurPlanetModel
import TerminalUI

/// A box drawn over the screen that takes every key until it closes.
protocol Overlay: AnyObject {
  /// Handles a key.
  ///
  /// - Returns: `false` when the overlay closes.
  func handle(_ key: Key) -> Bool
  /// Draws the box over `rect`.
  func render(into buffer: inout CellBuffer, rect: Rect)
}

/// A scrollable box of key–text lines: the help (`?`) and the messages (`!`).
///
/// The keys in force for `move`, `page` and `ends` scroll it (↑ ↓ k j PgUp PgDn g G unless rebound);
/// Esc, q, Enter or the key that opened it close it.
final class ListOverlay: Overlay {
  private var box: HelpOverlay
  /// The keys that opened it (the command's keys in force).
  private let closeKeys: [Key]
  /// Which keys scroll it, as they scroll the lists.
  private let keymap: Keymap
  private var visibleRows = 1
  /// The entries as given; the box holds them wrapped to the width it was last drawn at.
  private let entries: [HelpEntry]
  private var wrappedWidth: Int?

  init(
    title: String, entries: [HelpEntry], closeKeys: [Key], keymap: Keymap = .standard, theme: Theme = .dark
  ) {
    box = HelpOverlay(title: title, entries: entries, footer: "Esc closes", theme: theme)
    self.entries = entries
    self.closeKeys = closeKeys
    self.keymap = keymap
  }

  func handle(_ pressed: Key) -> Bool {
    let page = max(1, visibleRows - 1)
    if [.escape, .enter, .char("q")].contains(pressed) || closeKeys.contains(pressed) { return false }
    guard let key = scrolling(pressed) else { return true }
    switch key {
    case .mouse(let event):
      switch event.kind {
      case .wheelUp: scroll(by: -1)
      case .wheelDown: scroll(by: 1)
      case .click, .doubleClick: return false
      case .drag: break
      }
    case .up, .char("k"): scroll(by: -1)
    case .down, .char("j"): scroll(by: 1)
    case .pageUp, .ctrl("b"): scroll(by: -page)
    case .pageDown, .ctrl("f"), .char(" "): scroll(by: page)
    case .home, .char("g"): scroll(by: -box.entries.count)
    case .end, .char("G"): scroll(by: box.entries.count)
    default: break
    }
    return true
  }

  /// The commands whose keys scroll the box.
  private static let scrollCommands: [KeyCommand] = [.move, .page, .ends]

  /// `key` as the scrolling reads it: a key of `move`, `page` or `ends` in force stands for the
  /// declared key in its place, as it does on the lists; a declared key its rebound command no longer
  /// has is `nil` (nothing).
  private func scrolling(_ key: Key) -> Key? {
    if let command = Self.scrollCommands.first(where: { keymap.keys(for: $0).contains(key) }) {
      return keymap.declaredKey(for: key, of: command)
    }
    if Self.scrollCommands.contains(where: { keymap.isRebound($0) && $0.keys.contains(key) }) { return nil }
    return key
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    wrap(toFit: rect.width)
    visibleRows = max(1, box.visibleEntryRows(in: rect))
    box.scrollOffset = max(0, min(box.scrollOffset, box.entries.count - visibleRows))
    box.render(into: &buffer, rect: rect)
  }

  /// Wraps each entry's text to what a box as wide as `width` leaves beside the keys, so a long
  /// message reads whole over several rows instead of ending in an ellipsis.
  private func wrap(toFit width: Int) {
    guard wrappedWidth != width else { return }
    wrappedWidth = width
    let keys = entries.reduce(0) { $1.isHeading ? $0 : max($0, DisplayWidth.of($1.keys)) }
    // The frame and the padding take two columns a side; two more part the keys from the text.
    let beside = width - 4 - keys - 2
    // Too narrow for the text beside the keys: each entry's keys on a row, its text under them,
    // indented, as wide as the box.
    let stacked = beside < Self.narrowestText
    let room = max(1, stacked ? width - 4 - 2 : beside)
    let topEntry = box.entries.isEmpty ? 0 : box.scrollOffset
    box.entries = entries.enumerated().flatMap { index, entry -> [HelpEntry] in
      if entry.isHeading { return index == 0 ? [entry] : [HelpEntry(keys: "", action: ""), entry] }
      let lines = TextLayout.wrap(entry.action, width: room)
      if lines.isEmpty { return [entry] }
      if stacked {
        let head = entry.keys.isEmpty ? [] : [HelpEntry(keys: entry.keys, action: "")]
        return head + lines.map { HelpEntry(keys: "", action: $0) }
      }
      return lines.enumerated().map { HelpEntry(keys: $0.offset == 0 ? entry.keys : "", action: $0.element) }
    }
    box.scrollOffset = min(topEntry, max(0, box.entries.count - 1))
  }

  /// Below this many columns beside the keys, the text goes under them instead.
  static let narrowestText = 24

  private func scroll(by rows: Int) {
    box.scrollOffset = max(0, min(box.scrollOffset + rows, box.entries.count - visibleRows))
  }

  /// The messages of the session, newest first.
  static func messages(
    _ messages: [AppMessage], received: Int, closeKeys: [Key], keymap: Keymap = .standard,
    theme: Theme = .dark
  ) -> ListOverlay {
    var entries =
      messages.isEmpty
      ? [HelpEntry(keys: "", action: "No messages")]
      : messages.reversed().map { HelpEntry(keys: Formatting.time($0.date), action: $0.text) }
    if received > messages.count {
      let older = Formatting.count(received - messages.count, "older message")
      entries.append(HelpEntry(keys: "", action: "\(older) not kept"))
    }
    return ListOverlay(
      title: "Messages", entries: entries, closeKeys: closeKeys, keymap: keymap, theme: theme)
  }
}

/// The search line: letters are text while it is open; the list keys in force move the list's
/// selection without leaving it; Enter keeps the filter, Esc clears it, Ctrl-U clears the line.
final class SearchField {
  private unowned let target: Searchable & Screen
  /// Hands a list command and the declared key it stands for to the screen, as if the search line
  /// were not open.
  private let forward: (KeyCommand, Key) -> Void
  private let keymap: Keymap

  init(target: Searchable & Screen, keymap: Keymap = .standard, forward: @escaping (KeyCommand, Key) -> Void)
  {
    self.target = target
    self.keymap = keymap
    self.forward = forward
  }

  /// Handles a key.
  ///
  /// - Returns: `false` when the search line closes.
  func handle(_ key: Key) -> Bool {
    var text = target.query
    switch key {
    case .escape:
      target.setQuery("")
      return false
    case .enter:
      return false
    case .backspace:
      if text.isEmpty { return false }
      text.removeLast()
    case _ where KeyCommand.clearSearchLine.keys.contains(key):
      text = ""
    case .char(let character):
      text.append(character)
    default:
      if let (command, declared) = listCommand(for: key) { forward(command, declared) }
      return true
    }
    target.setQuery(text)
    return true
  }

  /// The commands whose keys move the list while typing.
  private static let listCommands: [KeyCommand] = [.move, .page, .ends]

  /// The list command `key` asks for while typing, with the declared key it stands for: a key in
  /// force that is not text (a letter is typed), or, for a command rebound to text keys only, one
  /// of its declared keys, so the list can always move while typing.
  private func listCommand(for key: Key) -> (KeyCommand, Key)? {
    for command in Self.listCommands {
      let inForce = keymap.keys(for: command)
      if inForce.contains(key) { return (command, keymap.declaredKey(for: key, of: command)) }
      let typesOnly = inForce.allSatisfy { if case .char = $0 { true } else { false } }
      if typesOnly, command.keys.contains(key) { return (command, key) }
    }
    return nil
  }
}

/// The config's places (`p`): ↑ ↓ k j choose, Enter filters by the place, Esc, q or the key that
/// opened it close it and change nothing.
final class PlacePicker: Overlay {
  private var box: HelpOverlay
  private let places: [Configuration.Place]
  private let closeKeys: [Key]
  private let choose: (Configuration.Place) -> Void
  private var selected = 0
  private var visibleRows = 1

  /// A picker of `places` (at least one) that hands the chosen one to `choose`.
  init(
    places: [Configuration.Place], closeKeys: [Key], theme: Theme = .dark,
    choose: @escaping (Configuration.Place) -> Void
  ) {
    precondition(!places.isEmpty, "a place picker needs places")
    self.places = places
    self.closeKeys = closeKeys
    self.choose = choose
    box = HelpOverlay(title: "Places", entries: [], footer: "Enter filters by it, Esc closes", theme: theme)
    box.entries = entries()
  }

  func handle(_ key: Key) -> Bool {
    switch key {
    case .enter:
      choose(places[selected])
      return false
    case .escape, .char("q"): return false
    case _ where closeKeys.contains(key): return false
    case .up, .char("k"): move(by: -1)
    case .down, .char("j"): move(by: 1)
    case .home, .char("g"): move(by: -places.count)
    case .end, .char("G"): move(by: places.count)
    default: break
    }
    return true
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    visibleRows = max(1, box.visibleEntryRows(in: rect))
    // The selection stays in view.
    box.scrollOffset = min(max(box.scrollOffset, selected - visibleRows + 1), selected)
    box.render(into: &buffer, rect: rect)
  }

  private func move(by rows: Int) {
    selected = max(0, min(selected + rows, places.count - 1))
    box.entries = entries()
  }

  /// Each place's name, the selected one marked, and its region.
  private func entries() -> [HelpEntry] {
    places.enumerated().map { index, place in
      HelpEntry(keys: (index == selected ? "> " : "  ") + place.name, action: place.region.label)
    }
  }
}
