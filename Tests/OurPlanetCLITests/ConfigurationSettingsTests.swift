import EONETKit
import Foundation
import Testing

@testable import OurPlanetCLI
@testable import OurPlanetModel

/// The config file under the command line: every option through its own declaration, with the
/// precedence command line > environment > config file > default.
@Suite("Configuration settings")
struct ConfigurationSettingsTests {
  /// A config file holding `text`, removed after `body`.
  private func withFile(_ text: String, _ body: (String) throws -> Void) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-config-\(UUID()).toml")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    try body(url.path)
  }

  private func parse(_ arguments: [String], file: String?, environment: [String: String] = [:])
    throws -> Options
  {
    try CommandLineParser(environment: environment, defaultConfigurationPath: file).parse(arguments)
  }

  /// The message `arguments` are refused with under `file`.
  private func refusal(_ arguments: [String], file: String?) -> String? {
    do {
      _ = try parse(arguments, file: file)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("every config key is an option's long name, and an option's example works as a config value")
  func everyOptionIsAKey() throws {
    for declaration in Options.declarations {
      guard let key = declaration.configKey else { continue }
      #expect(declaration.names.contains("--" + key))
      let value: String
      switch declaration.value {
      case .flag: value = "true"
      case .one: value = ConfigCommand.toml(.string(declaration.example[1]))
      case .rest: value = ConfigCommand.toml(.array(declaration.example.dropFirst().map(TOMLValue.string)))
      }
      try withFile("\(key) = \(value)\n") { (path: String) throws in
        let fromFile = try parse(["config"], file: path)
        let fromLine = try parse(["config"] + declaration.example, file: nil)
        #expect(declaration.current?(fromFile) == declaration.current?(fromLine), "\(key) = \(value)")
        #expect(fromFile.origins[key] == .file(path, line: 1), "\(key)")
      }
    }
  }

  @Test("the command line beats the environment, which beats the file, which beats the default")
  func precedence() throws {
    try withFile("days = 30\nsort = \"title\"\napi = \"http://127.0.0.1:1/file\"\nno-mouse = true\n") {
      (path: String) throws in
      let environment = ["OURPLANET_API": "http://127.0.0.1:1/environment"]
      let fileOnly = try parse([], file: path)
      #expect(fileOnly.days == 30)
      #expect(fileOnly.sort == .title)
      #expect(fileOnly.noMouse)
      #expect(fileOnly.api?.absoluteString == "http://127.0.0.1:1/file")
      #expect(fileOnly.origins["days"] == .file(path, line: 1))
      #expect(fileOnly.origins["interval"] == nil)
      let withEnvironment = try parse([], file: path, environment: environment)
      #expect(withEnvironment.api?.absoluteString == "http://127.0.0.1:1/environment")
      #expect(withEnvironment.origins["api"] == .environment("OURPLANET_API"))
      let withLine = try parse(
        ["--days", "7", "--api", "http://127.0.0.1:1/line"], file: path, environment: environment)
      #expect(withLine.days == 7)
      #expect(withLine.origins["days"] == .commandLine("--days"))
      #expect(withLine.api?.absoluteString == "http://127.0.0.1:1/line")
      #expect(withLine.sort == .title)
      let none = try parse(["--no-config"], file: path)
      #expect(none.days == Options.defaultDays)
      #expect(none.origins.isEmpty)
    }
  }

  @Test("--config names another file, which must exist; --no-config with it is bad usage")
  func configOption() throws {
    try withFile("days = 12\n") { (path: String) throws in
      #expect(try parse(["--config", path], file: nil).days == 12)
      #expect(try parse(["--config=\(path)"], file: "/nonexistent/default.toml").days == 12)
      #expect(
        refusal(["--config", path, "--no-config"], file: nil) == "give --config FILE or --no-config, not both"
      )
    }
    #expect(
      refusal(["--config", "/nonexistent/ourplanet.toml"], file: nil)
        == "/nonexistent/ourplanet.toml: no such file")
    #expect(try parse([], file: "/nonexistent/default.toml").days == Options.defaultDays)
  }

  @Test("a setting for another command waits for it, but is checked all the same")
  func otherCommands() throws {
    try withFile("interval = \"5m\"\nformat = \"csv\"\n") { (path: String) throws in
      let ui = try parse([], file: path)
      #expect(ui.interval == 600)
      #expect(ui.origins["interval"] == nil)
      #expect(try parse(["watch"], file: path).interval == 300)
      #expect(try parse(["events", "all"], file: path).format == .csv)
      #expect(try parse(["categories"], file: path).format == nil)
      #expect(try parse(["categories", "--json"], file: path).format == .json)
    }
    try withFile("days = 30\ninterval = \"soon\"\n") { (path: String) throws in
      #expect(
        refusal(["--interval", "1m", "watch"], file: path)
          == "\(path):2: --interval: 'soon' is not a duration such as 30s, 10m, 1h or a number of seconds (1 s at least)"
      )
    }
  }

  @Test(
    "a value of the wrong type names the line and what the option takes",
    arguments: [
      ("days = true\n", "days: expected a string or a number, found a boolean"),
      ("offline = \"yes\"\n", "offline: expected true or false, found a string"),
      ("exec = \"notify-send\"\n", "exec: expected an array of strings, found a string"),
      ("exec = [\"a\", 1]\n", "exec: expected an array of strings, found an integer"),
      ("sort = [\"title\"]\n", "sort: expected a string or a number, found an array"),
      ("days = 0\n", "--days: '0' is not a whole number of days from 1 to 36500"),
    ])
  func wrongTypes(text: String, message: String) throws {
    try withFile(text) { (path: String) throws in
      #expect(refusal([], file: path) == "\(path):1: \(message)")
    }
  }

  @Test("help, version and the config options themselves are not config keys")
  func notKeys() throws {
    for key in ["help", "version", "config", "no-config"] {
      try withFile("\(key) = true\n") { (path: String) throws in
        #expect(refusal([], file: path)?.hasPrefix("\(path):1: unknown key '\(key)'") == true)
      }
    }
  }

  @Test("places resolve for --near and --bbox, from the command line and the file")
  func places() throws {
    try withFile("near = \"home\"\n[places]\nhome = \"29.76,-95.37,300\"\ncoast = \"bbox:-98,25,-88,31\"\n") {
      (path: String) throws in
      let home = Region.near(EOCoordinate(longitude: -95.37, latitude: 29.76), radiusKilometres: 300)
      let coast = Region.box(minLongitude: -98, minLatitude: 25, maxLongitude: -88, maxLatitude: 31)
      #expect(try parse([], file: path).region == home)
      #expect(try parse(["--bbox", "coast"], file: path).region == coast)
      #expect(try parse(["--near", "coast"], file: path).region == coast)
      #expect(
        try parse(["--near", "1,2,3"], file: path).region?.centre == EOCoordinate(longitude: 2, latitude: 1))
      #expect(try parse(["--sort", "distance"], file: path).sort == .distance)
      #expect(
        refusal(["--near", "hmoe"], file: path)
          == "--near: 'hmoe' is no place (did you mean 'home'?); the places are home, coast")
      #expect(
        refusal(["--bbox", "office"], file: path)
          == "--bbox: 'office' is no place; the places are home, coast")
    }
    try withFile("near = \"office\"\n[places]\nhome = \"1,2\"\n") { (path: String) throws in
      #expect(refusal([], file: path) == "\(path):1: --near: 'office' is no place; the places are home")
    }
    #expect(
      refusal(["--near", "home"], file: nil)
        == "--near: 'home' is no place; the config file names none ([places] in config.toml)")
  }

  @Test("ourplanet config lists each alert rule with the line it starts on, and the listing reads back")
  func alertRulesListed() throws {
    let text = """
      [places]
      home = "29.76,-95.37,300"

      [[alert]]
      name = "fires near home"
      near = "home"
      categories = ["wildfires"]
      min-magnitude = 1000
      bell = true

      [[alert]]   # anything, anywhere
      name = "all storms"
      categories = ["severeStorms"]
      exec = ["/usr/bin/logger", "-t", "storm"]

      """
    try withFile(text) { (path: String) throws in
      let listing = ConfigCommand.text(try parse(["config"], file: path))
      let lines = listing.split(separator: "\n").map(String.init)
      let first = try #require(lines.firstIndex { $0.hasPrefix("[[alert]]") }, "\(listing)")
      #expect(lines[first].hasSuffix("# \(path):4"), "\(listing)")
      #expect(lines[first + 1].hasPrefix("name = \"fires near home\""), "\(listing)")
      #expect(lines.contains { $0.hasPrefix("min-magnitude = 1000") }, "\(listing)")
      let second = try #require(lines[(first + 1)...].firstIndex { $0.hasPrefix("[[alert]]") }, "\(listing)")
      #expect(lines[second].hasSuffix("# \(path):11"), "\(listing)")
      #expect(
        lines.contains { $0.hasPrefix("exec = [\"/usr/bin/logger\", \"-t\", \"storm\"]") }, "\(listing)")
      // The listing is a config with the same rules.
      try withFile(listing) { (copy: String) throws in
        let again = try parse(["config"], file: copy)
        #expect(again.alerts.rules.map(\.name) == ["fires near home", "all storms"])
        let original = try parse(["config"], file: path).alerts.rules
        for (read, rule) in zip(again.alerts.rules, original) {
          #expect(read.scope == rule.scope && read.place == rule.place && read.changes == rule.changes)
          #expect(read.bell == rule.bell && read.notify == rule.notify && read.exec == rule.exec)
        }
      }
    }
  }
}
