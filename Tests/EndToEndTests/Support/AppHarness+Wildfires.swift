import Foundation
import TestSupport
import Testing

extension AppHarness {
  /// Starts the app on the fixture API with a 30-day window and opens Wildfires (4 of its 6 events).
  static func withWildfires(columns: Int, rows: Int, _ body: (AppHarness) throws -> Void) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    let app = try start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
      cacheDirectory: temporary.url.appendingPathComponent("cache"), columns: columns, rows: rows)
    defer { app.tmux.close() }
    try app.waitFor("Wildfires", "live, updated", "events in 13 categories", timeout: .seconds(30))
    try app.tmux.sendKeys("G", "Enter")  // Wildfires is last
    try app.waitFor("OurPlanet › Wildfires", "4 events in the last 30 days")
    try body(app)
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }
}
