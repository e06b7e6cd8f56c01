import OurPlanetModel
import TerminalUI
import Testing

@testable import OurPlanetUI

/// A config's `[keys]` over the screens' declared bindings.
@Suite("Keymap from a config")
struct KeymapConfigurationTests {
  private func keymap(_ entries: [(String, [String])]) throws(ConfigurationError) -> Keymap {
    try Keymap(
      configuration: Configuration(
        file: "config.toml",
        keys: entries.enumerated().map { index, entry in
          Configuration.KeyBinding(action: entry.0, keys: entry.1, line: index + 2)
        }))
  }

  private func refusal(_ entries: [(String, [String])]) -> String? {
    do {
      _ = try keymap(entries)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func replacesTheCommandsKeysAndNothingElse() throws {
    let keys = try keymap([("quit", ["Q"]), ("refresh", ["r", "F5", "r"])])
    #expect(keys.keys(for: .quit) == [.char("Q")])
    #expect(keys.keys(for: .refresh) == [.char("r"), .function(5)])
    #expect(keys.keys(for: .help) == [.char("?")])
    #expect(keys.isRebound(.quit))
    #expect(!keys.isRebound(.help))
    #expect(try keymap([]) == .standard)
  }

  @Test func eachMistakeNamesItsLine() {
    #expect(
      refusal([("qiut", ["Q"])]) == "config.toml:2: keys: no command is called 'qiut' (did you mean 'quit'?)")
    #expect(refusal([("launch", ["L"])]) == "config.toml:2: keys: no command is called 'launch'")
    #expect(
      refusal([("help", ["?"]), ("quit", ["Shift-Q"])])
        == "config.toml:3: keys: 'quit': no key is called 'Shift-Q' (a character, or a name such as F5, Ctrl-R, "
        + "Up, PgDn, Home, Enter, Esc, Tab, Space)")
    #expect(
      refusal([("suspend", ["z"])])
        == "config.toml:2: keys: 'suspend' is the terminal's own Ctrl-Z: it cannot be rebound")
    #expect(
      refusal([("quit", ["A"])])
        == "config.toml:2: keys: 'A' would be both 'mark-seen' and 'quit' on one screen")
    #expect(
      refusal([("pan", ["w"]), ("export", ["w"])])
        == "config.toml:3: keys: 'w' would be both 'export' and 'pan' on one screen")
    #expect(
      refusal([("quit", ["Ctrl-L"])])
        == "config.toml:2: keys: 'Ctrl-L' would be both 'redraw' and 'quit' on one screen")
  }

  @Test("commands never in force together may share a key: sort = o, as open-link is the detail's")
  func keysOfOtherScreens() throws {
    let keys = try keymap([("sort", ["o"])])
    #expect(keys.keys(for: .sort) == [.char("o")])
    let events = BindingTests().harness(at: BindingTests.places[1], keymap: keys)
    events.press(.char("o"))
    #expect(events.shell.lastCommand == "sort")
    let detail = BindingTests().harness(at: BindingTests.places[2], keymap: keys)
    detail.press(.char("o"))
    #expect(detail.shell.lastCommand == "open-link")
    // The detail's J K on the events screen's s, and a key the rebind frees for another command.
    #expect(refusal([("step", ["s", "S"])]) == nil)
    #expect(refusal([("export", ["w"]), ("export-csv", ["e"])]) == nil)
    // Commands of one screen still may not.
    #expect(
      refusal([("sort", ["e"])]) == "config.toml:2: keys: 'e' would be both 'export' and 'sort' on one screen"
    )
    #expect(
      refusal([("step", ["y"])])
        == "config.toml:2: keys: 'y' would be both 'copy-link' and 'step' on one screen")
  }

  @Test(
    "a keymap the config may have leaves every rebound key reaching its command on every screen",
    arguments: BindingTests.places)
  func reboundKeysReach(place: BindingTests.Place) throws {
    let keys = try keymap([
      ("quit", ["Q"]), ("refresh", ["r", "F5"]), ("export", ["w"]), ("centre", ["C"]), ("sort", ["S", "z"]),
      ("page", ["Space"]),
    ])
    let app = BindingTests().harness(at: place, keymap: keys)
    for (command, reaching) in app.shell.helpBindings() where keys.isRebound(command) {
      #expect(reaching == keys.keys(for: command), "\(place): \(command.name)")
    }
    app.press(.char("q"))
    #expect(app.shell.lastCommand != "quit", "\(place): the old key of quit does nothing")
    let fresh = BindingTests().harness(at: place, keymap: keys)
    fresh.press(.char("Q"))
    #expect(fresh.shell.lastCommand == "quit", "\(place)")
  }

  @Test("while a search is typed, the list moves with move's keys in force that are not text")
  func searchMovesWithTheKeysInForce() throws {
    // Rebound to control keys: they move the list while typing, and the arrows are free.
    let control = ShellHarness(keymap: try keymap([("move", ["Ctrl-P", "Ctrl-N"])])) {
      ScreenTests().standardFeed($0)
    }
    control.advance(to: 100)
    control.press(.char("/"), .ctrl("n"), .ctrl("n"))
    #expect(control.statusLine.contains("3/4"), "\(control.statusLine)")
    control.press(.ctrl("p"), .down)
    #expect(control.statusLine.contains("2/4"), "the arrows no longer move: \(control.statusLine)")
    // Rebound to letters, which are text in the search line: the declared arrows stand in there.
    let letters = ShellHarness(keymap: try keymap([("move", ["w", "z"])])) { ScreenTests().standardFeed($0) }
    letters.advance(to: 100)
    letters.press(.char("/"), .down, .down)
    #expect(letters.statusLine.contains("3/4"), "\(letters.statusLine)")
    letters.type("z")
    #expect(letters.screen.contains("/ z"), "z is text while typing")
  }
}
