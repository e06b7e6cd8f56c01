import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The filters in the UI: `x` the status, `v` the form, `X` clearing, Space marking categories to
/// open together, the scope in the header and the events a magnitude filter hides.
@Suite("Filter keys")
struct FilterKeysTests {
  /// An event of `category`, closed when `closed`, with a magnitude or none, from `source`.
  static func event(
    _ id: String, daysAgo: Double, category: EOCategory = Fixture.fires, closed: Bool = false,
    magnitude: (Double, String)? = nil, source: String = "InciWeb"
  ) -> EOEvent {
    let date = Fixture.reference.addingTimeInterval(-daysAgo * 86_400)
    return EOEvent(
      id: id, title: "Event \(id)", closed: closed ? date : nil, categories: [category],
      sources: [EOSource(id: source, url: "https://source.example/\(id)")],
      geometries: [
        EOGeometry(
          date: date, shape: .point(EOCoordinate(longitude: -100, latitude: 40)),
          magnitude: magnitude.map { EOMagnitude(value: $0.0, unit: $0.1) })
      ])
  }

  static let fires = [
    event("f1", daysAgo: 1, magnitude: (2_547.7, "acres")),
    event("f2", daysAgo: 2, magnitude: (5_000, "acres"), source: "IRWIN"),
    event("f3", daysAgo: 3),
    event("f4", daysAgo: 5, closed: true, magnitude: (800, "acres")),
  ]
  static let storms = [
    event("s1", daysAgo: 2, category: Fixture.storms, magnitude: (95, "kts")),
    event("s2", daysAgo: 4, category: Fixture.storms, closed: true),
  ]
  static let ice = [event("i1", daysAgo: 6, category: Fixture.ice)]

