import Foundation
import OurPlanetUI
import TerminalUI
import Testing

@testable import OurPlanetCLI
@testable import OurPlanetModel

@Suite("CommandLineParser")
struct CommandLineParserTests {
  private let parser = CommandLineParser(environment: [:])

  private func refusal(_ arguments: [String]) -> String? { parser.refusal(arguments) }

  @Test("values come as --name value or --name=value, options before or after the command")
  func spellings() throws {
    let spaced = try parser.parse(["events", "wildfires", "--days", "30", "--sort", "title"])
    let joined = try parser.parse(["--days=30", "--sort=title", "events", "wildfires"])
    #expect(spaced == joined)
    #expect(spaced.days == 30)
    #expect(spaced.sort == .title)
    #expect(spaced.command == .events(categoryID: "wildfires"))
  }

  @Test("--cache-limit is in megabytes, 300 by default, and reaches the client in bytes")
  func cacheLimit() throws {
    #expect(try parser.parse([]).cacheLimit == 300)
    // A folder of its own: the client sweeps the cache it is given at start.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let options = try parser.parse(["--cache-limit", "500", "--cache-dir", folder.path])
    #expect(options.cacheLimit == 500)
    #expect(CLI.makeClient(options).configuration.cacheLimit == 500 << 20)
  }

  @Test("--exec takes the rest of the line, options included")
  func execTakesTheRest() throws {
    let options = try parser.parse(["watch", "--json", "--exec", "notify-send", "--days", "2"])
    #expect(options.exec == ["notify-send", "--days", "2"])
    #expect(options.days == Options.defaultDays)
    #expect(options.json)
  }

  @Test(
    "an option of another command is bad usage that names the commands taking it",
    arguments: [
      (["categories", "--interval", "5m"], "--interval is not an option of 'categories': it is for 'watch'"),
      (["--exec-timeout", "5s"], "--exec-timeout needs a command: 'watch'"),
      (
        ["categories", "--bell"],
        "--bell is not an option of 'categories': it is for the terminal UI or 'watch'"
      ),
      (
        ["watch", "--sort", "title"],
        "--sort is not an option of 'watch': it is for the terminal UI or 'events'"
      ),
      (
        ["events", "all", "--no-mouse"], "--no-mouse is not an option of 'events': it is for the terminal UI"
      ),
      (["--json"], "--json needs a command: 'categories', 'events', 'sources' or 'watch'"),
      (["categories", "--refresh-interval", "off"], "--refresh-interval is not an option of 'categories'"),
    ])
  func optionOfAnotherCommand(arguments: [String], message: String) throws {
    let refused = try #require(refusal(arguments), "\(arguments) parsed")
    #expect(refused.hasPrefix(message), "\(arguments)")
  }

  @Test(
    "a bad value is refused with a message that names the option and the value",
    arguments: [
      (["--days", "0"], "--days: '0'"), (["--days=x"], "--days: 'x'"),
      (["--api", "ftp://x"], "--api: 'ftp://x'"),
      (["events", "all", "--sort", "size"], "--sort: 'size' is not one of date, magnitude, title, distance"),
      (["events", "all", "--format", "xml"], "--format: 'xml' is not one of json, csv, geojson"),
      (["watch", "--interval", "10x"], "--interval: '10x'"),
      (["--refresh-interval", "-5"], "--refresh-interval"),
      (["--near", "91,0"], "--near"), (["--bbox", "0,0,10"], "--bbox"), (["--cache-dir="], "--cache-dir"),
      (["--cache-limit", "0"], "--cache-limit: '0' is not a whole number of megabytes"),
      (["--cache-limit=1G"], "--cache-limit: '1G'"),
      (["--log="], "--log"), (["watch", "--exec="], "--exec"), (["--days"], "option '--days' needs a value"),
      (["--offline=yes"], "option '--offline' takes no value"), (["--colour"], "unknown option '--colour'"),
    ])
  func badValues(arguments: [String], message: String) throws {
    let refused = try #require(refusal(arguments), "\(arguments) parsed")
    #expect(refused.contains(message), "\(refused)")
  }

