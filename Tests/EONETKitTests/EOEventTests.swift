import Foundation
import TestSupport
import Testing

@testable import EONETKit

@Suite("EOEvent")
struct EOEventTests {
  private func point(_ day: Int, magnitude: Double? = nil) -> EOGeometry {
    EOGeometry(
      date: Date(timeIntervalSince1970: Double(day) * 86_400),
      shape: .point(EOCoordinate(longitude: Double(day), latitude: 0)),
      magnitude: magnitude.map { EOMagnitude(value: $0, unit: "kts") })
  }

  @Test("an open event dates from its latest observation")
  func openDate() {
    let event = EOEvent(id: "E", title: "T", geometries: [point(1), point(5), point(3)])
    #expect(event.date == Date(timeIntervalSince1970: 5 * 86_400))
    #expect(event.latestGeometry == point(5))
    #expect(event.isOpen)
  }

  @Test("a closed event dates from its closing, even before its last observation")
  func closedDate() {
    let closed = Date(timeIntervalSince1970: 4 * 86_400)
    let event = EOEvent(id: "E", title: "T", closed: closed, geometries: [point(1), point(5)])
    #expect(event.date == closed)
    #expect(!event.isOpen)
  }

  @Test("an event with nothing to date it by sorts last")
  func undated() {
    #expect(EOEvent(id: "E", title: "T").date == .distantPast)
  }

  @Test("a polygon's center is the mean of its outer ring without the closing vertex")
  func polygonCenter() {
    let ring = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (0.0, 0.0)].map {
      EOCoordinate(longitude: $0.0, latitude: $0.1)
    }
    let geometry = EOGeometry(date: Date(), shape: .polygon([ring]))
    #expect(geometry.center == EOCoordinate(longitude: 1, latitude: 1))
    #expect(EOGeometry(date: Date(), shape: .polygon([])).center == nil)
  }

  @Test("newest first, ties broken by id")
  func ordering() {
    let a = EOEvent(id: "A", title: "", geometries: [point(2)])
    let b = EOEvent(id: "B", title: "", geometries: [point(2)])
    let c = EOEvent(id: "C", title: "", geometries: [point(9)])
    #expect([a, b, c].sorted(by: EOEvent.newestFirst).map(\.id) == ["C", "A", "B"])
  }

  @Test(
    "sortedNewestFirst orders any input as newestFirst does, and keeps an ordered one as it is",
    arguments: SplitMix.seeds(2))
  func sortedNewestFirst(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    let events = (0..<500).map { index in
      EOEvent(
        id: "E\(index % 97)-\(index)", title: "",
        geometries: [point(Int.random(in: 0..<40, using: &generator))])
    }
    let expected = events.sorted(by: EOEvent.newestFirst)
    #expect(events.shuffled(using: &generator).sortedNewestFirst() == expected)
    #expect(expected.sortedNewestFirst() == expected)
    #expect(expected.reversed().sortedNewestFirst() == expected)
    #expect([EOEvent]().sortedNewestFirst().isEmpty)
  }
}
