import Foundation
import Testing

@testable import EONETKit

@Suite("EventQuery")
struct EventQueryTests {
  private func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }

  private func event(first: String, last: String, closed: String? = nil) -> EOEvent {
    EOEvent(
      id: "E", title: "E", closed: closed.map { day($0) },
      geometries: [first, last].map {
        EOGeometry(date: day($0), shape: .point(EOCoordinate(longitude: 0, latitude: 0)))
      })
  }

  @Test("a range of whole UTC days: its length, its end the start of the day after the last")
  func rangeWindow() throws {
    let window = try #require(EventWindow(from: day("2024-06-01"), through: day("2024-11-30")))
    #expect(window.days == 183)
    #expect(window.end == day("2024-12-01"))
    #expect(window.start(before: window.end!) == day("2024-06-01"))
    #expect(EventWindow(from: day("2024-06-02"), through: day("2024-06-01")) == nil)
    #expect(
      EventWindow(from: day("2024-06-01"), through: day("2024-06-01").addingTimeInterval(3600))?.days == 1)
  }

  @Test("a range keeps the events whose span overlaps it, whatever the data's fetch time")
  func rangeOverlap() throws {
    let window = try #require(EventWindow(from: day("2024-06-01"), through: day("2024-06-30")))
    let now = day("2026-11-27")
    #expect(window.contains(event(first: "2024-05-20", last: "2024-06-01"), reference: now))
    #expect(window.contains(event(first: "2024-06-30", last: "2024-07-20"), reference: now))
    #expect(window.contains(event(first: "2024-05-01", last: "2024-08-01"), reference: now))
    #expect(!window.contains(event(first: "2024-05-01", last: "2024-05-31"), reference: now))
    #expect(!window.contains(event(first: "2024-07-01", last: "2024-07-02"), reference: now))
    // Closed on the first day: inside; its closing date is its date.
    #expect(
      window.contains(event(first: "2024-05-01", last: "2024-05-02", closed: "2024-06-01"), reference: now))
  }

  @Test("the last N days alone ask `days` and keep the shared cache files")
  func plainDays() {
    let query = EventQuery(days: 30)
    #expect(query.isPlainDays)
    #expect(query.cacheSuffix == "")
    #expect(query.halves == ["open", "closed"])
    #expect(query.queryItems(status: "open").map { "\($0.name)=\($0.value!)" } == ["status=open", "days=30"])
  }

  @Test("a range, a status, a magnitude and sources become EONET's parameters, with files of their own")
  func narrowQuery() throws {
    var query = EventQuery(
      window: try #require(EventWindow(from: day("2024-06-01"), through: day("2024-11-30"))))
    query.status = .open
    query.magnitude = .init(id: "mag_kts", minimum: 64, maximum: 137.5)
    query = EventQuery(
      window: query.window, status: .open, magnitude: query.magnitude, sources: ["NOAA_NHC", "JTWC"])
    #expect(!query.isPlainDays)
    #expect(query.halves == ["open"])
    #expect(
      query.queryItems(status: "open").map { "\($0.name)=\($0.value!)" } == [
        "status=open", "start=2024-06-01", "end=2024-11-30", "magID=mag_kts", "magMin=64", "magMax=137.5",
        "source=JTWC,NOAA_NHC",
      ])
    // One file name per question, the same in every run; another question, another file.
    #expect(query.cacheSuffix.hasPrefix("-q") && query.cacheSuffix.count == 18)
    #expect(
      query.cacheSuffix
        == EventQuery(
          window: query.window, status: .open, magnitude: query.magnitude,
          sources: ["JTWC", "NOAA_NHC"]
        ).cacheSuffix)
    var other = query
    other.sources = ["JTWC"]
    #expect(other.cacheSuffix != query.cacheSuffix)
  }

  @Test("a past range is final once fetched after its end; days up to now never are")
  func completeness() throws {
    let query = EventQuery(
      window: try #require(EventWindow(from: day("2024-06-01"), through: day("2024-06-30"))))
    #expect(query.isComplete(fetchedAt: day("2024-07-01")))
    #expect(!query.isComplete(fetchedAt: day("2024-06-30").addingTimeInterval(3600)))
    #expect(!EventQuery(days: 30).isComplete(fetchedAt: day("2030-01-01")))
  }
}
