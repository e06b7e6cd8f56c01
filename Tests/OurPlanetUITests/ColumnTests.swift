import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The events list's columns as the screen shows them: aligned whatever the values' widths, and at
/// narrow widths the columns give way before a title gets unreadable.
@Suite("Aligned columns")
struct ColumnTests {
  /// An event at `latitude`, `longitude` with `acres`.
  private func fire(
    _ id: String, _ title: String, daysAgo: Double, acres: Double?, at position: (Double, Double)
  )
    -> EOEvent
  {
    EOEvent(
      id: id, title: title, link: "https://eonet.example/\(id)", categories: [Fixture.fires],
      geometries: [
        EOGeometry(
          date: Fixture.reference.addingTimeInterval(-daysAgo * 86_400),
          shape: .point(EOCoordinate(longitude: position.1, latitude: position.0)),
          magnitude: acres.map { EOMagnitude(value: $0, unit: "acres") })
      ])
  }

  private var fires: [EOEvent] {
    [
      fire("a", "Short Fire", daysAgo: 1, acres: 533, at: (30.6, -97.7)),
      fire(
        "b", "A Much Longer Wildfire Name, Somewhere in Texas", daysAgo: 2, acres: 9_737, at: (30.3, -98.8)),
      fire("c", "No Size Fire", daysAgo: 3, acres: nil, at: (30.3, -97.75)),
      fire("d", "Middle Fire", daysAgo: 4, acres: 12_000, at: (31.2, -97.7)),
    ]
  }

  /// The app on Wildfires at `width` columns, optionally near Austin.
  private func wildfires(width: Int, near: Bool = false) -> ShellHarness {
    var options = AppOptions()
    if near {
      options.region = .near(EOCoordinate(longitude: -97.74, latitude: 30.27), radiusKilometres: 500)
    }
    let fires = self.fires
    let app = ShellHarness(size: Size(width: width, height: 20), options: options) { scheduler in
      ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, fires), .completed(10)]).asObservable()
        ])
    }
    app.advance(to: 100)
    app.press(.char("j"), .enter)
    return app
  }

  /// The rows of the list: the lines that start with an open mark.
  private func rows(_ app: ShellHarness) -> [String] { app.lines.filter { $0.hasPrefix("●") } }

  /// Where `text` ends on `line`, in characters (every character here is one column wide).
  private func end(of text: String, in line: String) -> Int? {
    line.range(of: text, options: .backwards).map { line.distance(from: line.startIndex, to: $0.upperBound) }
  }

  @Test("magnitudes and distances end in one column each and dates start in one, whatever their widths")
  func alignedColumns() throws {
    let app = wildfires(width: 100, near: true)
    let rows = rows(app)
    try #require(rows.count == 4, "\(app.screen)")
    let acres = rows.compactMap { end(of: "acres", in: $0) }
    #expect(acres.count == 3 && Set(acres).count == 1, "magnitudes end in one column:\n\(app.screen)")
    let kilometres = rows.compactMap { end(of: " km", in: $0) }
    #expect(
      kilometres.count == 4 && Set(kilometres).count == 1, "distances end in one column:\n\(app.screen)")
    let dates = rows.compactMap { row in
      row.range(of: "2025-1").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
    }
    #expect(dates.count == 4 && Set(dates).count == 1, "dates start in one column:\n\(app.screen)")
  }

  @Test("at 40 columns the magnitude and distance give way before a title is cut below 20 characters")
  func narrowKeepsTitlesReadable() throws {
    let app = wildfires(width: 40, near: true)
    let rows = rows(app)
    try #require(rows.count == 4, "\(app.screen)")
    let long = try #require(rows.first { $0.contains("A Much Longer") })
    // The glyph column is 4 wide (the open, change and alert marks, a space); 20 columns of title
    // show 19 characters and an ellipsis.
    #expect(
      long.dropFirst(4).hasPrefix("A Much Longer Wildf"), "at least 20 columns of title:\n\(app.screen)")
    #expect(!app.screen.contains("acres"), "the magnitude gave way:\n\(app.screen)")
    #expect(rows.allSatisfy { $0.contains("2025-1") }, "the date, the list's order, stays:\n\(app.screen)")
  }

  @Test("the timeline runs oldest left, newest right, over a scale of months")
  func timelineRunsLeftToRight() throws {
    let events = [
      fire("new", "New Fire", daysAgo: 0.5, acres: nil, at: (30, -97)),
      fire("old", "Old Fire", daysAgo: 300, acres: nil, at: (30, -97)),
    ]
    let app = ShellHarness(size: Size(width: 100, height: 20), options: AppOptions(days: 360)) { scheduler in
      ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([.next(10, events), .completed(10)]).asObservable()
        ])
    }
    app.advance(to: 100)
    app.press(.char("j"), .enter)
    let lines = app.lines
    let timeline = try #require(
      lines.dropFirst().first { $0.contains("▁") || $0.contains("█") }, "\(app.screen)")
    let bars = timeline.enumerated().filter { $0.element != " " }.map(\.offset)
    try #require(bars.count == 2, "two days with events:\n\(app.screen)")
    // The last day is the track's last column, one before the slider's right arrow.
    let slider = try #require(lines.first { $0.hasPrefix("Last ") }, "\(app.screen)")
    #expect(bars[1] == slider.count - 2, "today is at the right end:\n\(app.screen)")
    #expect(bars[0] < bars[1] / 2, "300 days ago is near the left:\n\(app.screen)")
    // The scale: months back from 2025-11-08, a year named where it turns.
    #expect(
      lines.contains { $0.contains("2025") && $0.contains("Jun") && $0.contains("Oct") },
      "a scale of months under the bars:\n\(app.screen)")
  }

  @Test("a click or a drag on the slider sets the days; on the timeline, the day clicked starts the window")
  func clicksSetTheDays() throws {
    let app = wildfires(width: 100)
    func label() -> String { app.lines.first { $0.hasPrefix("Last ") }.map { String($0.prefix(14)) } ?? "" }
    let slider = try #require(app.lines.firstIndex { $0.hasPrefix("Last 30 days") }, "\(app.screen)")
    // The track's last cell, left of the ▶ at the right edge: the slider's end.
    app.press(.mouse(MouseEvent(.click, at: Point(x: 98, y: slider))))
    #expect(label() == "Last 360 days ", "\(app.screen)")
    app.press(.mouse(MouseEvent(.drag(from: Point(x: 98, y: slider)), at: Point(x: 20, y: slider))))
    let dragged = Int(label().dropFirst(5).prefix { $0.isNumber }) ?? 0
    #expect((2...30).contains(dragged), "dragged near the start: \(label())")
    // The timeline's last column is today: the last day.
    app.press(.mouse(MouseEvent(.click, at: Point(x: 98, y: slider - 2))))
    #expect(label() == "Last day      ", "\(app.screen)")
  }
}
