import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The config's alert rules in the UI: marked rows and markers, the count on the status line, and
/// the bell when a live refresh brings a match.
@Suite("Alerts in the UI")
struct AlertTrackerTests {
  /// Big fires (1,000 acres and more) ring the bell.
  private static let options: AppOptions = {
    var scope = EventScope(days: 1)
    scope.categories = ["wildfires"]
    scope.minimumMagnitude = 1_000
    var options = AppOptions()
    options.alerts = AlertRules([AlertRule(name: "big fires", scope: scope, bell: true)])
    return options
  }()

  private static func fire(_ id: String, _ title: String, acres: Double?, longitude: Double) -> EOEvent {
    EOEvent(
      id: id, title: title, categories: [Fixture.fires],
      geometries: [
        EOGeometry(
          date: Fixture.reference.addingTimeInterval(-86_400),
          shape: .point(EOCoordinate(longitude: longitude, latitude: 40)),
          magnitude: acres.map { EOMagnitude(value: $0, unit: "acres") })
      ])
  }

  private static let big = fire("f1", "Rim Fire", acres: 2_000, longitude: -120)
  private static let small = fire("f2", "Texas Creek Fire", acres: 300, longitude: 20)

  private func harness(later: [EOEvent]? = nil, options: AppOptions = options) -> ShellHarness {
    ShellHarness(size: Size(width: 100, height: 40), options: options) { scheduler in
      let feed = ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([
            .next(10, [Self.big, Self.small]), .completed(10),
          ]).asObservable()
        ])
      if let later { feed.laterEvents["wildfires"] = .just(later) }
      return feed
    }
  }

  @Test("a matching event's row starts with ▲ and its marker is ▲; the status line counts the matches")
  func marks() {
    let app = harness()
    app.advance(to: 100)
    #expect(app.statusLine.contains("· ▲ 1 alert"), "\(app.statusLine)")
    app.press(.char("G"), .enter)
    let rim = app.lines.first { $0.contains("Rim Fire") } ?? ""
    let texas = app.lines.first { $0.contains("Texas Creek Fire") } ?? ""
    #expect(rim.contains("▲ Rim Fire"), "\(app.screen)")
    #expect(!texas.contains("▲"), "\(app.screen)")
    // The map, with Texas Creek Fire selected (the selection has a mark of its own).
    app.press(.down, .char("m"))
    // The legend under the map names ▲ too: it is left out.
    let map = app.lines.dropFirst(4).dropLast().filter { !$0.contains("Fire") && !$0.contains("selected") }
      .joined(separator: "\n")
    #expect(map.filter { $0 == "▲" }.count == 1, "one flagged marker on the map:\n\(app.screen)")
  }

  @Test("on a list of events the status line counts the marked rows listed, the search applied")
  func countFollowsTheList() {
    let app = harness()
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    #expect(app.statusLine.contains("· ▲ 1 alert"), "\(app.statusLine)")
    app.press(.char("/"))
    app.type("texas")
    app.advance(to: app.scheduler.clock + 20)
    app.press(.enter)
    app.advance(to: app.scheduler.clock + 20)
    #expect(!app.screen.contains("Rim Fire"), "\(app.screen)")
    #expect(app.statusLine.contains("· ▲ 0 alerts"), "no marked row is listed: \(app.statusLine)")
    app.press(.escape)
    app.advance(to: app.scheduler.clock + 20)
    #expect(app.statusLine.contains("· ▲ 1 alert"), "\(app.statusLine)")
  }

  @Test("without rules nothing is marked and the status line says nothing of alerts")
  func noRules() {
    let app = harness(options: AppOptions())
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("m"))
    #expect(!app.screen.contains("▲"), "\(app.screen)")
    #expect(!app.statusLine.contains("alert"), "\(app.statusLine)")
  }

  @Test(
    "a refresh that brings a new match rings the bell once; the first load and a refresh without one do not")
  func bell() {
    let newer = Self.fire("f3", "Pine Hollow Fire", acres: 5_000, longitude: 60)
    let bigger = Self.fire("f4", "Sage Basin Fire", acres: 1_500, longitude: 90)
    let app = harness(later: [Self.big, Self.small, newer, bigger])
    app.advance(to: 100)
    #expect(app.host.bells == 0, "the first load only learns what matches")
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.host.bells == 1, "two new matches, one bell")
    #expect(app.statusLine.contains("▲ 3 alerts"), "\(app.statusLine)")
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.host.bells == 1, "nothing new: no bell")
  }

  @Test("--bell rings once for a refresh that brings a new or changed event, with or without rules")
  func bellOption() {
    var options = AppOptions()
    options.bell = true
    let changed = Self.fire("f2", "Texas Creek Fire", acres: 900, longitude: 20)
    let app = harness(later: [Self.big, changed], options: options)
    app.advance(to: 100)
    #expect(app.host.bells == 0, "the first load only learns what there is")
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.host.bells == 1, "a small fire grew: one bell, no rule needed")
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
    #expect(app.host.bells == 1, "nothing new: no bell")
    #expect(!app.statusLine.contains("alert"), "no rule, no alert count: \(app.statusLine)")
  }
}

/// Issue 27, item 19: `--bell` in the UI rings once when a live refresh brings something new.
@Suite("The refresh bell (--bell)")
struct RefreshBellTests {
  private static let first = [Fixture.fire("f1", daysAgo: 1), Fixture.fire("f2", daysAgo: 2)]

  private func harness(bell: Bool, later: [[EOEvent]]) -> ShellHarness {
    var options = AppOptions(days: 30)
    options.bell = bell
    return ShellHarness(options: options) { scheduler in
      let feed = ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, Self.first), .completed(10)]).asObservable()
        ])
      feed.laterEventSequence["wildfires"] = later
      return feed
    }
  }

  private func refresh(_ app: ShellHarness) {
    app.shell.context.catalogModel.refresh()
    app.advance(to: app.scheduler.clock + 50)
  }

  @Test(
    "a refresh bringing a new or updated event in the window rings once; the first load, a refresh without news and news outside the window do not"
  )
  func ringsForNews() {
    let recent = Fixture.fire("f3", daysAgo: 0.5)
    // New; nothing new; new but outside 30 days; f1 updated.
    let later = [
      Self.first + [recent],
      Self.first + [recent],
      Self.first + [recent, Fixture.fire("old", daysAgo: 90)],
      [Fixture.fire("f1", daysAgo: 1, acres: 900), Fixture.fire("f2", daysAgo: 2), recent],
    ]
    let app = harness(bell: true, later: later)
    app.advance(to: 100)
    #expect(app.host.bells == 0, "the first load only learns what there is")
    refresh(app)
    #expect(app.host.bells == 1, "a new event")
    refresh(app)
    #expect(app.host.bells == 1, "nothing new")
    refresh(app)
    #expect(app.host.bells == 1, "what is new lies outside the window")
    refresh(app)
    #expect(app.host.bells == 2, "an updated event")
  }

  @Test("without --bell a refresh that brings news stays quiet")
  func quietByDefault() {
    let app = harness(bell: false, later: [Self.first + [Fixture.fire("f3", daysAgo: 0.5)]])
    app.advance(to: 100)
    refresh(app)
    #expect(app.host.bells == 0)
  }
}
