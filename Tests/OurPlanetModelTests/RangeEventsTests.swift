import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// Issue 38, item 11: inside a past range, an event is listed, sorted and exported by its last
/// report inside the range.
@Suite("Events of a past range")
struct RangeEventsTests {
  private let end = Date(timeIntervalSince1970: 1_756_684_800)  // 2025-09-01, the day after --to
  private let day = 86_400.0

  private func iceberg(_ id: String, reports: [Double], closed: Double? = nil) -> EOEvent {
    EOEvent(
      id: id, title: "Iceberg \(id)", closed: closed.map { end.addingTimeInterval($0 * day) },
      categories: [EOCategory(id: "seaLakeIce", title: "Sea and Lake Ice")],
      geometries: reports.map { offset in
        EOGeometry(
          date: end.addingTimeInterval(offset * day), shape: .point(EOCoordinate(longitude: 0, latitude: -70))
        )
      })
  }

  @Test("an event reported again after the range is dated, ordered and open as it was at the range's end")
  func clipsToTheRange() throws {
    let later = iceberg("A85", reports: [-40, -20, 86], closed: 90)
    let inside = iceberg("B22", reports: [-10])
    let catalog = Catalog(
      items: [CategoryItem(category: EOCategory(id: "seaLakeIce", title: "Ice"), events: [later, inside])],
      rangeEnd: end)
    let events = try #require(catalog.items.first?.events)
    #expect(events.map(\.id) == ["B22", "A85"], "the last report inside the range orders them")
    let a85 = try #require(events.first { $0.id == "A85" })
    #expect(a85.date == end.addingTimeInterval(-20 * day))
    #expect(a85.closed == nil, "it closed after the range: open in it")
    #expect(EventRecord(a85, from: nil).fields.contains { $0.name == "last_date" })
    // Up to now nothing is clipped: the closed event is dated by its closing.
    let live = Catalog(items: [
      CategoryItem(category: EOCategory(id: "seaLakeIce", title: "Ice"), events: [later])
    ])
    #expect(live.items.first?.events.first?.date == end.addingTimeInterval(90 * day))
  }
}
