import Foundation
import TestSupport
import Testing

/// The config file as a user writes it, read by the real binary from a temporary
/// `XDG_CONFIG_HOME`, against the fixture server.
@Suite("ourplanet config file, end to end", .serialized, .tags(.spawnsProcess))
struct ConfigEndToEndTests {
  /// Five fires, from hours to a month old, around Houston and the Gulf coast, in Paris and Sydney.
  private static let fires: [FixtureAPI.Event] = [
    .init(id: "EONET_1", title: "Houston fire", daysAgo: 0.2, longitude: -95.4, latitude: 29.8),
    .init(id: "EONET_2", title: "Paris fire", daysAgo: 0.3, longitude: 2.35, latitude: 48.85),
    .init(id: "EONET_3", title: "Galveston fire", daysAgo: 8, longitude: -94.8, latitude: 29.3),
    .init(id: "EONET_4", title: "Sydney fire", daysAgo: 16, longitude: 151.2, latitude: -33.9),
    .init(id: "EONET_5", title: "Mobile fire", daysAgo: 30, longitude: -88.1, latitude: 30.7),
  ]

  /// A test's world: the binary, the server, and a config folder to write into.
  private struct World {
    let binary: String
    let server: FixtureServer
    let temporary: TemporaryDirectory

    /// `$XDG_CONFIG_HOME` for the runs.
    var configHome: URL { temporary.url.appendingPathComponent("xdg-config") }
    /// The default config file.
    var configFile: URL { configHome.appendingPathComponent("ourplanet/config.toml") }

    func writeConfig(_ text: String) throws {
      try FileManager.default.createDirectory(
        at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: configFile)
    }

    /// Runs the binary with `arguments`, the cache in the test's folder, and `environment` over
    /// `PATH`, `HOME` and `XDG_CONFIG_HOME`.
    func run(
      _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) throws -> CommandRun {
      try CommandRun.run(
        [binary] + arguments + ["--cache-dir", temporary.url.appendingPathComponent("cache").path],
        in: temporary.url,
        environment: [
          "PATH": "/usr/bin:/bin", "HOME": temporary.url.path, "XDG_CONFIG_HOME": configHome.path,
        ].merging(environment) { _, given in given }, timeout: timeout)
    }

