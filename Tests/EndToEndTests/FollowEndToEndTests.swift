import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Following events: the UI refreshes by itself and marks what is new, and `watch` prints each
/// change once, never again after a restart, against a fixture server whose data changes.
@Suite("ourplanet follows events, end to end", .serialized, .tags(.spawnsProcess))
struct FollowEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  @Test(
    "with --refresh-interval 2s the Wildfires row shows what is new with no key pressed",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func liveRefreshMarksNewEvents() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, plan: #"{"validators": true}"#, idleTimeout: 120)
    defer { server.stop() }
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30", "--refresh-interval", "2s"],
      cacheDirectory: temporary.url.appendingPathComponent("cache"))
    defer { app.tmux.close() }
    // The first launch: everything counts as seen.
    var screen = try app.waitFor("Wildfires", "live, updated", "next refresh", timeout: .seconds(30))
    #expect(
      !screen.contains(" new ·") && !screen.contains(" new  "),
      "no wall of new on the first launch:\n\(screen)")
    try app.tmux.sendKeys("G")  // Wildfires, selected
    _ = try FixtureAPI(in: temporary.url, events: FixtureAPI.changedEvents)
    screen = try app.waitFor("3 new · 2 updated", timeout: .seconds(30))
    let row = screen.split(separator: "\n").first { $0.contains("Wildfires") } ?? ""
    #expect(row.hasSuffix("3 new · 2 updated  7"), "new, updated, then the count:\n\(screen)")
    #expect(screen.contains("14/14"), "the selection stayed on Wildfires (below All categories):\n\(screen)")
    // The conditional requests: unchanged categories cost a 304.
    #expect(try server.stats().log.contains { $0.status == 304 })
    // Marked in the list; n jumps to the next one; opening marks it seen.
    try app.tmux.sendKeys("Enter")
    screen = try app.waitFor("OurPlanet › Wildfires", "Pine Hollow Fire")
    let marked = screen.split(separator: "\n").filter {
      $0.contains("●N") || $0.contains("○U") || $0.contains("●U")
    }
    #expect(marked.count == 5, "3 new and 2 updated marked:\n\(screen)")
    try app.tmux.sendKeys("g", "Enter", "Escape")
    try app.tmux.sendKeys("Escape")
    try app.waitFor("2 new · 2 updated")
    try app.tmux.sendKeys("A")
    screen = try app.waitFor("Marked every event of Wildfires seen")
    #expect(!screen.contains(" new ·"))
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }

  @Test("watch prints each change once, as JSON lines, and nothing again after a restart")
  func watchAnnouncesEachChangeOnce() throws {
    let world = try WatchWorld(json: true)
    defer { world.finish() }
    let first = try world.start()
    try world.waitForBaseline()
    #expect(first.output.isEmpty, "the first look prints nothing")
    try world.change()
    try waitUntil("five changes") { first.output.split(separator: "\n").count >= 5 }
    // Two more complete looks, to be sure nothing is printed twice.
    try world.settle()
    let status = try first.terminate()
    #expect(status == 128 + SIGTERM, "SIGTERM ends it cleanly, with 128+15:\n\(first.errors)")
    let lines = first.output.split(separator: "\n").map(String.init)
    let changes = try lines.map { line -> [String: Any] in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
    let summary = Set(changes.map { "\($0["change"] as? String ?? "?") \($0["id"] as? String ?? "?")" })
    #expect(
      summary == ["new EONET_101", "new EONET_102", "new EONET_103", "updated EONET_1", "closed EONET_2"],
      "\(lines)")
    #expect(lines.count == 5, "each change once:\n\(lines.joined(separator: "\n"))")
    for change in changes {
      for key in [
        "change", "id", "title", "categories", "status", "last_date", "latitude", "longitude", "magnitude",
        "link",
        "sources",
      ] {
        #expect(change.keys.contains(key), "\(key) in \(change)")
      }
    }

    // A restart announces nothing it announced before.
    let second = try world.start()
    try world.settle()
    #expect(try second.terminate() == 128 + SIGTERM)
    #expect(second.output.isEmpty, "nothing again after a restart:\n\(second.output)")
  }

  @Test("watch says when the network fails, backs off doubling, keeps going, and says when it is back")
  func watchBacksOff() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    // The list and every category: a failing list alone costs nothing (the stored one stands in).
    let plan = #"{"rules": [{"pathPrefix": "/categories", "fault": "status", "code": 404}]}"#
    let server = try FixtureServer(fixtures: api.directory, plan: plan, idleTimeout: 120)
    defer { server.stop() }
    let run = try BackgroundRun(
      binary: binary,
      arguments: [
        "watch", "--interval", "1", "--api", server.baseURL.absoluteString,
        "--cache-dir", temporary.url.appendingPathComponent("cache").path,
      ],
      environment: ["XDG_STATE_HOME": temporary.url.appendingPathComponent("state").path])
    try waitUntil("two failures") { run.errors.contains("trying again in 4 s") }
    #expect(run.errors.contains("HTTP 404"), "\(run.errors)")
    #expect(run.errors.contains("trying again in 2 s"), "the first wait doubles the interval:\n\(run.errors)")
    try server.setPlan(#"{"rules": []}"#)
    // Back: it says so, then (its first good look) what it watches.
    try waitUntil("it says it is back") { run.errors.contains("watch: watching 13 categories") }
    #expect(
      run.errors.contains("watch: the server answers again, after 2 failed looks over "), "\(run.errors)")
    #expect(try run.terminate() == 128 + SIGTERM)
    #expect(run.output.isEmpty)
  }

  @Test(
    "a failing category list costs no events: watch and categories use the cached list, else the bundled one, and say so"
  )
  func categoryListStandIn() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let plan = #"{"rules": [{"path": "/categories", "fault": "status", "code": 500}]}"#
    let server = try FixtureServer(fixtures: api.directory, plan: plan, idleTimeout: 120)
    defer { server.stop() }
    let cache = temporary.url.appendingPathComponent("cache").path
    let environment = [
      "XDG_STATE_HOME": temporary.url.appendingPathComponent("state").path, "PATH": "/usr/bin:/bin",
    ]
    // No cache: the bundled list; the events are the server's.
    let cold = try CommandRun.run(
      [binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir", cache], in: temporary.url,
      environment: environment)
    #expect(cold.standardError.contains("using the bundled category list"), "\(cold)")
    #expect(cold.standardOutput.contains("Wildfires"), "\(cold)")
    #expect(
      try server.stats().log.contains { $0.path == "/categories/wildfires" }, "the events download as usual")
    // A warm cache: the cached list.
    try server.setPlan(#"{"rules": []}"#)
    _ = try CommandRun.run(
      [binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir", cache], in: temporary.url,
      environment: environment)
    try server.setPlan(plan)
    let warm = try CommandRun.run(
      [binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir", cache], in: temporary.url,
      environment: environment)
    #expect(warm.standardError.contains("using the cached category list"), "\(warm)")
    let run = try BackgroundRun(
      binary: binary,
      arguments: ["watch", "--interval", "1", "--api", server.baseURL.absoluteString, "--cache-dir", cache],
      environment: environment)
    try waitUntil("it watches") { run.errors.contains("watch: watching 13 categories") }
    #expect(!run.errors.contains("trying again"), "\(run.errors)")
    #expect(try run.terminate() == 128 + SIGTERM)
  }

  @Test(
    "watch refuses impossible durations and options of other commands",
    arguments: [
      ["watch", "--interval", "0"], ["watch", "--interval", "10x"], ["--refresh-interval", "-5"],
      ["categories", "--bell"], ["watch", "--exec"],
    ])
  func watchUsageErrors(arguments: [String]) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let run = try CommandRun.run(
      [binary] + arguments, in: FileManager.default.temporaryDirectory, environment: ["PATH": "/usr/bin:/bin"]
    )
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains("ourplanet: "), "\(run)")
  }

}

