import Foundation
import Testing

@testable import EONETKit

@Suite("EventWindow")
struct EventWindowTests {
  private let reference = Date(timeIntervalSince1970: 1_762_560_000.25)  // a fetch time with a fraction

  private func event(_ id: String, secondsAgo: Double, closedSecondsAgo: Double? = nil) -> EOEvent {
    EOEvent(
      id: id, title: id, closed: closedSecondsAgo.map { reference.addingTimeInterval(-$0) },
      geometries: [
        EOGeometry(
          date: reference.addingTimeInterval(-secondsAgo),
          shape: .point(EOCoordinate(longitude: 0, latitude: 0)))
      ])
  }

  @Test(
    "exactly N days before the fetch time is inside; a second more is outside", arguments: [0, 1, 30, 360])
  func edges(days: Int) {
    let window = EventWindow(days: days)
    let exact = Double(days) * 86_400
    #expect(window.contains(event("edge", secondsAgo: exact), reference: reference))
    #expect(!window.contains(event("older", secondsAgo: exact + 1), reference: reference))
    #expect(window.contains(event("newer", secondsAgo: exact - 1), reference: reference))
    #expect(window.contains(event("after the fetch", secondsAgo: -60), reference: reference))
    #expect(window.start(before: reference) == reference.addingTimeInterval(-exact))
  }

  @Test("a closed event counts from its closing date, an open one from its latest observation")
  func closedVersusOpen() {
    let window = EventWindow(days: 2)
    // Observed 10 days ago, closed yesterday: inside by its closing date.
    #expect(
      window.contains(
        event("closed", secondsAgo: 10 * 86_400, closedSecondsAgo: 86_400), reference: reference))
    // Observed yesterday, closed 10 days ago (a backdated closing): outside, the closing date rules.
    #expect(
      !window.contains(
        event("closed", secondsAgo: 86_400, closedSecondsAgo: 10 * 86_400), reference: reference))
    let track = EOEvent(
      id: "track", title: "track",
      geometries: [
        EOGeometry(
          date: reference.addingTimeInterval(-9 * 86_400),
          shape: .point(EOCoordinate(longitude: 0, latitude: 0))),
        EOGeometry(
          date: reference.addingTimeInterval(-86_400), shape: .point(EOCoordinate(longitude: 1, latitude: 0))),
      ])
    #expect(window.contains(track, reference: reference), "the latest observation dates an open event")
  }

  @Test("an event without a position or a closing date is outside every window")
  func noGeometry() {
    let undated = EOEvent(id: "undated", title: "undated")
    for days in [0, 1, 36_500] {
      #expect(!EventWindow(days: days).contains(undated, reference: reference))
    }
  }

  @Test("a negative length is an empty window of 0 days, and the request asks for 0 days")
  func negative() {
    let window = EventWindow(days: -5)
    #expect(window.requestDays == 0)
    #expect(window.contains(event("now", secondsAgo: 0), reference: reference))
    #expect(!window.contains(event("a second ago", secondsAgo: 1), reference: reference))
    #expect(EventWindow(days: 45).requestDays == 45)
  }

  @Test(
    "the prefix of a newest-first list is exactly the events the window contains", arguments: [0, 1, 3, 7])
  func prefixAgreesWithContains(days: Int) {
    // Events every half day, with some exactly on a day boundary: ages 0, 0.5, 1, … 9.5 days.
    let events = (0..<20).map { event("e\($0)", secondsAgo: Double($0) * 43_200) }
    let window = EventWindow(days: days)
    let expected = events.filter { window.contains($0, reference: reference) }.map(\.id)
    #expect(window.prefix(of: events, reference: reference).map(\.id) == expected)
    #expect(expected.count == 2 * days + 1)
    // The loader's cut of a download is the same window.
    let fetched = EOFetched(value: Array(events.reversed()), source: .live, fetchedAt: reference)
    #expect(EONETClient.filter(fetched, forLast: days).value.map(\.id) == expected)
  }
}
