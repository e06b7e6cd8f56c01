import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

private let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

/// On the status line once every category finished loading.
private let loaded = "events in 13 categories"

/// The real binary in tmux against a fixture server on 127.0.0.1: what a user sees and does.
@Suite("ourplanet end to end", .serialized, .tags(.spawnsProcess))
struct EndToEndTests {
  /// Runs `body` with a fresh folder, a fixture API in it and a server serving it; cleans up after.
  private func withServer(
    plan: String? = nil, latency: Int = 0, _ body: (FixtureServer, TemporaryDirectory) throws -> Void
  ) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(
      fixtures: api.directory, plan: plan, latencyMilliseconds: latency, idleTimeout: 120)
    defer { server.stop() }
    try body(server, temporary)
  }

  private func cache(_ temporary: TemporaryDirectory, _ name: String = "cache") -> URL {
    temporary.url.appendingPathComponent(name)
  }

  @Test(
    "start-up: categories sorted, counts fill in, never more than two categories downloading",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func startUpAndCounts() throws {
    try withServer(latency: 150) { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      // Live data, once every category finished: counts as served, status line summary.
      let screen = try app.waitFor(
        "Wildfires", "6", "Volcanoes", "live, updated", loaded, timeout: .seconds(40))
      let lines = screen.split(separator: "\n").map(String.init)
      let titles = FixtureAPI.categories.map(\.title)
      let order = titles.compactMap { title in lines.firstIndex { $0.contains(title) } }
      #expect(order == order.sorted(), "categories are listed by title:\n\(screen)")
      let storms = lines.first { $0.contains("Severe Storms") }?.trimmingCharacters(in: .whitespaces) ?? ""
      #expect(storms.hasSuffix(" 2"), "Severe Storms shows its 2 events:\n\(screen)")
      let stats = try server.stats()
      #expect(stats.maxInFlightCategories == 2, "at most two categories at a time, and it does use two")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "drilling into a category: slider, summary, search, detail, and back",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func drillInSliderSearchDetail() throws {
    try withServer { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live, updated", loaded, timeout: .seconds(30))
      try app.tmux.sendKeys("G")  // Wildfires is last
      try app.tmux.sendKeys("Enter")
      // 30 days: 2, 3, 5 (closed) and 10 days ago; not 45 or 200.
      var screen = try app.waitFor(
        "OurPlanet › Wildfires", "Last 30 days", "4 events in the last 30 days")
      #expect(screen.contains("Rim Fire, California"))
      #expect(!screen.contains("Old Mill Fire"))
      // The slider: +30 days brings in the 45-day-old fire; ← steps one day.
      try app.tmux.sendKeys("]")
      screen = try app.waitFor("Last 60 days", "5 events in the last 60 days")
      #expect(screen.contains("Old Mill Fire"))
      try app.tmux.sendKeys("Left")
      try app.waitFor("Last 59 days")
      // Search narrows by title as you type; Esc clears it.
      try app.tmux.sendKeys("/")
      try app.tmux.sendText("cedar")
      screen = try app.waitFor("1 of 5 events", "Cedar Creek Fire")
      #expect(!screen.contains("Rim Fire"))
      try app.tmux.sendKeys("Enter")
      try app.tmux.sendKeys("Escape")
      try app.waitFor("5 events in the last 59 days", "Rim Fire")
      // The detail view of the newest event.
      try app.tmux.sendKeys("g", "Enter")
      screen = try app.waitFor(
        "Rim Fire, California", "Magnitude:", "1,200 acres", "https://example.org/report")
      #expect(screen.contains("38.25°N 120.50°W"))
      try app.tmux.sendKeys("Escape")
      try app.waitFor("Last 59 days")
      try app.tmux.sendKeys("Escape")
      try app.waitFor("Severe Storms", "Volcanoes")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "a failing category is marked and named on the status line; the others load",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func failingCategory() throws {
    let plan = #"{"rules": [{"path": "/categories/floods", "fault": "status", "code": 500}]}"#
    try withServer(plan: plan) { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      let screen = try app.waitFor("Floods: HTTP 500", "Wildfires", timeout: .seconds(60))
      let floods = screen.split(separator: "\n").first { $0.contains("Floods") && !$0.contains("HTTP 500 —") }
      #expect(floods?.contains("!") == true, "the failed category carries a mark:\n\(screen)")
      #expect(screen.contains("Volcanoes"))
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "offline: the bundled snapshot without a cache, the cache after a live run",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func offlineSnapshotAndCache() throws {
    try withServer { server, temporary in
      // No cache yet: the bundled snapshot, said plainly.
      let fresh = try AppHarness.start(arguments: ["--offline"], cacheDirectory: cache(temporary, "empty"))
      try fresh.waitFor("offline snapshot from", "Wildfires")
      try fresh.tmux.sendKeys("q")
      #expect(try fresh.tmux.terminalState().isRestored)
      fresh.tmux.close()

      // A live run fills the cache...
      let live = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      try live.waitFor("live, updated", loaded, "Wildfires", timeout: .seconds(30))
      try live.tmux.sendKeys("q")
      _ = try live.tmux.terminalState()
      live.tmux.close()
      let requestsAfterLive = try server.stats().requests

      // ...which an offline run shows without touching the network.
      let cached = try AppHarness.start(arguments: ["--offline"], cacheDirectory: cache(temporary))
      defer { cached.tmux.close() }
      try cached.waitFor("cached data from", "Wildfires")
      try cached.tmux.sendKeys("G", "Enter")
      try cached.waitFor("Rim Fire, California")
      #expect(try server.stats().requests == requestsAfterLive)
      try cached.tmux.sendKeys("q")
      #expect(try cached.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "escape sequences in a title are shown harmlessly",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func hostileTitle() throws {
    try withServer { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live, updated", loaded, timeout: .seconds(30))
      try app.tmux.sendKeys("G", "Enter")
      let screen = try app.waitFor("RED", "Rim Fire")
      // The text survives, the escape sequences do not: no colour change leaked, no title set.
      #expect(!screen.contains("\u{1B}"))
      #expect(screen.contains("Fire"))
      let line = screen.split(separator: "\n").first { $0.contains("RED") } ?? ""
      #expect(line.contains("Evil"), "\(screen)")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "resize down to a tiny terminal and back, then Ctrl-C restores the terminal",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func resizeAndCtrlC() throws {
    try withServer { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live, updated", loaded, timeout: .seconds(30))
      try app.tmux.resize(columns: 30, rows: 4)
      try app.waitFor("terminal too small: 30×4")
      try app.tmux.resize(columns: 1, rows: 1)
      try app.tmux.resize(columns: 90, rows: 24)
      try app.waitFor("Wildfires", "Volcanoes")
      try app.tmux.sendKeys("C-c")
      let state = try app.tmux.terminalState()
      #expect(state.isRestored, "\(state)")
    }
  }

  @Test(
    "a hanging server never freezes the keys: help opens and q quits while downloads hang",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func hangingServerKeepsTheUIResponsive() throws {
    let plan = #"{"rules": [{"pathPrefix": "/categories/", "fault": "hang", "seconds": 60}]}"#
    try withServer(plan: plan) { server, temporary in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      try app.waitFor("0/13", "downloading", timeout: .seconds(20))
      try app.tmux.sendKeys("?")
      try app.waitFor("OurPlanet keys")
      try app.tmux.sendKeys("Escape")
      // The spinner keeps turning while the requests hang.
      let first = try app.tmux.capture().split(separator: "\n").last { $0.contains("0/13") } ?? ""
      try app.tmux.waitUntil("the spinner to turn", timeout: .seconds(30)) { screen in
        let line = screen.split(separator: "\n").last { $0.contains("0/13") } ?? ""
        return !line.isEmpty && line != first
      }
      // Ctrl-C in the middle of the downloads: the process dies of SIGINT with the terminal restored.
      try app.tmux.sendKeys("C-c")
      let state = try app.tmux.terminalState()
      #expect(state.isRestored, "\(state)")
      #expect(state.exitStatus == 130)
    }
  }

  @Test(
    "r refreshes from the network again; o hands the source link to xdg-open without a shell",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func refreshAndOpenLink() throws {
    try withServer { server, temporary in
      // A stand-in xdg-open that records what it was asked to open.
      let bin = temporary.url.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opened = temporary.url.appendingPathComponent("opened.txt")
      let opener = bin.appendingPathComponent("xdg-open")
      try ScriptFile.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened.path)'\n", to: opener)
      let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"], cacheDirectory: cache(temporary),
        environment: ["PATH": path])
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "live, updated", loaded, timeout: .seconds(30))
      let categoryRequests = { try server.stats().log.filter { $0.path.hasSuffix("/categories") }.count }
      #expect(try categoryRequests() == 1)
      try app.tmux.sendKeys("r")
      try app.tmux.waitUntil("a second category request", timeout: .seconds(20)) { _ in
        ((try? categoryRequests()) ?? 0) == 2
      }
      try app.waitFor("live, updated", loaded, "Wildfires")
      try app.tmux.sendKeys("G", "Enter")
      try app.waitFor("Rim Fire, California")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("https://example.org/report")
      try app.tmux.sendKeys("o")
      try app.waitFor("Opening https://example.org/report")
      let deadline = ContinuousClock.now + .seconds(30)
      while !FileManager.default.fileExists(atPath: opened.path) && ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.05)
      }
      let argument = try String(contentsOf: opened, encoding: .utf8)
      #expect(argument == "https://example.org/report\n")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  @Test(
    "a damaged cache file is reported on the status line and ignored; the rest still shows",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func damagedCache() throws {
    try withServer { server, temporary in
      let live = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString], cacheDirectory: cache(temporary))
      try live.waitFor("live, updated", loaded, timeout: .seconds(30))
      try live.tmux.sendKeys("q")
      _ = try live.tmux.terminalState()
      live.tmux.close()

      let files = try FileManager.default.contentsOfDirectory(atPath: cache(temporary).path)
      let volcanoes = try #require(files.first { $0.contains("volcanoes") && $0.contains("open") })
      try Data("{\"truncated\": ".utf8).write(to: cache(temporary).appendingPathComponent(volcanoes))

      let app = try AppHarness.start(arguments: ["--offline"], cacheDirectory: cache(temporary))
      defer { app.tmux.close() }
      let screen = try app.waitFor("ignored cache file", volcanoes, "Wildfires")
      let line = screen.split(separator: "\n").first { $0.contains("Wildfires") } ?? ""
      #expect(line.trimmingCharacters(in: .whitespaces).hasSuffix(" 6"), "the other categories are intact")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }
}
