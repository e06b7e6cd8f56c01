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
    #expect(EONETClient.filter(fetched, in: EventWindow(days: days)).value.map(\.id) == expected)
  }
  private static func day(_ text: String) throws -> Date { try EventWindow.day(parsing: text) }

  @Test("a day as YYYY-MM-DD: the start of that UTC day; other shapes and days not on the calendar refused")
  func dayText() throws {
    #expect(try Self.day("2024-06-01") == Date(timeIntervalSince1970: 1_717_200_000))
    #expect(try Self.day("2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
    #expect(EventWindow.dayText(Date(timeIntervalSince1970: 1_709_251_199)) == "2024-02-29")
    #expect(try EventWindow.dayText(Self.day("1999-12-31")) == "1999-12-31")
    for text in ["2024-6-1", "24-06-01", "2024/06/01", "2024-06-01T00:00", "", "２０２４-06-01"] {
      #expect(throws: EventWindow.DayTextError.notADate, "\(text)") { try EventWindow.day(parsing: text) }
    }
    for text in ["2025-02-29", "2024-13-01", "2024-04-31", "2024-00-10"] {
      #expect(throws: EventWindow.DayTextError.notOnTheCalendar, "\(text)") {
        try EventWindow.day(parsing: text)
      }
    }
  }

  @Test("the command line's window: a range of whole days, N days ending a day, or the last N days")
  func commandLineWindow() throws {
    let today = try Self.day("2024-11-28").addingTimeInterval(3_600 * 15)
    let june = try Self.day("2024-06-01")
    let july = try Self.day("2024-07-10")
    let july11 = try Self.day("2024-07-11")
    #expect(
      EventWindow(days: 30, from: june, through: july, today: today) == EventWindow(days: 40, end: july11))
    #expect(
      try EventWindow(days: 30, from: june, through: nil, today: today)
        == EventWindow(days: 181, end: Self.day("2024-11-29")))
    #expect(
      EventWindow(days: 30, from: nil, through: july, today: today) == EventWindow(days: 30, end: july11))
    #expect(EventWindow(days: 30, from: nil, through: nil, today: today) == EventWindow(days: 30))
    #expect(EventWindow(days: 30, from: july, through: june, today: today) == EventWindow(days: 30))
    #expect(try EventWindow.endOfDay(today) == Self.day("2024-11-29"))
    #expect(
      EventWindow(days: 30, from: june, through: july, today: today).lastDay.map(EventWindow.dayText)
        == "2024-07-10")
    #expect(EventWindow(days: 30).lastDay == nil)
  }

  @Test("moving a window by its own length: back into past ranges, forward until today, then the last days")
  func moved() throws {
    let now = try Self.day("2024-11-28").addingTimeInterval(3_600 * 15)
    let endOfToday = try Self.day("2024-11-29")
    let latest = EventWindow(days: 7)
    let back = latest.moved(by: -1, now: now)
    #expect(try back == EventWindow(days: 7, end: Self.day("2024-11-22")))
    #expect(try back.moved(by: -2, now: now) == EventWindow(days: 7, end: Self.day("2024-11-08")))
    #expect(back.moved(by: 1, now: now) == latest, "reaching today is the last days again")
    #expect(back.moved(by: 5, now: now) == latest, "past today too")
    #expect(latest.moved(by: 1, now: now) == latest, "already at today")
    let range = EventWindow(days: 3, end: endOfToday.addingTimeInterval(-10 * EventWindow.secondsPerDay))
    #expect(range.moved(by: 1, now: now).end == endOfToday.addingTimeInterval(-7 * EventWindow.secondsPerDay))
  }
}
