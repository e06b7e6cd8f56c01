import Foundation
import TestSupport

/// `watch` against the standard fixture world (``FixtureAPI/standard(in:)``) on 127.0.0.1: a state
/// folder, a config when given, and the command line; then the world's five changes on demand.
///
/// ```swift
/// let world = try WatchWorld(json: true)
/// defer { world.finish() }
/// let run = try world.start()
/// try world.change()  // after the baseline: EONET_1 updated, EONET_2 closed, three new fires
/// ```
struct WatchWorld {
  let temporary: TemporaryDirectory
  let server: FixtureServer
  let binary: String
  /// The child's whole environment: the state (and config) folders and a plain `PATH`.
  let environment: [String: String]
  /// The file `watch` writes once its first look is recorded.
  let announced: URL
  private let json: Bool

  /// - Parameters:
  ///   - plan: The fixture server's fault plan.
  ///   - config: The text of `config.toml` (then `XDG_CONFIG_HOME` names its folder).
  ///   - json: Whether `watch` prints JSON lines (`--json`).
  init(plan: String? = nil, config: String? = nil, json: Bool = false) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    self.binary = binary
    self.json = json
    temporary = try TemporaryDirectory()
    let api = try FixtureAPI.standard(in: temporary.url)
    server = try FixtureServer(fixtures: api.directory, plan: plan, idleTimeout: 120)
    let state = temporary.url.appendingPathComponent("state")
    var environment = ["XDG_STATE_HOME": state.path, "PATH": "/usr/bin:/bin"]
    if let config {
      let folder = temporary.url.appendingPathComponent("config/ourplanet")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
      environment["XDG_CONFIG_HOME"] = temporary.url.appendingPathComponent("config").path
    }
    self.environment = environment
    announced = state.appendingPathComponent("ourplanet/announced.json")
  }

  /// `watch` every second over `days` days against `api` (this world's server unless given), its
  /// cache in the temporary folder's `cache`, then `extra`.
  func arguments(
    _ extra: [String] = [], days: Int = 30, api: FixtureServer? = nil, cache: String = "cache"
  ) -> [String] {
    ["watch", "--interval", "1s"] + (json ? ["--json"] : []) + [
      "--days", String(days), "--api", (api ?? server).baseURL.absoluteString,
      "--cache-dir", file(cache).path,
    ] + extra
  }

  /// Starts `watch` with ``arguments(_:days:api:cache:)``, in ``environment`` unless another is given.
  func start(
    _ extra: [String] = [], days: Int = 30, cache: String = "cache", environment: [String: String]? = nil
  ) throws -> BackgroundRun {
    try BackgroundRun(
      binary: binary, arguments: arguments(extra, days: days, cache: cache),
      environment: environment ?? self.environment)
  }

  /// Waits until the first look is recorded.
  func waitForBaseline() throws {
    try waitUntil("the baseline is recorded") { FileManager.default.fileExists(atPath: announced.path) }
  }

  /// Waits for the baseline, then changes the world: five changes follow.
  func change() throws {
    try waitForBaseline()
    _ = try FixtureAPI(in: temporary.url, events: FixtureAPI.changedEvents)
  }

  /// How many looks (requests for the category list) the server has seen.
  func looks() throws -> Int {
    try server.stats().log.filter { $0.path == "/categories" }.count
  }

  /// Waits for two more complete looks, so anything still to come would have come.
  func settle() throws {
    let seen = try looks()
    try waitUntil("two more looks") { try looks() >= seen + 2 }
  }

  func file(_ name: String) -> URL { temporary.url.appendingPathComponent(name) }

  /// Replaces the config file (for rules that name files in the temporary folder).
  func configure(_ text: String) throws {
    try text.write(
      to: temporary.url.appendingPathComponent("config/ourplanet/config.toml"), atomically: true,
      encoding: .utf8)
  }

  /// The lines of a file in the temporary folder (none when it is missing).
  func lines(_ name: String) -> [String] {
    ((try? String(contentsOf: file(name), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  func finish() {
    server.stop()
    temporary.remove()
  }
}
