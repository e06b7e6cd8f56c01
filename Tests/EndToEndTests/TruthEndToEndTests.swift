import Foundation
import TestSupport
import Testing

/// What only a real terminal shows of the screens telling the truth: a failed download is not
/// "No events", and a C locale shows ASCII, not `?`. That typing a search never runs commands is
/// `ScreenTests`' headless "while a search is typed" test.
@Suite("ourplanet screens tell the truth, end to end", .serialized, .tags(.spawnsProcess))
struct TruthEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  private func withServer(plan: String? = nil, _ body: (FixtureServer, TemporaryDirectory) throws -> Void)
    throws
  {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, plan: plan, idleTimeout: 120)
    defer { server.stop() }
    try body(server, temporary)
  }

  /// The app on an empty cache against `server` with a 30-day window, once its first refresh is live.
  private func startLive(_ server: FixtureServer, _ temporary: TemporaryDirectory) throws -> AppHarness {
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
      cacheDirectory: temporary.url.appendingPathComponent("cache"))
    do {
      try app.waitFor("Wildfires", "live, updated", "events in 13 categories", timeout: .seconds(30))
    } catch {
      app.tmux.close()
      throw error
    }
    return app
  }

  /// The app on an empty cache against a server whose wildfires answer 500, once that failure is
  /// on the status line and the refresh has ended; it quits and checks the terminal after `body`.
  private func withFailingWildfires(
    environment: (TemporaryDirectory) throws -> [String: String] = { _ in [:] },
    _ body: (AppHarness) throws -> Void
  ) throws {
    let plan = #"{"rules": [{"path": "/categories/wildfires", "fault": "status", "code": 500}]}"#
    try withServer(plan: plan) { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
        cacheDirectory: temporary.url.appendingPathComponent("cache"), environment: try environment(temporary)
      )
      defer { app.tmux.close() }
      try app.tmux.waitUntil("the failure on the status line after the refresh", timeout: .seconds(60)) {
        ($0.split(separator: "\n").last ?? "").contains("HTTP 500") && !$0.contains("downloading")
      }
      try body(app)
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "a failed category's year-old snapshot is not in a live window: its row and screen say from when",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func failedCategoryShowsWhenItsDataIsFrom() throws {
    // An empty cache: the stored data is the bundled snapshot (its wildfires, dated 2025), while
    // the other categories are live, dated days ago.
    try withFailingWildfires { app in
      var screen = try app.waitFor("failed: HTTP 500", "from 2025-11-08  0")
      let wildfires = screen.split(separator: "\n").first { $0.contains("Wildfires") } ?? ""
      #expect(wildfires.hasSuffix("from 2025-11-08  0"), "the row says from when and counts none:\n\(screen)")
      try app.tmux.sendKeys("Enter")
      screen = try app.waitFor(
        "OurPlanet › All categories", "Wildfires shows the offline snapshot from 2025-11-08")
      let rows = screen.split(separator: "\n").filter { $0.hasPrefix("●") || $0.hasPrefix("○") }
      #expect(!rows.isEmpty, "the live events are listed:\n\(screen)")
      #expect(!rows.contains { $0.contains("2025-") }, "no 2025 event in the last 30 days:\n\(screen)")
      try app.tmux.sendKeys("Escape", "G", "Enter")
      screen = try app.waitFor("OurPlanet › Wildfires", "download failed: HTTP 500", "offline snapshot")
      #expect(screen.contains("0 events in the last 30 days"), "\(screen)")
      #expect(
        screen.contains("No events in the last 30 days in the offline snapshot from 2025-11-08"),
        "never a bare \"No events\":\n\(screen)")
    }
  }

  @Test(
    "times are local with their zone under TZ, UTC with --utc; the detail says first and latest report",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func localTimeWithZone() throws {
    let newYork = ["TZ": "America/New_York"]
    // The bundled snapshot was fetched at 2025-11-08 12:00 UTC: 07:00 in New York (EST).
    try withServer { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--offline", "--days", "30"],
        cacheDirectory: temporary.url.appendingPathComponent("cache"),
        environment: newYork)
      defer { app.tmux.close() }
      try app.waitFor("offline snapshot from 2025-11-08 07:00 EST")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("OurPlanet › All categories")
      try app.tmux.sendKeys("Enter")
      let detail = try app.waitFor("First report:", "Latest report:")
      let reports = detail.split(separator: "\n").filter { $0.contains("report:") }
      #expect(reports.count == 2 && reports.allSatisfy { $0.hasSuffix(" EST") }, "\(detail)")
      #expect(!detail.contains("seen:"), "the seen marks are the app's own:\n\(detail)")
      try app.tmux.sendKeys("q")

      let utc = try AppHarness.start(
        arguments: ["--offline", "--days", "30", "--utc", "--fresh"],
        cacheDirectory: temporary.url.appendingPathComponent("cache"), environment: newYork)
      defer { utc.tmux.close() }
      try utc.waitFor("offline snapshot from 2025-11-08 12:00 UTC")
      try utc.tmux.sendKeys("q")

      // Live: the header's update and the next refresh, both in New York time, named. (--fresh: the
      // launches share a state folder, and the first left the All screen open, which it remembers.)
      let live = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30", "--fresh"],
        cacheDirectory: temporary.url.appendingPathComponent("live-cache"), environment: newYork)
      defer { live.tmux.close() }
      let screen = try live.waitFor("live, updated", "next refresh", timeout: .seconds(30))
      let status = String(screen.split(separator: "\n").last ?? "")
      #expect(
        status.range(of: #"next refresh \d\d:\d\d EST"#, options: .regularExpression) != nil,
        "the next refresh names its zone: \(status)")
      #expect(
        screen.range(of: #"live, updated 20\d\d-\d\d-\d\d \d\d:\d\d EST"#, options: .regularExpression) != nil
      )
      try live.tmux.sendKeys("q")
    }
  }

  @Test(
    "a message leaves the status line after its seconds on an idle screen, for the failure count",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func messagesExpireWhileIdle() throws {
    try withFailingWildfires { app in
      // No key from here on: the line must change by itself.
      let screen = try app.tmux.waitUntil("the message to give way", timeout: .seconds(40)) {
        ($0.split(separator: "\n").last ?? "").contains("1 category failed · ! lists messages")
      }
      #expect(!(screen.split(separator: "\n").last ?? "").contains("HTTP 500"))
    }
  }

  @Test(
    "--log gets every message of the session: a failed download and a link that would not open",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func logHoldsTheMessages() throws {
    // Openers that fail, ahead of whatever this machine has installed.
    let openers: (TemporaryDirectory) throws -> [String: String] = { temporary in
      let shadow = temporary.url.appendingPathComponent("bin", isDirectory: true)
      try FileManager.default.createDirectory(at: shadow, withIntermediateDirectories: true)
      for (name, status) in [("xdg-open", 3), ("open", 4)] {
        let script = shadow.appendingPathComponent(name)
        try ScriptFile.write("#!/bin/sh\nexit \(status)\n", to: script, mode: 0o700)
      }
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      return ["BROWSER": "/bin/false", "PATH": shadow.path + ":" + path]
    }
    try withFailingWildfires(environment: openers) { app in
      try app.tmux.sendKeys("Enter")
      try app.waitFor("OurPlanet › All categories")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("Categories:")
      try app.tmux.sendKeys("o")
      // The opener's failure reaches the log as the app learns of it, not only when it ends.
      let deadline = ContinuousClock.now + .seconds(30)
      var text = ""
      while ContinuousClock.now < deadline {
        text = (try? String(contentsOf: app.logFile, encoding: .utf8)) ?? ""
        if text.contains("open failed (exit status 4) opening https://") { break }
        Thread.sleep(forTimeInterval: 0.05)
      }
      #expect(text.contains("Wildfires: HTTP 500"), "\(text)")
      #expect(text.contains("open failed (exit status 4) opening https://"), "\(text)")
    }
  }

  @Test(
    "with the server gone, r turns the header from live to offline since when, with the data's age",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func offlineAfterTheServerIsGone() throws {
    try withServer { server, temporary in
      let app = try startLive(server, temporary)
      defer { app.tmux.close() }
      server.stop()
      try app.tmux.sendKeys("r")
      let screen = try app.waitFor("offline since", "showing data from", timeout: .seconds(30))
      #expect(!screen.contains("live, updated"), "\(screen)")
      #expect(screen.contains("Wildfires"), "the data stays on screen")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "with LANG=C every symbol has an ASCII stand-in: no ? where a symbol was meant",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func asciiLocale() throws {
    try withServer { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
        cacheDirectory: temporary.url.appendingPathComponent("cache"),
        environment: ["LANG": "C", "LC_ALL": "C"])
      defer { app.tmux.close() }
      var screen = try app.waitFor(
        "Wildfires", "live, updated", "events in 13 categories", timeout: .seconds(30))
      #expect(!screen.replacingOccurrences(of: "? help", with: "").contains("?"), "\(screen)")
      #expect(screen.contains(" - "), "the separator dot is a dash:\n\(screen)")
      try app.tmux.sendKeys("G", "Enter")
      try app.waitFor("OurPlanet > Wildfires", "Rim Fire")
      try app.tmux.sendKeys("g", "Enter")
      screen = try app.waitFor("Location:", "38.25N 120.50W")
      try app.tmux.sendKeys("?")
      screen = try app.waitFor("OurPlanet keys", "^ v k j")
      try app.tmux.sendKeys("Escape", "q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }
}
