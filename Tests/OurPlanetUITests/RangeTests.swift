import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// `<` and `>`: the days window moves through time by its own length, loading each past range.
@Suite("History range keys")
struct RangeTests {
  /// A scripted feed that records the windows it is moved to.
  final class MovingFeed: EventFeed, @unchecked Sendable {
    let base: ScriptedFeed
    var moves: [EventWindow] = []
    var end: Date?

    init(base: ScriptedFeed, end: Date? = nil) {
      self.base = base
      self.end = end
    }

    func stored() -> Observable<Catalog> { base.stored() }
    func refreshUpdates() -> Observable<EORefreshUpdate> { base.refreshUpdates() }
    var rangeEnd: Date? { end }
    func moved(to window: EventWindow) -> EventFeed {
      moves.append(window)
      end = window.end
      return self
    }
  }

  private func makeFeed(_ scheduler: TestScheduler) -> MovingFeed {
    MovingFeed(
      base: ScriptedFeed(
        categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)]).asObservable(),
        events: [
          "wildfires": scheduler.createColdObservable([
            .next(10, [Fixture.event("f1", daysAgo: 1), Fixture.event("f2", daysAgo: 40)]), .completed(10),
          ]).asObservable()
        ]))
  }

  private func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }

  @Test("< loads the window's length further back and says so; > comes back to today, and no further")
  func moves() throws {
    var moving: MovingFeed?
    let app = ShellHarness { scheduler in
      let made = makeFeed(scheduler)
      moving = made
      return made
    }
    app.advance(to: 100)
    #expect(app.header.contains("last 30 days"), "\(app.header)")
    app.press(.char("<"))
    let feed = try #require(moving)
    // The clock's today is 2025-11-08: 30 days back ends on 2025-10-09, the slider's whole range loaded.
    #expect(feed.moves == [EventWindow(days: 360, end: day("2025-10-10"))])
    app.advance(to: 300)
    #expect(app.header.contains("30 days ending 2025-10-09"), "\(app.header)")
    #expect(app.statusLine.contains("the 30 days ending 2025-10-09"), "\(app.statusLine)")
    app.press(.char("<"))
    #expect(feed.moves.last == EventWindow(days: 360, end: day("2025-09-10")))
    app.press(.char(">"), .char(">"))
    #expect(feed.moves.last == EventWindow(days: 360, end: nil))
    app.advance(to: 600)
    #expect(app.header.contains("last 30 days"), "\(app.header)")
    app.press(.char(">"))
    #expect(feed.moves.count == 4)
    #expect(app.statusLine.contains("Already at today"), "\(app.statusLine)")
  }

  /// Issue 38, item 11: the slider says the window as the header does, not "Last 30 days".
  @Test("in a past range the slider's label names the range's last day, as the header does")
  func sliderSaysTheRange() throws {
    let app = ShellHarness { makeFeed($0) }
    app.advance(to: 100)
    app.press(.char("j"), .enter)
    #expect(app.lines.contains { $0.hasPrefix("Last 30 days") }, "\(app.screen)")
    app.press(.char("<"))
    app.advance(to: 300)
    let slider = try #require(app.lines.first { $0.contains("◀") }, "\(app.screen)")
    #expect(slider.hasPrefix("30 days ending 2025-10-09"), "\(slider)")
    #expect(app.header.contains("30 days ending 2025-10-09"), "\(app.header)")
    #expect(app.screen.contains("each event as its last report up to 2025-10-09 left it"), "\(app.screen)")
    // Issue 38, item 3: r on a range downloaded after it ended says why it does nothing.
    app.press(.char("r"))
    #expect(app.statusLine.contains("Nothing to refresh"), "\(app.statusLine)")
    #expect(app.statusLine.contains("final"), "\(app.statusLine)")
  }

  /// Issue 38, item 11: the date column holds each event's last report up to the range's end, and
  /// its name says so.
  @Test("in a past range the date column is named by the range's last day, its dates aligned under it")
  func dateColumnSaysTheRange() throws {
    let app = ShellHarness { makeFeed($0) }
    app.advance(to: 100)
    app.press(.char("j"), .enter)
    #expect(app.lines.contains { $0.hasSuffix(" last date") }, "\(app.screen)")
    app.press(.char("<"))
    app.advance(to: 300)
    let header = try #require(app.lines.first { $0.contains("title") }, "\(app.screen)")
    #expect(header.hasSuffix("≤ 2025-10-09"), "\(header)")
    #expect(!app.screen.contains("last date"), "\(app.screen)")
    // The row's date ends where the column's name does.
    let row = try #require(app.lines.first { $0.contains("f2") }, "\(app.screen)")
    #expect(row.count == header.count, "\(row)\n\(header)")
  }

  /// Issue 38, item 11: a category's own notice (here a failed download) and the range's share the
  /// notice row; the range's short form comes first when both do not fit.
  @Test("in a past range the category's own notice does not hide the range's")
  func rangeNoticeBesideTheCategorys() throws {
    let end = day("2025-10-10")
    var options = AppOptions(days: 30)
    options.rangeEnd = end
    for width in [50, 140] {
      let app = ShellHarness(size: Size(width: width, height: 24), options: options) { scheduler in
        MovingFeed(
          base: ScriptedFeed(
            categories: scheduler.createColdObservable([.next(5, [Fixture.fires]), .completed(5)])
              .asObservable(),
            events: [
              "wildfires": scheduler.createColdObservable([
                .error(10, EONETError.httpStatus(url: "http://127.0.0.1:9/events", status: 500))
              ]).asObservable()
            ]),
          end: end)
      }
      app.advance(to: 100)
      app.press(.char("j"), .enter)
      app.advance(to: 200)
      let notice = try #require(app.lines.first { $0.contains("download failed") }, "\(app.screen)")
      #expect(notice.contains("Past range to 2025-10-09"), "\(width): \(notice)")
      if width == 50 {
        #expect(notice.hasPrefix("Past range to 2025-10-09"), "\(notice)")
      } else {
        #expect(notice.hasPrefix("! "), "\(notice)")
        let trimmed = notice.trimmingCharacters(in: .whitespaces)
        #expect(trimmed.hasSuffix("Past range to 2025-10-09"), "\(notice)")
      }
    }
  }
}
