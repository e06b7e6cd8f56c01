import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// One description of a change: the facts worked out from the event and how it was seen, in words
/// and in JSON.
@Suite("ChangeDescription")
struct ChangeDescriptionTests {
  private static let start = Date(timeIntervalSince1970: 1_762_560_000)

  /// A fire with a report per position, a day apart, each with its magnitude.
  private func fire(_ positions: [(latitude: Double, longitude: Double, acres: Double)], closed: Date? = nil)
    -> EOEvent
  {
    EOEvent(
      id: "EONET_1", title: "Rim Fire", closed: closed,
      categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      geometries: positions.enumerated().map { index, position in
        EOGeometry(
          date: Self.start.addingTimeInterval(Double(index) * 86_400),
          shape: .point(EOCoordinate(longitude: position.longitude, latitude: position.latitude)),
          magnitude: EOMagnitude(value: position.acres, unit: "acres"))
      })
  }

  @Test("an update says how it grew, how far and which way it moved, and how many reports came")
  func updated() throws {
    let before = fire([(38.25, -120.5, 500)])
    let after = fire([(38.25, -120.5, 500), (38.25, -119.5, 1_200)])
    let change = ChangeDescription(after, kind: .updated, since: EventFingerprint(before))
    #expect(change.text == "grew 500 → 1,200 acres, moved 87 km E, 1 new report")
    #expect(change.text(ascii: true) == "grew 500 -> 1,200 acres, moved 87 km E, 1 new report")
    #expect(change.headline == "Updated")
    let json = change.json.serialized()
    #expect(
      json
        == #"[{"fact":"grew","from":500,"to":1200,"unit":"acres"},{"fact":"moved","km":87.3,"bearing":"E"},{"fact":"reports","count":1}]"#,
      "\(json)")
  }

  @Test("a closing says when; a new event has no facts and reads with its size")
  func closedAndNew() {
    let end = Self.start.addingTimeInterval(2 * 86_400)
    let open = fire([(38.25, -120.5, 500)])
    let closed = ChangeDescription(
      fire([(38.25, -120.5, 500)], closed: end), kind: .closed, since: .init(open))
    #expect(closed.facts == [.closed(end)])
    #expect(closed.text == "closed \(Formatting.minute(end))")
    #expect(closed.sentence(EventRecord(open)) == "Closed: Rim Fire · closed \(Formatting.minute(end))")
    let new = ChangeDescription(open, kind: .new, since: nil)
    #expect(new.facts.isEmpty && new.json == .array([]))
    #expect(new.sentence(EventRecord(open)) == "New: Rim Fire · 500 acres")
  }

  @Test("a fire that shrank fell; a report in the same place is no move")
  func fellInPlace() {
    let before = fire([(10, 10, 900)])
    let after = fire([(10, 10, 900), (10, 10, 400)])
    let change = ChangeDescription(after, kind: .updated, since: EventFingerprint(before))
    #expect(change.text == "fell 900 → 400 acres, 1 new report")
  }
}

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
