import Foundation
import TestSupport
import Testing

/// What the terminal UI remembers between launches, in the real binary in tmux against the fixture
/// server: each launch reads the state folder the one before wrote.
@Suite("ourplanet remembered settings end to end", .serialized, .tags(.spawnsProcess))
struct RememberedSettingsEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  @Test(
    "days, order, region, category and map come back at the next launch; --fresh and the command line win",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func acrossLaunches() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 300)
    defer { server.stop() }
    let launches = try Launches(binary: binary, root: temporary.url, server: server)
    // Each step starts from the state folder the step before left.
    try launches.firstLaunchChangesEverything()
    try launches.secondLaunchRestoresIt()
    try launches.freshLaunchStartsFromTheDefaults()
    try launches.commandLineBeatsWhatWasRemembered()
    try launches.configNamesTheStateFile()
  }
}

/// One home for the launches of `acrossLaunches`: the folders the harness gives the app, and each
/// launch as a named step.
private struct Launches {
  let binary: String
  let root: URL
  let server: FixtureServer
  /// The harness keeps the state and the config beside the cache.
  let cache: URL
  let stateFile: URL

  /// Writes a config with one place, and a hostile state file to start from: a message and the
  /// defaults, and the first change replaces it.
  init(binary: String, root: URL, server: FixtureServer) throws {
    self.binary = binary
    self.root = root
    self.server = server
    cache = root.appendingPathComponent("cache")
    let state = root.appendingPathComponent("state/ourplanet")
    stateFile = state.appendingPathComponent("remembered.json")
    let config = root.appendingPathComponent("config/ourplanet")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("[places]\ncal = \"38.25,-120.5,800\"\n".utf8).write(
      to: config.appendingPathComponent("config.toml"))
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    try Data(#"{"days": "many", "category": "\u001b]0;pwned\u0007", "map": "yes"}"#.utf8).write(to: stateFile)
  }

  /// Whether `screen` holds a braille cell (U+2800–U+28FF): the map's land.
  static func hasBraille(_ screen: String) -> Bool {
    screen.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
  }

  func launch(_ arguments: [String]) throws -> AppHarness {
    try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString] + arguments, cacheDirectory: cache, columns: 110,
      rows: 40)
  }

  func quit(_ app: AppHarness) throws {
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
    app.tmux.close()
  }

  /// First launch: the defaults, and the file's mistakes said; then days, order, region, category
  /// and map changed, and the file written.
  func firstLaunchChangesEverything() throws {
    let app = try launch([])
    try app.waitFor("live, updated", timeout: .seconds(30))
    try app.tmux.sendKeys("!")
    let messages = try app.waitFor("Messages", "ignored remembered settings", "holds control characters")
    #expect(!messages.contains("pwned"), "\(messages)")
    try app.tmux.sendKeys("Escape")
    try app.tmux.sendKeys("G", "Enter")
    try app.waitFor("OurPlanet › Wildfires", "Last 360 days")
    try app.tmux.sendKeys("[")
    try app.waitFor("Last 330 days")
    try app.tmux.sendKeys("s")
    try app.waitFor("largest first")
    try app.tmux.sendKeys("p")
    try app.waitFor("Places", "cal")
    try app.tmux.sendKeys("Enter")
    try app.waitFor("within 800 km of 38.25°N 120.50°W")
    try app.tmux.sendKeys("m")
    try app.tmux.waitUntil("the map") { Self.hasBraille($0) }
    try quit(app)
    let written = try JSONSerialization.jsonObject(with: Data(contentsOf: stateFile)) as? [String: Any]
    #expect(written?["days"] as? Int == 330, "\(String(describing: written))")
    #expect(written?["region"] as? String == "cal")
  }

  /// Second launch: all of it back.
  func secondLaunchRestoresIt() throws {
    let app = try launch([])
    try app.waitFor(
      // The header names the region by the place's name.
      "OurPlanet › Wildfires", "Last 330 days", "largest first", "near cal", timeout: .seconds(30))
    try app.tmux.waitUntil("the map") { Self.hasBraille($0) }
    try quit(app)
  }

  /// --fresh: the defaults; the file stays as it was.
  func freshLaunchStartsFromTheDefaults() throws {
    let app = try launch(["--fresh"])
    var screen = try app.waitFor("live, updated", "events in 13 categories", timeout: .seconds(30))
    #expect(!screen.contains("OurPlanet › Wildfires"), "\(screen)")
    try app.tmux.sendKeys("G", "Enter")
    screen = try app.waitFor("OurPlanet › Wildfires", "Last 360 days")
    #expect(!screen.contains("largest first") && !screen.contains("near cal"), "\(screen)")
    #expect(!Self.hasBraille(screen), "\(screen)")
    // Opening Wildfires again is a change of this run: it is remembered (the same as before), and
    // what this run did not change stays as the file had it.
    try quit(app)
  }

  /// The command line beats what was remembered, setting by setting.
  func commandLineBeatsWhatWasRemembered() throws {
    let app = try launch(["--days", "7", "--sort", "title"])
    try app.waitFor(
      "OurPlanet › Wildfires", "Last 7 days", "by title", "near cal", timeout: .seconds(30))
    try app.tmux.waitUntil("the map") { Self.hasBraille($0) }
    try quit(app)
  }

  /// `ourplanet config` names the state file as the origin of what it restored.
  func configNamesTheStateFile() throws {
    let run = try CommandRun.run(
      [binary, "config"], in: root,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": root.path,
        "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        "XDG_STATE_HOME": root.appendingPathComponent("state").path,
      ])
    #expect(run.status == 0, "\(run)")
    let lines = run.standardOutput.split(separator: "\n").map {
      $0.split(separator: "#").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(lines.contains(["days = 330", stateFile.path]), "\(run.standardOutput)")
    #expect(lines.contains(["near = \"cal\"", stateFile.path]), "\(run.standardOutput)")
  }
}
