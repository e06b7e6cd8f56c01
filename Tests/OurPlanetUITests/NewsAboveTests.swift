import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// News a live refresh puts above the visible rows is said (`↑ 5 new`) until seen, and `n` goes
/// there; the alert mark has a column of its own; the detail names the matching rules.
@Suite("News above the view, and the alert column")
struct NewsAboveTests {
  /// A big fire (2,000 acres) and a small one, under the rule "big fires" (from 1,000), loaded.
  private func bigFiresApp() -> ShellHarness {
    var scope = EventScope(days: 1)
    scope.minimumMagnitude = 1_000
    var options = AppOptions(days: 30)
    options.alerts = AlertRules([AlertRule(name: "big fires", scope: scope)])
    let app = harness(
      first: [Fixture.fire("big", daysAgo: 1, acres: 2_000), Fixture.fire("small", daysAgo: 2)], later: [],
      options: options)
    app.advance(to: 100)
    return app
  }

  private func harness(first: [EOEvent], later: [[EOEvent]], options: AppOptions = AppOptions(days: 30))
    -> ShellHarness
  {
    ShellHarness(size: Size(width: 100, height: 20), options: options) { scheduler in
      let feed = ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, first), .completed(10)]).asObservable()
        ])
      feed.laterEventSequence["wildfires"] = later
      return feed
    }
  }

  @Test(
    "five new events above the view: the status says ↑ 5 new, n goes to the top one, and it clears once seen")
  func newsAbove() {
    let first = (1...40).map { Fixture.fire("f\($0)", daysAgo: Double($0) / 4) }
    let news = (1...5).map { Fixture.fire("n\($0)", daysAgo: 0.01 * Double($0)) }
    let app = harness(first: first, later: [news + first])
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    // Read down the list a little: the view moves off the top.
    for _ in 0..<20 { app.press(.down) }
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(!app.screen.contains("Fire n1 "), "the news is above the view:\n\(app.screen)")
    #expect(app.statusLine.contains("↑ 5 new"), "\(app.statusLine)")
    // The list itself says so too, on its top line, above the rows.
    let body = { app.lines.dropLast() }
    let newsLine = body().firstIndex { $0.contains("↑ 5 new above") }
    let firstRow = body().firstIndex { $0.contains("Fire f") }
    #expect(newsLine != nil && firstRow != nil && newsLine! < firstRow!, "\(app.screen)")
    app.press(.char("n"))
    #expect(app.screen.contains("Fire n5"), "n goes to the news:\n\(app.screen)")
    #expect(!app.statusLine.contains("↑"), "none above the view any more: \(app.statusLine)")
    #expect(!body().contains { $0.contains("↑") }, "the list's line goes too:\n\(app.screen)")
  }

  @Test("widening the window after a first look marks nothing new; a back-dated arrival inside it is news")
  func wideningIsHistory() {
    let first = [Fixture.fire("recent", daysAgo: 1), Fixture.fire("old", daysAgo: 200)]
    let backDated = Fixture.fire("back", daysAgo: 20)
    let app = harness(first: first, later: [first + [backDated]])
    app.advance(to: 100)
    let counted = { app.screen.range(of: #"[0-9] new\b"#, options: .regularExpression) != nil }
    #expect(!counted(), "the first look takes everything as seen:\n\(app.screen)")
    app.shell.context.days.accept(360)
    app.advance(to: app.scheduler.clock + 10)
    #expect(!counted(), "a wider window is history, not news:\n\(app.screen)")
    #expect(app.shell.context.seen.state.value.change(of: first[1]) == nil)
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.screen.contains("1 new"), "an arrival inside a window looked at is news:\n\(app.screen)")
  }

  @Test("< after a first look: the past range's events, never seen, are history, not news")
  func goingBackIsHistory() {
    let first = [Fixture.fire("recent", daysAgo: 1), Fixture.fire("f40", daysAgo: 40)]
    let past = [Fixture.fire("p35", daysAgo: 35), Fixture.fire("p50", daysAgo: 50)]
    let app = ShellHarness(size: Size(width: 100, height: 20), options: AppOptions(days: 30)) { scheduler in
      let base = ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, first), .completed(10)]).asObservable()
        ])
      base.laterEventSequence["wildfires"] = [first + past]
      return RangeTests.MovingFeed(base: base)
    }
    app.advance(to: 100)
    app.press(.char("<"))
    app.advance(to: 300)
    #expect(app.header.contains("30 days ending"), "\(app.header)")
    #expect(app.screen.range(of: #"[0-9] new\b"#, options: .regularExpression) == nil, "\(app.screen)")
    for event in past { #expect(app.shell.context.seen.state.value.change(of: event) == nil, "\(event.id)") }
  }

  @Test(
    "the alert mark has its own column: titles line up on marked and unmarked rows; the detail names the rule"
  )
  func alertColumn() throws {
    let app = bigFiresApp()
    app.press(.char("G"), .enter)
    let big = try #require(app.lines.first { $0.contains("Fire big") })
    let small = try #require(app.lines.first { $0.contains("Fire small") })
    let column = { (line: String, title: String) in
      line.range(of: title).map { line[..<$0.lowerBound].count }
    }
    #expect(column(big, "Fire big") == column(small, "Fire small"), "\(app.screen)")
    #expect(big.contains("▲ Fire big") && !small.contains("▲"), "\(app.screen)")
    app.press(.char("g"), .enter)
    #expect(app.screen.contains("Alerts:        big fires"), "\(app.screen)")
  }

  @Test("a shows only the events a rule marks, the header says so, and a again shows them all")
  func alertsOnly() {
    let app = bigFiresApp()
    app.press(.char("G"), .enter, .char("a"))
    #expect(app.screen.contains("Fire big") && !app.screen.contains("Fire small"), "\(app.screen)")
    #expect(app.lines.prefix(3).joined().contains("alerts only"), "the header says it is on:\n\(app.screen)")
    #expect(app.statusLine.contains("1/1"), "\(app.statusLine)")
    app.press(.char("a"))
    #expect(app.screen.contains("Fire small") && !app.screen.contains("alerts only"), "\(app.screen)")
  }

  @Test(
    "the form's Alerts row: Enter shows only the marked events on both lists, counts and headers follow; Esc changes nothing"
  )
  func alertsOnlyFromTheForm() {
    let app = bigFiresApp()
    let count = { (title: String) in
      app.lines.first { $0.contains(title) }?.split(separator: " ").last.map(String.init)
    }
    #expect(count("Wildfires") == "2" && count("All categories") == "2", "\(app.screen)")
    // The row after the region's: ← → turns it over; Esc leaves everything as it was.
    app.press(.char("v"), .down, .down, .down, .down, .down, .down)
    #expect(app.screen.contains("Alerts    ◀ every event ▶"), "\(app.screen)")
    app.press(.right, .escape)
    #expect(count("Wildfires") == "2" && !app.header.contains("alerts only"), "\(app.screen)")
    app.press(.char("v"), .down, .down, .down, .down, .down, .down, .right, .enter)
    #expect(app.header.contains("alerts only"), "the categories' header says it is on: \(app.header)")
    #expect(count("Wildfires") == "1" && count("All categories") == "1", "\(app.screen)")
    app.press(.char("G"), .enter)
    #expect(app.screen.contains("Fire big") && !app.screen.contains("Fire small"), "\(app.screen)")
    #expect(app.header.contains("alerts only"), "\(app.header)")
    // `a` on the events list turns it off for both lists.
    app.press(.char("a"), .escape)
    #expect(count("Wildfires") == "2" && !app.header.contains("alerts only"), "\(app.screen)")
    // And `a` on the categories list turns it on again.
    app.press(.char("a"))
    #expect(count("Wildfires") == "1" && app.header.contains("alerts only"), "\(app.screen)")
  }

  @Test("with the alerts row the form needs one row more: the sources' row still shows at its smallest")
  func formWithTheAlertsRowFits() {
    var scope = EventScope(days: 1)
    scope.minimumMagnitude = 1_000
    var options = AppOptions(days: 30)
    options.alerts = AlertRules([AlertRule(name: "big fires", scope: scope)])
    let app = harness(first: [Fixture.fire("big", daysAgo: 1, acres: 2_000)], later: [], options: options)
    app.advance(to: 100)
    app.size = Size(width: 80, height: 14)
    app.press(.char("v"))
    #expect(app.screen.contains("Alerts    every event"), "\(app.screen)")
    #expect(app.screen.contains("Sources   none in the catalog"), "\(app.screen)")
    app.size = Size(width: 80, height: 13)
    #expect(app.screen.contains("Enlarge the terminal (46×14)"), "\(app.screen)")
  }
}