  @Test("the manual takes any option and ignores the environment")
  func manualIgnoresOptions() throws {
    let options = try CommandLineParser(environment: ["OURPLANET_API": "not a url"])
      .parse(["manual", "--bell", "--json"])
    #expect(options.command == .manual)
  }

  @Test("OURPLANET_API and NO_COLOR stand in for --api and --no-color")
  func environment() throws {
    let options = try CommandLineParser(environment: [
      "OURPLANET_API": "http://127.0.0.1:1/v3", "NO_COLOR": "1",
    ])
    .parse([])
    #expect(options.api == URL(string: "http://127.0.0.1:1/v3"))
    #expect(options.noColor)
    let given = try CommandLineParser(environment: ["OURPLANET_API": "http://127.0.0.1:1/v3"])
      .parse(["--api", "http://127.0.0.1:2/v3"])
    #expect(given.api == URL(string: "http://127.0.0.1:2/v3"))
  }

  @Test("--imagery and OURPLANET_IMAGERY take a URL or off; the command line wins")
  func imagery() throws {
    #expect(try parser.parse([]).imagery == nil)
    #expect(try parser.parse(["--imagery", "off"]).imageryOff)
    let fromEnvironment = CommandLineParser(environment: ["OURPLANET_IMAGERY": "http://127.0.0.1:1/wms"])
    #expect(try fromEnvironment.parse([]).imagery == URL(string: "http://127.0.0.1:1/wms"))
    #expect(try fromEnvironment.parse(["--imagery", "OFF"]).imageryOff)
    #expect(try CommandLineParser(environment: ["OURPLANET_IMAGERY": "off"]).parse([]).imageryOff)
    #expect(throws: UsageError("OURPLANET_IMAGERY: 'ftp://x' is not an http(s) URL")) {
      try CommandLineParser(environment: ["OURPLANET_IMAGERY": "ftp://x"]).parse([])
    }
    let image = try parser.parse(["image", "EONET_1", "--output", "a.png", "--date", "2025-11-07"])
    #expect(
      image.command == .image(eventID: "EONET_1") && image.output == "a.png"
        && image.imageDate == "2025-11-07")
    #expect(refusal(["image", "EONET_1", "--date", "yesterday"])?.contains("not a day") == true)
    #expect(refusal(["image"])?.contains("'image' needs an event id") == true)
    #expect(
      refusal(["events", "all", "--layer", "X"])?.contains("--layer is not an option of 'events'") == true)
  }

  @Test("--theme picks a theme by name; a wrong one is refused with the closest name")
  func theme() throws {
    #expect(try parser.parse([]).theme == .dark)
    #expect(try parser.parse(["--theme", "colorblind"]).theme == .colorblind)
    #expect(try parser.parse(["--theme=Light"]).theme == .light)
    #expect(
      refusal(["--theme", "lihgt"])
        == "--theme: 'lihgt' is not one of dark, light, colorblind, mono (did you mean 'light'?)")
    #expect(
      refusal(["--theme", "solarized"]) == "--theme: 'solarized' is not one of dark, light, colorblind, mono")
    #expect(
      refusal(["categories", "--theme", "mono"])?.hasPrefix("--theme is not an option of 'categories'")
        == true)
  }

  @Test("no colours (--no-color, NO_COLOR) and TERM=dumb draw in mono whatever the theme")
  func colourlessDrawsMono() throws {
    let light = try parser.parse(["--theme", "light"])
    #expect(light.drawingTheme(terminal: "tmux-256color") == .light)
    #expect(light.drawingTheme(terminal: "dumb") == .mono)
    #expect(try parser.parse(["--theme", "light", "--no-color"]).drawingTheme(terminal: "xterm") == .mono)
    let environment = try CommandLineParser(environment: ["NO_COLOR": "1"]).parse(["--theme", "colorblind"])
    #expect(environment.drawingTheme(terminal: "xterm-256color") == .mono)
  }
}

extension CommandLineParser {
  /// The message `arguments` are refused with, or `nil` when they parse.
  func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }
}