    /// Starts the app in tmux on the server, reading the config folder.
    func startApp() throws -> AppHarness {
      try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString],
        cacheDirectory: temporary.url.appendingPathComponent("cache"),
        environment: ["XDG_CONFIG_HOME": configHome.path])
    }

    /// The ids `events wildfires --json` printed.
    func ids(_ run: CommandRun) throws -> [String] {
      let array = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]], "\(run)")
      return array.compactMap { $0["id"] as? String }.sorted()
    }
  }

  private func withWorld(_ body: (World) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI(in: temporary.url, events: ["wildfires": Self.fires])
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    try body(World(binary: binary, server: server, temporary: temporary))
  }

  @Test("no config file is fine; the file's settings apply; the command line beats them")
  func defaultsAndPrecedence() throws {
    try withWorld { world in
      let api = world.server.baseURL.absoluteString
      let bare = try world.run(["events", "wildfires", "--json", "--api", api])
      #expect(bare.status == 0, "\(bare)")
      #expect(try world.ids(bare).count == 5)
      try world.writeConfig("# my settings\ndays = 3\napi = \"\(api)\"\n")
      let fromFile = try world.run(["events", "wildfires", "--json"])
      #expect(fromFile.status == 0, "\(fromFile)")
      #expect(try world.ids(fromFile) == ["EONET_1", "EONET_2"])
      let fromLine = try world.run(["events", "wildfires", "--json", "--days", "12"])
      #expect(try world.ids(fromLine) == ["EONET_1", "EONET_2", "EONET_3"])
      let noConfig = try world.run(["events", "wildfires", "--json", "--no-config", "--api", api])
      #expect(try world.ids(noConfig).count == 5)
      // The environment beats the file: the file's API is a closed port, the variable's the server.
      try world.writeConfig("days = 3\napi = \"http://127.0.0.1:9/api/v3\"\n")
      let fromEnvironment = try world.run(
        ["events", "wildfires", "--json"], environment: ["OURPLANET_API": api])
      #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
      #expect(try world.ids(fromEnvironment) == ["EONET_1", "EONET_2"])
    }
  }

  @Test("--config FILE reads another file, which must exist")
  func configOption() throws {
    try withWorld { world in
      let other = world.temporary.url.appendingPathComponent("other.toml")
      try Data("days = 1\napi = \"\(world.server.baseURL.absoluteString)\"\n".utf8).write(to: other)
      try world.writeConfig("days = 40\n")
      let run = try world.run(["events", "wildfires", "--json", "--config", other.path])
      #expect(try world.ids(run) == ["EONET_1", "EONET_2"])
      let missing = try world.run(["categories", "--config", other.path + ".missing"])
      #expect(missing.status == 2)
      #expect(
        missing.standardError.hasPrefix("ourplanet: \(other.path).missing: no such file\n"), "\(missing)")
      #expect(missing.standardOutput.isEmpty)
    }
  }

  @Test("--config /dev/zero fails at the size cap, and a FIFO as config.toml is refused at once")
  func endlessAndBlockingFiles() throws {
    try withWorld { world in
      // Before: /dev/zero was read without end (1 GB after 3 s) and a FIFO blocked every command.
      let endless = try world.run(
        ["categories", "--offline", "--config", "/dev/zero"], timeout: .seconds(20))
      #expect(endless.status == 2, "\(endless)")
      #expect(
        endless.standardError.hasPrefix(
          "ourplanet: /dev/zero: is larger than 1048576 bytes, more than such a file can hold\n"),
        "\(endless)")
      try FileManager.default.createDirectory(
        at: world.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(mkfifo(world.configFile.path, 0o600) == 0)
      let fifo = try world.run(["categories", "--offline"], timeout: .seconds(20))
      #expect(fifo.status == 2, "\(fifo)")
      #expect(
        fifo.standardError.hasPrefix(
          "ourplanet: \(world.configFile.path): is not a regular file (a FIFO, socket or device)"), "\(fifo)")
      // The documented empty config still reads.
      let empty = try world.run([
        "events", "wildfires", "--json", "--config", "/dev/null", "--api",
        world.server.baseURL.absoluteString,
      ])
      #expect(empty.status == 0, "\(empty)")
    }
  }

  @Test("'ourplanet config' shows each setting in force and where it came from")
  func origins() throws {
    try withWorld { world in
      try world.writeConfig(
        "days = 30\n\nsort = \"title\"\napi = \"http://127.0.0.1:9/\"\n[places]\nhome = \"29.76,-95.37,300\"\n"
      )
      let run = try world.run(
        ["config", "--days", "5"], environment: ["OURPLANET_API": "http://127.0.0.1:8/api"])
      #expect(run.status == 0, "\(run)")
      let lines = run.standardOutput.split(separator: "\n").map {
        $0.split(separator: "#").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      let path = world.configFile.path
      for expected in [
        ["days = 5", "--days"], ["sort = \"title\"", "\(path):3"],
        ["api = \"http://127.0.0.1:8/api\"", "$OURPLANET_API"],
        ["interval = \"10m\"", "default"], ["home = \"29.76,-95.37,300\"", "\(path):6"],
      ] {
        #expect(lines.contains(expected), "\(expected) in \(run.standardOutput)")
      }
    }
  }

  @Test(
    "a bad config is bad usage naming the file and line, and runs nothing",
    arguments: [
      ("days = 30\ndayz = 3\n", "2: unknown key 'dayz' (did you mean 'days'?)"),
      ("[place]\nhome = \"1,2\"\n", "1: unknown section 'place' (did you mean 'places'?)"),
      ("\ndays = \"many\"\n", "2: --days: 'many' is not a whole number of days from 1 to 36500"),
      ("offline = \"yes\"\n", "1: offline: expected true or false, found a string"),
      ("sort = \"size\"\n", "1: --sort: 'size' is not one of date, magnitude, title, distance"),
      (
        "days = 30\ntheme = \"lihgt\"\n",
        "2: --theme: 'lihgt' is not one of dark, light, colorblind, mono (did you mean 'light'?)"
      ),
      (
        "interval = 0\n",
        "1: --interval: '0' is not a duration such as 30s, 10m, 1h or a number of seconds (1 s at least)"
      ),
      ("[places]\nhome = \"100,0\"\n", "2: place 'home': --near: latitude 100 is outside -90...90"),
      (
        "near = \"office\"\n[places]\nhome = \"1,2\"\n",
        "1: --near: 'office' is no place; the places are home"
      ),
      ("days = 3\ndays = 4\n", "2: 'days' is set twice"),
      ("[keys]\nqiut = \"Q\"\n", "2: keys: no command is called 'qiut' (did you mean 'quit'?)"),
      (
        "\n[keys]\nhelp = \"?\"\nquit = \"A\"\n",
        "4: keys: 'A' would be both 'mark-seen' and 'quit' on one screen"
      ),
      (
        "[keys]\nquit = \"Hyper-Q\"\n",
        "2: keys: 'quit': no key is called 'Hyper-Q' (a character, or a name such as F5, Ctrl-R, Up, PgDn, Home, Enter, Esc, Tab, Space)"
      ),
      ("days = [\n", "1: the array opened here is never closed"),
    ])
  func badConfig(text: String, message: String) throws {
    try withWorld { world in
      try world.writeConfig(text)
      let run = try world.run(["categories", "--api", world.server.baseURL.absoluteString])
      #expect(run.status == 2, "\(run)")
      #expect(run.standardError.hasPrefix("ourplanet: \(world.configFile.path):\(message)\n"), "\(run)")
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test("--near and --bbox take the places the config names; an unknown name lists them")
  func places() throws {
    try withWorld { world in
      try world.writeConfig(
        """
        api = "\(world.server.baseURL.absoluteString)"
        [places]
        home = "29.76,-95.37,100"
        coast = "bbox:-98,25,-88,31"
        paris = "48.85,2.35"

        """)
      let near = try world.run(["events", "wildfires", "--json", "--near", "home"])
      #expect(try world.ids(near) == ["EONET_1", "EONET_3"])
      let box = try world.run(["events", "wildfires", "--json", "--bbox", "coast"])
      #expect(try world.ids(box) == ["EONET_1", "EONET_3", "EONET_5"])
      let paris = try world.run(["events", "wildfires", "--json", "--near", "paris", "--sort", "distance"])
      #expect(try world.ids(paris) == ["EONET_2"])
      let unknown = try world.run(["events", "wildfires", "--near", "hmoe"])
      #expect(unknown.status == 2)
      #expect(
        unknown.standardError.hasPrefix(
          "ourplanet: --near: 'hmoe' is no place (did you mean 'home'?); the places are home, coast, paris\n"),
        "\(unknown)")
      try world.writeConfig(
        "api = \"\(world.server.baseURL.absoluteString)\"\nnear = \"coast\"\n[places]\ncoast = \"bbox:-98,25,-88,31\"\n"
      )
      let fromFile = try world.run(["events", "wildfires", "--json"])
      #expect(try world.ids(fromFile) == ["EONET_1", "EONET_3", "EONET_5"])
      let overridden = try world.run(["events", "wildfires", "--json", "--near", "48.85,2.35,10"])
      #expect(try world.ids(overridden) == ["EONET_2"])
    }
  }

  @Test(
    "[keys] rebinds a command in the terminal UI, and the help shows the keys in force",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
  func reboundKey() throws {
    try withWorld { world in
      try world.writeConfig("[keys]\nquit = \"w\"\nhelp = [\"H\", \"F2\"]\n")
      let app = try world.startApp()
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live")
      try app.tmux.sendKeys("H")
      _ = try app.waitFor("OurPlanet keys")
      // The app's keys are the help's last group (issue 38, item 5): at its end.
      try app.tmux.sendKeys("End")
      let help = try app.waitFor("App", "quit")
      #expect(help.range(of: #"\sw\s+quit\b"#, options: .regularExpression) != nil, "\(help)")
      #expect(help.range(of: #"\sH\s+F2\s+show the keys"#, options: .regularExpression) != nil, "\(help)")
      #expect(help.range(of: #"\sq\s+quit\b"#, options: .regularExpression) == nil, "\(help)")
      try app.tmux.sendKeys("F2")
      try app.tmux.waitUntil("the help closes on its own key") { !$0.contains("OurPlanet keys") }
      // The old key does nothing: the app is still there to open the help again after it.
      try app.tmux.sendKeys("q")
      try app.tmux.sendKeys("F2")
      try app.waitFor("OurPlanet keys")
      try app.tmux.sendKeys("Escape")
      try app.tmux.waitUntil("the help closes") { !$0.contains("OurPlanet keys") }
      try app.tmux.sendKeys("w")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "the map's f saves the view as a place: one line under [places], usable at once in p and by --near",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
  func mapSavesAPlace() throws {
    try withWorld { world in
      let original = """
        # my settings
        days = 60   # two months

        [places]   # where I look
        home = "29.76,-95.37,300"

        # keys below
        [keys]
        help = "?"

        """
      try world.writeConfig(original)
      let app = try world.startApp()
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live")
      try app.tmux.sendKeys("G", "Enter", "m")
      try app.waitFor("OurPlanet › Wildfires")
      try app.tmux.sendKeys("Tab")
      try app.waitFor("Map: + - zoom")
      try app.tmux.sendKeys("+", "+")
      try app.waitFor("4× · ")
      try app.tmux.sendKeys("f")
      try app.waitFor("Save the view as a place:", "Only events in ")
      try app.tmux.sendText("home")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("'home' is a place already")
      #expect(try String(contentsOf: world.configFile, encoding: .utf8) == original)
      try app.tmux.sendKeys("C-u")
      try app.tmux.sendText("gulf")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("Saved place 'gulf'")
      let saved = try String(contentsOf: world.configFile, encoding: .utf8)
      var lines = original.components(separatedBy: "\n")
      let added = try #require(
        saved.components(separatedBy: "\n").first { $0.hasPrefix("gulf = \"bbox:") }, "\(saved)")
      lines.insert(added, at: 5)
      #expect(saved == lines.joined(separator: "\n"), "\(saved)")
      // In the picker at once.
      try app.tmux.sendKeys("p")
      try app.waitFor("Places", "gulf")
      try app.tmux.sendKeys("Escape")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
      // And a name the command line takes from the next run.
      let run = try world.run(
        ["events", "wildfires", "--json", "--near", "gulf", "--api", world.server.baseURL.absoluteString])
      #expect(run.status == 0, "\(run)")
    }
  }
}
