import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// "New" is what appeared where you had already looked: the seen state keeps, per category, the
/// earliest start of a window up to now that showed it.
@Suite("Seen state: where you looked")
struct SeenLookTests {
  private static let now = Date(timeIntervalSince1970: 1_762_560_000)
  private static let day = 86_400.0

  private func event(_ id: String, daysAgo: Double) -> EOEvent {
    EOEvent(
      id: id, title: id, categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      geometries: [
        EOGeometry(
          date: Self.now.addingTimeInterval(-daysAgo * Self.day),
          shape: .point(EOCoordinate(longitude: 0, latitude: 0)))
      ])
  }

  private func start(days: Double) -> Date { Self.now.addingTimeInterval(-days * Self.day) }

  @Test("the first look takes everything as seen; widening the window to 1,000 days makes nothing new")
  func wideningIsHistory() {
    var state = SeenState(baseline: [])
    let recent = (0..<10).map { event("r\($0)", daysAgo: Double($0)) }
    state.look(category: "wildfires", events: recent, windowStart: start(days: 30))
    #expect(recent.allSatisfy { state.change(of: $0) == nil })
    let old = (0..<3_000).map { event("o\($0)", daysAgo: 31 + Double($0) / 4) }
    // Before the wider look is recorded, the older events are history already.
    #expect(old.allSatisfy { state.change(of: $0) == nil })
    state.look(category: "wildfires", events: recent + old, windowStart: start(days: 1_000))
    #expect((recent + old).allSatisfy { state.change(of: $0) == nil })
    #expect(state.looked["wildfires"] == start(days: 1_000))
  }

  @Test("an unseen event inside a window looked at is news, whatever its date; outside, history")
  func backDated() {
    var state = SeenState(baseline: [])
    state.look(category: "wildfires", events: [event("a", daysAgo: 1)], windowStart: start(days: 30))
    #expect(state.change(of: event("back-dated", daysAgo: 20)) == .new)
    #expect(state.change(of: event("today", daysAgo: 0)) == .new)
    #expect(state.change(of: event("old", daysAgo: 40)) == nil)
    // A narrower look later keeps the wider window's start.
    state.look(category: "wildfires", events: [event("a", daysAgo: 1)], windowStart: start(days: 7))
    #expect(state.change(of: event("back-dated", daysAgo: 20)) == .new)
  }

  @Test("a file from before looks were recorded reads as looked at nothing extra, never as an error")
  func oldFile() throws {
    let text = #"{"baseline":["wildfires"],"events":{"a":{"records":1,"latest":"2025-11-01T00:00:00Z"}}}"#
    let quick = try #require(SeenState.quickRead(Data(text.utf8)))
    #expect(quick.looked.isEmpty)
    var state = quick
    let seenOne = EOEvent(
      id: "a", title: "a", categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      geometries: [
        EOGeometry(
          date: Date(timeIntervalSince1970: 1_761_955_200),
          shape: .point(EOCoordinate(longitude: 0, latitude: 0)))
      ])
    let newer = event("newer", daysAgo: 1)
    let older = event("older", daysAgo: 400)
    // As before the upgrade: an unseen event of a baseline category is new until looked at.
    #expect(state.change(of: newer) == .new)
    state.look(category: "wildfires", events: [seenOne, newer, older], windowStart: start(days: 1_000))
    #expect(state.change(of: newer) == .new, "newer than what was seen: still news")
    #expect(state.change(of: older) == nil, "older than anything seen there: history")
  }

  @Test("merging keeps the earliest look of either")
  func merging() {
    let mine = SeenState(baseline: [], looked: ["wildfires": start(days: 30), "volcanoes": start(days: 5)])
    let theirs = SeenState(baseline: [], looked: ["wildfires": start(days: 60)])
    #expect(mine.merging(theirs).looked == ["wildfires": start(days: 60), "volcanoes": start(days: 5)])
  }
}