/// A command left running, its output collected in files.
final class BackgroundRun {
  private let process = Process()
  private let scratch: URL

  init(binary: String, arguments: [String], environment: [String: String]) throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("out").path, contents: nil)
    _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("err").path, contents: nil)
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("out"))
    process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("err"))
    try process.run()
  }

  deinit {
    process.stop()
    try? FileManager.default.removeItem(at: scratch)
  }

  var output: String {
    (try? String(contentsOf: scratch.appendingPathComponent("out"), encoding: .utf8)) ?? ""
  }
  var errors: String {
    (try? String(contentsOf: scratch.appendingPathComponent("err"), encoding: .utf8)) ?? ""
  }

  /// Its process id.
  var pid: Int32 { process.processIdentifier }

  /// Whether it still runs.
  var isRunning: Bool { process.isRunning }

  /// Sends SIGTERM and waits (up to 20 s) for the end: the exit status, or -1 for a signal.
  func terminate() throws -> Int32 {
    try end(with: SIGTERM)
  }

  /// Sends `signal` and waits (up to 20 s) for the end: the exit status, or -1 for a signal.
  func end(with signal: Int32) throws -> Int32 {
    kill(process.processIdentifier, signal)
    return try waitForEnd("watch to end after signal \(signal)")
  }

  /// Waits (up to `timeout`) for the end: the exit status, or -1 for a signal.
  func waitForEnd(_ what: String, timeout: Duration = .seconds(20)) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        kill(process.processIdentifier, SIGKILL)
        throw WaitTimeout(what: what)
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return process.terminationReason == .exit ? process.terminationStatus : -1
  }
}
