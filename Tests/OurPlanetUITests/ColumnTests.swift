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

  /// Issue 38, item 12: the timeline runs as the slider does, so the window the slider sets is the
  /// bars from the left edge to its knob; its peak is written before it; years where they turn.
  @Test("the timeline runs newest left, as the slider, over a scale of months and its peak")
  func timelineRunsAsTheSlider() throws {
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
    let slider = try #require(lines.first { $0.hasPrefix("Last ") }, "\(app.screen)")
    let trackStart = try #require(slider.firstIndex(of: "◀")).utf16Offset(in: slider) + 1
    // The peak (one event a column) before the track, the bars on it.
    #expect(timeline.hasPrefix("           █ 1"), "the scale: \(timeline)")
    let bars = timeline.enumerated().filter { $0.offset >= trackStart && $0.element != " " }.map(\.offset)
    try #require(bars.count == 2, "two days with events:\n\(app.screen)")
    #expect(bars[0] == trackStart, "today is at the left end, under the slider's low end:\n\(app.screen)")
    #expect(bars[1] > (trackStart + slider.count) / 2, "300 days ago is near the right:\n\(app.screen)")
    // The scale: months back from 2025-11-08, newest first, a year named where it turns.
    let scale = try #require(lines.first { $0.contains("Oct") }, "\(app.screen)")
    let october = try #require(scale.range(of: "Oct")).lowerBound
    let june = try #require(scale.range(of: "Jun")).lowerBound
    #expect(october < june, "newer months first: \(scale)")
    #expect(scale.contains("2025"), "the year where it turns: \(scale)")
  }

  /// Issue 38, item 12: at 1,000 days the months crowd, but the years are named.
  @Test("at 1,000 days the scale names each year it crosses")
  func longScaleNamesTheYears() throws {
    let app = ShellHarness(size: Size(width: 100, height: 20), options: AppOptions(days: 1000)) { scheduler in
      ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([
            .next(10, [fire("new", "New Fire", daysAgo: 0.5, acres: nil, at: (30, -97))]), .completed(10),
          ]).asObservable()
        ])
    }
    app.advance(to: 100)
    app.press(.char("j"), .enter)
    let scale = try #require(app.lines.first { $0.contains("Oct") || $0.contains("2025") }, "\(app.screen)")
    // 1,000 days back from 2025-11-08 reach 2023-02: two Januaries crossed.
    for year in ["2025", "2024"] { #expect(scale.contains(year), "\(year) in \(scale)") }
  }

  @Test("a click or a drag on the slider sets the days; on the timeline, the day clicked ends the window")
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
    // The timeline runs as the slider: its last column is the slider's end, its first the last day.
    app.press(.mouse(MouseEvent(.click, at: Point(x: 98, y: slider - 2))))
    #expect(label() == "Last 360 days ", "\(app.screen)")
    let first = try #require(app.lines[slider].firstIndex(of: "◀")).utf16Offset(in: app.lines[slider]) + 1
    app.press(.mouse(MouseEvent(.click, at: Point(x: first, y: slider - 2))))
    #expect(label() == "Last day      ", "\(app.screen)")
  }
}
