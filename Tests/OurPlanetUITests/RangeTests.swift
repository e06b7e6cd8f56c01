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
}
