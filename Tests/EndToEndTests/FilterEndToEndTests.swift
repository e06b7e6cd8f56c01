import Foundation
import TestSupport
import Testing

/// The UI's filters in a real terminal against the fixture server: what only the real binary shows,
/// the command line's filters reaching the UI. The keys themselves (`x`, the form, `X`, marking
/// categories) are `FilterKeysTests`' headless tests. Each expected list is worked out here from the
/// events served.
@Suite("ourplanet filters in the UI, end to end", .serialized, .tags(.spawnsProcess))
struct FilterEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// The events served, by category: titles unique and plain, so a row names its event.
  private static let served: [String: [FixtureAPI.Event]] = [
    "wildfires": [
      FixtureAPI.Event(id: "W1", title: "Alder Fire", daysAgo: 2, magnitude: (1_200, "acres")),
      FixtureAPI.Event(id: "W2", title: "Birch Fire", daysAgo: 4),
      FixtureAPI.Event(id: "W3", title: "Cedar Fire", daysAgo: 6, closed: true, magnitude: (300, "acres")),
      FixtureAPI.Event(id: "W4", title: "Dogwood Fire", daysAgo: 8, magnitude: (5_000, "acres")),
      FixtureAPI.Event(id: "W5", title: "Elm Fire", daysAgo: 12, closed: true, magnitude: (800, "acres")),
      FixtureAPI.Event(id: "W6", title: "Fir Fire", daysAgo: 50, magnitude: (9_000, "acres")),
    ],
    "severeStorms": [
      FixtureAPI.Event(id: "S1", title: "Storm Gale", daysAgo: 3, magnitude: (95, "kts")),
      FixtureAPI.Event(id: "S2", title: "Storm Hail", daysAgo: 5, closed: true),
    ],
    "volcanoes": [
      FixtureAPI.Event(id: "V1", title: "Mount Ash", daysAgo: 7),
      FixtureAPI.Event(id: "V2", title: "Mount Basalt", daysAgo: 9, closed: true),
    ],
  ]

  /// Every title served.
  private static var allTitles: [String] { served.values.flatMap { $0.map(\.title) } }

  /// The titles of `categories`' events in the last 30 days that `keep` keeps.
  private static func titles(
    of categories: [String], _ keep: (FixtureAPI.Event) -> Bool = { _ in true }
  ) -> Set<String> {
    Set(categories.flatMap { served[$0] ?? [] }.filter { $0.daysAgo <= 30 && keep($0) }.map(\.title))
  }

  /// Starts the app on the served events with a 30-day window, and waits for the categories.
  private func withApp(_ arguments: [String] = [], _ body: (AppHarness) throws -> Void) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI(in: temporary.url, events: Self.served)
    try AppHarness.withServed(api, in: temporary, arguments: arguments, rows: 32, body)
  }

  /// Waits until the list shows exactly `expected` among every title served, and `texts` too.
  @discardableResult
  private func waitForList(_ app: AppHarness, _ expected: Set<String>, _ texts: String...) throws -> String {
    try app.tmux.waitUntil("the list is \(expected.sorted()) with \(texts)") { screen in
      Self.allTitles.allSatisfy { screen.contains($0) == expected.contains($0) }
        && texts.allSatisfy { screen.contains($0) }
    }
  }

  @Test(
    "--status starts the UI on that status; x changes it from there",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func commandLineFilters() throws {
    try withApp(["--status", "closed"]) { app in
      try app.tmux.sendKeys("G", "Enter")
      let closed = Self.titles(of: ["wildfires"]) { $0.closed }
      try waitForList(app, closed, "closed · \(closed.count) events in the last 30 days")
      try app.tmux.sendKeys("x")
      let all = Self.titles(of: ["wildfires"])
      try waitForList(app, all, "\(all.count) events in the last 30 days")
    }
  }
}
