import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// Issue 27, item 16: what changed in an event since it was seen.
@Suite("What changed since last seen")
struct EventDeltaTests {
  private let start = Date(timeIntervalSince1970: 1_762_560_000)

  private func event(_ positions: [(longitude: Double, acres: Double?)], closed: Date? = nil) -> EOEvent {
    EOEvent(
      id: "e", title: "Fire", closed: closed, categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      geometries: positions.enumerated().map { index, position in
        EOGeometry(
          date: start.addingTimeInterval(Double(index) * 86_400),
          shape: .point(EOCoordinate(longitude: position.longitude, latitude: 40)),
          magnitude: position.acres.map { EOMagnitude(value: $0, unit: "acres") })
      })
  }

  @Test("a move, a new magnitude and a close, measured from the record that was latest when seen")
  func everything() throws {
    let seen = EventFingerprint(event([(-100, 100), (-100, 120)]))
    let now = event(
      [(-100, 100), (-100, 120), (-99.5, 500), (-99, 900)], closed: start.addingTimeInterval(4 * 86_400))
    let delta = try #require(EventDelta(now, since: seen))
    #expect(delta.newRecords == 2)
    #expect(delta.move?.direction == "E")
    // One degree of longitude at 40°N: 111.19 km × cos 40°.
    #expect(abs((delta.move?.kilometres ?? 0) - 85.2) < 0.2)
    #expect(delta.magnitude == EventDelta.MagnitudeChange(before: 120, after: 900))
    #expect(
      delta.summary() == "moved 85 km E in 2 new records · magnitude 120 → 900 acres · closed 2025-11-12")
    #expect(delta.summary(ascii: true).contains("120 -> 900 acres"))
  }

  @Test("a new record at the same place says so without a move; a magnitude appearing reads from none")
  func recordsAndNone() throws {
    let seen = EventFingerprint(event([(-100, nil)]))
    let delta = try #require(EventDelta(event([(-100, nil), (-100, 40)]), since: seen))
    #expect(delta.move == nil)
    #expect(delta.summary() == "1 new record · magnitude none → 40 acres")
  }

  @Test("nothing changed is no delta")
  func nothing() {
    let same = event([(-100, 100), (-99, 200)])
    #expect(EventDelta(same, since: EventFingerprint(same)) == nil)
  }
}
