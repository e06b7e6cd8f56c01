import Foundation
import TestSupport
import Testing

extension AppHarness {
  /// Serves `api` on 127.0.0.1 and starts the app on it with a 30-day window (then `arguments`), its
  /// cache in `temporary`; waits for the live categories, runs `body`, quits with `q` and checks the
  /// terminal was restored.
  static func withServed(
    _ api: FixtureAPI, in temporary: TemporaryDirectory, arguments: [String] = [], columns: Int = 110,
    rows: Int = 30, _ body: (AppHarness) throws -> Void
  ) throws {
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    let app = try start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"] + arguments,
      cacheDirectory: temporary.url.appendingPathComponent("cache"), columns: columns, rows: rows)
    defer { app.tmux.close() }
    try app.waitFor("Wildfires", "live, updated", "events in 13 categories", timeout: .seconds(60))
    try body(app)
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }

  /// Starts the app on the fixture API with a 30-day window and opens Wildfires (4 of its 6 events).
  static func withWildfires(columns: Int, rows: Int, _ body: (AppHarness) throws -> Void) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try withServed(try FixtureAPI.standard(in: temporary.url), in: temporary, columns: columns, rows: rows) {
      app in
      try app.tmux.sendKeys("G", "Enter")  // Wildfires is last
      try app.waitFor("OurPlanet › Wildfires", "4 events in the last 30 days")
      try body(app)
    }
  }
}
