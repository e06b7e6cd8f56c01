import Foundation
import OurPlanetModel
import TerminalUI

extension AppShell {
  /// Handles one key press.
  package func handle(_ key: Key) {
    defer {
      rememberChanges()
      context.host.setNeedsRedraw()
    }
    if key == .resize { return }
    if let overlay {
      if !overlay.handle(key) { self.overlay = nil }
      return
    }
    if case .mouse(let event) = key {
      // While a search is typed the mouse selects and scrolls, as the arrows do; it opens nothing.
      if search != nil, event.kind == .doubleClick { return }
      perform(screen.handleMouse(event))
      return
    }
    if let search {
      if !search.handle(key) { self.search = nil }
      return
    }
    context.notice = nil
    guard let binding = binding(for: key) else { return sayNothingHere(key) }
    lastCommand = binding.command.name
    let action = binding.action(keymap.declaredKey(for: key, of: binding.command))
    if case .unhandled = action { return sayNothingHere(key) }
    perform(action)
  }

  /// A key that does nothing where it is pressed says why: where it does work, or that `?` lists
  /// the keys that do (the README's promise). A key of the terminal (a resize, the mouse) says
  /// nothing.
  private func sayNothingHere(_ key: Key) {
    if case .mouse = key { return }
    let name = KeyCommand.name(of: key)
    let elsewhere = KeyCommand.all.first { keymap.keys(for: $0).contains(key) }
    let here = screenName
    if let elsewhere, let place = Self.screenNames(of: elsewhere).first(where: { $0 != here }) {
      // "on the events screen: days filter …" says its screen already: the message names it once.
      var help = elsewhere.help
      if help.hasPrefix("on the "), let colon = help.range(of: ": ") {
        help = String(help[colon.upperBound...])
      }
      context.say("\(name) does nothing \(here) (\(place): \(help); ? lists the keys here)")
    } else {
      context.say("\(name) does nothing \(here) (? lists the keys here)")
    }
  }

  /// The top screen, as a message names it.
  private var screenName: String {
    switch screen {
    case is CategoriesScreen: "on the categories"
    case is EventsScreen: "on the events list"
    default: "in the detail"
    }
  }

  /// The screens where `command` is in force, as a message names them (the groups of
  /// ``KeyCommand/inForceTogether`` are the categories', the events list's and the detail's).
  private static func screenNames(of command: KeyCommand) -> [String] {
    let names = ["on the categories", "on the events list", "in the detail"]
    return zip(KeyCommand.inForceTogether, names).compactMap { group, name in
      group.contains(command) ? name : nil
    }
  }

  /// What `key` asks for on the top screen: its bindings first, then the app's.
  func binding(for key: Key) -> Binding? {
    keymap.binding(for: key, in: bindings())
  }

  /// Every binding in force on the top screen, in the order a key is matched.
  func bindings() -> [Binding] {
    screen.bindings() + filterBindings() + appBindings()
  }

  /// What the help lists here: each binding in force with the keys that reach it.
  func helpBindings() -> [(command: KeyCommand, keys: [Key])] {
    keymap.reachingKeys(in: bindings())
  }

  /// The keys of the app, whatever the screen: they come after the screen's own.
  private func appBindings() -> [Binding] {
    [
      .run(.quit) { [unowned self] _ in context.host.stop() },
      .run(.help) { [unowned self] _ in
        overlay = ListOverlay(
          title: "OurPlanet keys", entries: helpEntries(),
          closeKeys: keymap.keys(for: .help), keymap: keymap, theme: context.theme)
      },
      .run(.messages) { [unowned self] _ in
        overlay = ListOverlay.messages(
          status.messages, received: status.messagesReceived, closeKeys: keymap.keys(for: .messages),
          keymap: keymap, theme: context.theme)
        status.markRead()
      },
      .run(.refresh) { [unowned self] _ in refresh() },
      .run(.range) { [unowned self] key in context.moveRange(by: key == .char("<") ? -1 : 1) },
      .run(.search) { [unowned self] _ in openSearch() },
      .run(.focus) { [unowned self] _ in
        if screen.showsMap {
          context.map.toggleFocus()
        } else {
          context.say("Tab moves between the list and the map: show the map with m first")
        }
      },
      .run(.clearRegion) { [unowned self] _ in clearRegion() },
      .run(.places) { [unowned self] _ in openPlaces() },
      .run(.map) { [unowned self] _ in
        if screen.showsMap {
          context.map.toggleShown()
        } else {
          context.say("The map shows on the events and detail screens: open a category first")
        }
      },
      .run(.redraw) { [unowned self] _ in context.host.redrawAll() },
      Binding(.back) { [unowned self] key in back(key) },
    ]
  }

  /// The help's lines: each group's heading, then its commands in force here with the keys that
  /// reach them (what the terminal does itself last, with the app's).
  func helpEntries() -> [HelpEntry] {
    let listed = helpBindings() + KeyCommand.all.filter(\.isTerminal).map { ($0, $0.keys) }
    var entries: [HelpEntry] = []
    for group in KeyCommand.Group.allCases {
      let members = listed.filter { $0.command.group == group }
      guard !members.isEmpty else { continue }
      entries.append(HelpEntry(keys: group.rawValue, action: "", isHeading: true))
      entries += members.map { HelpEntry(keys: KeyCommand.label($0.keys), action: $0.command.help) }
    }
    return entries
  }

  /// `back`: Esc first takes the keys from a focused map, then clears a search; otherwise the screen
  /// below comes back.
  private func back(_ key: Key) -> ScreenAction {
    // Esc leaves the map before it leaves the screen (with the keys on the map, h and ← pan).
    if context.map.isFocused {
      context.map.isFocused = false
      context.say("Keys on the list (Tab: the map)")
      return .handled
    }
    if key == .escape, let target = screen as? Searchable, !target.query.isEmpty {
      target.setQuery("")
      return .handled
    }
    guard navigator.stack.count > 1 else {
      context.say(
        "\(KeyCommand.name(of: key)): the categories are the first screen, nothing is behind them (q quits)")
      return .handled
    }
    return .pop
  }

  private func refresh() {
    if context.latestCatalog.isFinalRange {
      context.say(
        "Nothing to refresh: this past range was downloaded after it ended, so it is final (> comes back to today)"
      )
    } else if context.catalogModel.isOnline {
      context.catalogModel.refresh()
    } else {
      context.say(
        "Offline (--offline): nothing to refresh; start without --offline to download", isError: true)
    }
  }

  private func openSearch() {
    if let target = screen as? Searchable & Screen {
      search = SearchField(target: target, keymap: keymap) { [unowned self] command, key in
        if let binding = screen.bindings().first(where: { $0.command == command }) {
          perform(binding.action(key))
        }
      }
    } else {
      context.say("Search works on the categories and events lists")
    }
  }
}