  func harness(size: Size = Size(width: 100, height: 30), options: AppOptions = AppOptions()) -> ShellHarness
  {
    let app = ShellHarness(size: size, options: options) { scheduler in
      ScriptedFeed(
        categories: scheduler.createColdObservable([
          .next(5, [Fixture.fires, Fixture.storms, Fixture.ice]), .completed(5),
        ]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, Self.fires), .completed(10)]).asObservable(),
          "severeStorms": scheduler.createColdObservable([.next(10, Self.storms), .completed(10)])
            .asObservable(),
          "seaLakeIce": scheduler.createColdObservable([.next(10, Self.ice), .completed(10)]).asObservable(),
        ])
    }
    app.advance(to: 100)
    return app
  }

  /// The ids of the events listed (every row names its event `Event <id>`).
  func listed(_ app: ShellHarness) -> [String] {
    app.lines.compactMap { line in
      line.range(of: "Event ").map { String(line[$0.upperBound...].prefix { !$0.isWhitespace }) }
    }
  }

  /// Opens Wildfires (the last category).
  func openFires(_ app: ShellHarness) {
    app.press(.char("G"), .enter)
  }

  @Test("x cycles open and closed → open → closed → both; the list, the header and the counts follow")
  func statusCycles() {
    let app = harness()
    #expect(app.statusLine.contains("7 events in 3 categories"), "\(app.statusLine)")
    app.press(.char("x"))
    #expect(app.header.contains("open · last 30 days"), "\(app.header)")
    #expect(app.statusLine.contains("Only open events"), "\(app.statusLine)")
    let firesRow = { app.lines.first { $0.contains("Wildfires") } ?? "" }
    #expect(firesRow().hasSuffix(" 3"), "\(firesRow())")
    openFires(app)
    #expect(listed(app) == ["f1", "f2", "f3"], "\(app.screen)")
    #expect(app.header.hasSuffix("open · 3 events in the last 30 days"), "\(app.header)")
    app.press(.char("x"))
    #expect(listed(app) == ["f4"], "\(app.screen)")
    #expect(app.header.contains("closed · 1 event in the last 30 days"), "\(app.header)")
    app.press(.char("x"))
    #expect(listed(app) == ["f1", "f2", "f3", "f4"], "\(app.screen)")
    #expect(app.header.hasSuffix("4 events in the last 30 days"), "\(app.header)")
  }

  @Test("a minimum magnitude hides the events without one, and the header says how many")
  func withoutMagnitudeCounted() {
    var options = AppOptions()
    options.filters = ScopeFilters(minimumMagnitude: 1_000)
    let app = harness(options: options)
    openFires(app)
    #expect(listed(app) == ["f1", "f2"], "\(app.screen)")
    #expect(
      app.header.hasSuffix("≥ 1,000 · 2 events in the last 30 days · 1 without a magnitude hidden"),
      "\(app.header)")
  }

  @Test("the form sets a minimum magnitude and a unit: Enter applies, and the list follows")
  func formSetsAMinimum() {
    let app = harness()
    openFires(app)
    app.press(.char("v"))
    #expect(app.screen.contains("Filters"), "\(app.screen)")
    #expect(app.screen.contains("IRWIN  1 event"), "the catalog's sources with their counts:\n\(app.screen)")
    app.press(.down, .down)
    app.type("1000")
    app.press(.down, .down, .right)
    #expect(app.screen.contains("◀ acres▏ ▶"), "\(app.screen)")
    app.press(.enter)
    #expect(!app.screen.contains("Space source"), "the form closed:\n\(app.screen)")
    #expect(listed(app) == ["f1", "f2"], "\(app.screen)")
    #expect(app.header.contains("≥ 1,000 acres · 2 events"), "\(app.header)")
  }

  // Moved from the tmux suite (FilterEndToEndTests), which typed the same keys in a real terminal.
  @Test("the form's minimum alone hides the unmeasured events and counts them; X clears just it and says so")
  func formMinimumThenClear() {
    let app = harness()
    openFires(app)
    app.press(.char("v"), .down, .down)
    app.type("1000")
    app.press(.enter)
    #expect(listed(app) == ["f1", "f2"], "\(app.screen)")
    #expect(
      app.header.hasSuffix("≥ 1,000 · 2 events in the last 30 days · 1 without a magnitude hidden"),
      "\(app.header)")
    app.press(.char("X"))
    #expect(app.statusLine.contains("Cleared the magnitude"), "\(app.statusLine)")
    #expect(listed(app) == ["f1", "f2", "f3", "f4"], "\(app.screen)")
    #expect(app.header.hasSuffix("4 events in the last 30 days"), "\(app.header)")
  }

  /// Issue 38, item 15: the form reads units against the list the command line does, handed over
  /// in the options, not a list of its own.
  @Test("the form takes a unit of EONET's list as the options give it, and refuses one that list lacks")
  func formUnitsFromTheOptions() {
    var options = AppOptions()
    options.magnitudeKinds = [EOMagnitudeKind(id: "sq_km", name: "Square Kilometres", unit: "km^2")]
    let app = harness(options: options)
    openFires(app)
    app.press(.char("v"), .down, .down, .down, .down)
    app.type("km^2")
    app.press(.enter)
    #expect(!app.screen.contains("Space source"), "the form closed:\n\(app.screen)")
    #expect(app.statusLine.contains("Filters:"), "\(app.statusLine)")
    app.press(.char("v"), .down, .down, .down, .down)
    for _ in 0..<8 { app.press(.backspace) }
    app.type("Mw")
    app.press(.enter)
    #expect(app.screen.contains("no unit 'Mw'"), "not in the list given:\n\(app.screen)")
    app.press(.escape)
  }

  @Test("Esc closes the form and changes nothing; a bad number is refused on its row")
  func formCancelsAndRefuses() {
    let app = harness()
    openFires(app)
    app.press(.char("v"), .down, .down)
    app.type("1.2.3")
    app.press(.enter)
    #expect(app.screen.contains("the minimum is a number"), "\(app.screen)")
    app.press(.escape)
    #expect(!app.screen.contains("Space source"), "\(app.screen)")
    #expect(listed(app) == ["f1", "f2", "f3", "f4"], "\(app.screen)")
  }

  @Test("the form fits 80×24, and a smaller terminal says to enlarge it; Esc still closes")
  func formSizes() {
    let app = harness(size: Size(width: 80, height: 24))
    app.press(.char("v"))
    #expect(app.screen.contains("Space source · Enter applies · Esc cancels"), "\(app.screen)")
    #expect(app.screen.contains("Sources"), "\(app.screen)")
    // The smallest form has room for one source: the others are counted, and the label stays.
    app.size = Size(width: 80, height: 13)
    #expect(app.screen.contains("Sources   [ ] IRWIN  1 event"), "\(app.screen)")
    #expect(app.screen.contains("↓ 1 more"), "\(app.screen)")
    app.press(.end)
    #expect(app.screen.contains("Sources   [ ] InciWeb  6 events"), "\(app.screen)")
    #expect(app.screen.contains("↑ 1 more"), "\(app.screen)")
    app.size = Size(width: 40, height: 10)
    #expect(app.screen.contains("Enlarge the terminal"), "\(app.screen)")
    app.press(.escape)
    #expect(!app.screen.contains("Enlarge the terminal"), "\(app.screen)")
  }

  @Test("Space marks two categories, Enter opens them together, each event once, tagged; Esc keeps the marks")
  func marksOpenTogether() {
    let app = harness()
    // The rows: All, Sea and Lake Ice, Severe Storms, Wildfires.
    app.press(.char("G"), .char(" "), .char("k"), .char(" "))
    #expect(app.lines.contains { $0.contains("• Wildfires") }, "\(app.screen)")
    #expect(app.lines.contains { $0.contains("• Severe Storms") }, "\(app.screen)")
    #expect(app.header.contains("Severe Storms + Wildfires marked"), "\(app.header)")
    // Issue 38, item 15: "2 categories marked", not "2 markeds".
    #expect(app.statusLine.contains("2 categories marked"), "\(app.statusLine)")
    app.press(.enter)
    #expect(app.header.contains("OurPlanet › Severe Storms + Wildfires"), "\(app.header)")
    #expect(Set(listed(app)) == ["f1", "f2", "f3", "f4", "s1", "s2"], "\(app.screen)")
    #expect(listed(app).count == 6)
    #expect(app.screen.contains("Storm  Event s1"), "rows say their category:\n\(app.screen)")
    app.press(.escape)
    #expect(app.lines.contains { $0.contains("• Wildfires") }, "\(app.screen)")
    #expect(app.statusLine.contains("6 events in 2 marked categories"), "\(app.statusLine)")
    app.press(.char("X"))
    #expect(app.statusLine.contains("Cleared 2 marked categories"), "\(app.statusLine)")
    #expect(!app.screen.contains("•"), "\(app.screen)")
  }

  @Test("X clears the status, the magnitude, the sources and the region, not the days, and says so")
  func clearsEverythingButTheDays() {
    var options = AppOptions(
      days: 20, region: .near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 50))
    options.filters = ScopeFilters(status: .open, minimumMagnitude: 1_000, sources: ["InciWeb"])
    let app = harness(options: options)
    openFires(app)
    #expect(listed(app) == ["f1"], "\(app.screen)")
    app.press(.char("X"))
    #expect(
      app.statusLine.contains("Cleared the status (open), the magnitude, the source and the region"),
      "\(app.statusLine)")
    #expect(listed(app) == ["f1", "f2", "f3", "f4"], "\(app.screen)")
    #expect(app.header.hasSuffix("4 events in the last 20 days"), "\(app.header)")
    app.press(.char("X"))
    #expect(app.statusLine.contains("No filter to clear"), "\(app.statusLine)")
  }
}
