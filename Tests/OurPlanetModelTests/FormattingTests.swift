import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

@Suite("Formatting")
struct FormattingTests {
  @Test(
    "counts get thousands separators",
    arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_204, "1,204"), (-12_345_678, "-12,345,678")])
  func counts(value: Int, text: String) {
    #expect(Formatting.count(value) == text)
  }

  @Test(
    "magnitudes have one format: whole with separators from 100, one decimal at most below, never .0",
    arguments: [
      (2_547.7, "acres", "2,548 acres"), (2_547, "acres", "2,547 acres"), (1_200.5, "acres", "1,201 acres"),
      (35, "kts", "35 kts"), (35.44, "kts", "35.4 kts"), (3.5, "NM^2", "3.5 NM²"), (7.0, "", "7"),
    ])
  func magnitudes(value: Double, unit: String, text: String) {
    #expect(Formatting.magnitude(value: value, unit: unit) == text)
  }

  @Test("a magnitude that is not a number says so instead of crashing")
  func oddMagnitudes() {
    #expect(Formatting.magnitude(value: .infinity, unit: "kts") == "? kts")
    #expect(Formatting.magnitude(value: 1e300, unit: nil) == "1e+300")
  }

  @Test("singular and plural")
  func plurals() {
    #expect(Formatting.count(1, "event") == "1 event")
    #expect(Formatting.count(2, "event") == "2 events")
    #expect(Formatting.count(1, "categor", plural: "ies", singular: "y") == "1 category")
    #expect(EventWindow(days: 1).phrase == "the last day")
    #expect(EventWindow(days: 1_000).phrase == "the last 1,000 days")
  }

  @Test("coordinates read as degrees north/south and east/west")
  func coordinates() {
    #expect(Formatting.coordinate(EOCoordinate(longitude: 139.69, latitude: 35.68)) == "35.68°N 139.69°E")
    #expect(Formatting.coordinate(EOCoordinate(longitude: -58.38, latitude: -34.6)) == "34.60°S 58.38°W")
  }

  @Test("days, minutes and times in the zone shown, the zone named wherever a time of day is")
  func dates() {
    let date = Date(timeIntervalSince1970: 1_762_610_580)  // 2025-11-08 14:03 UTC
    #expect(Formatting.day(date, in: .utc) == "2025-11-08")
    #expect(Formatting.minute(date, in: .utc) == "2025-11-08 14:03 UTC")
    #expect(Formatting.time(date, in: .utc) == "14:03:00")
    let eastern = DisplayZone.fixed(offset: -5 * 3_600, abbreviation: "EST")
    #expect(Formatting.minute(date, in: eastern) == "2025-11-08 09:03 EST")
    #expect(Formatting.clock(date, in: eastern) == "09:03 EST")
    // Early in the UTC day it is still the day before in New York: lists show New York's day.
    let early = Date(timeIntervalSince1970: 1_762_567_200)  // 2025-11-08 02:00 UTC
    #expect(Formatting.day(early, in: eastern) == "2025-11-07")
    #expect(
      Formatting.minute(early, in: .fixed(offset: 19_800, abbreviation: "IST")) == "2025-11-08 07:30 IST")
  }

  @Test("the detail numbers the links and lists a track's positions oldest first")
  func detail() throws {
    let event = EOEvent(
      id: "e", title: "Storm", link: "https://eonet.example/e",
      sources: [
        EOSource(id: "JTWC", url: "https://a.example"), EOSource(id: "GDACS", url: "https://b.example"),
      ],
      geometries: Sample.track("t", daysAgo: 1, positions: [(1, 2), (3, 4)]).geometries)
    let lines = EventDetail.lines(for: event)
    // Each name with its link on the line under it (issue 38, item 15: never broken after the name).
    for (name, url) in [
      ("  1. JTWC", "https://a.example"), ("  2. GDACS", "https://b.example"),
      ("  3. EONET", "https://eonet.example/e"),
    ] {
      let index = try #require(lines.firstIndex(of: name), "\(lines)")
      #expect(lines[index + 1] == "     " + url)
    }
    let positions = lines.drop { $0 != "Positions, oldest first:" }.dropFirst()
    #expect(positions.count == 2)
    #expect(positions.first?.contains("2.00°N  1.00°E") == true)
    #expect(EventDetail.links(of: event).map(\.url).first == "https://a.example")
  }

  @Test("the detail's positions are a table: latitudes, longitudes and magnitudes each end in one column")
  func positionsTable() {
    let event = Sample.track(
      "t", daysAgo: 1, positions: [(125.5, 9.6), (-5.25, 10.2), (120.1, -12.75)], magnitude: 35)
    var storm = event
    storm = EOEvent(
      id: event.id, title: event.title,
      geometries: event.geometries.enumerated().map { index, geometry in
        EOGeometry(
          date: geometry.date, shape: geometry.shape,
          magnitude: EOMagnitude(value: [35, 100, 7.5][index], unit: "kts"))
      })
    let positions = EventDetail.lines(for: storm, ascii: false).drop { $0 != "Positions, oldest first:" }
      .dropFirst()
    #expect(positions.count == 3)
    func ends(_ marks: [String]) -> Set<Int> {
      Set(
        positions.map { line in
          let range = marks.compactMap { line.range(of: $0) }.first
          return range.map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? -1
        })
    }
    #expect(
      ends(["°N", "°S"]).count == 1, "latitudes end in one column:\n\(positions.joined(separator: "\n"))")
    #expect(
      ends(["°E", "°W"]).count == 1, "longitudes end in one column:\n\(positions.joined(separator: "\n"))")
    #expect(ends([" kts"]).count == 1, "magnitudes end in one column:\n\(positions.joined(separator: "\n"))")
  }

  @Test(
    "units as people write them: NM² (sq NM in ASCII), the rest as EONET names them",
    arguments: [
      ("NM^2", false, "NM²"), ("NM^2", true, "sq NM"), ("km^3", false, "km³"), ("km^3", true, "cu km"),
      ("acres", false, "acres"), ("kts", true, "kts"), ("^2", false, "^2"),
    ])
  func units(unit: String, ascii: Bool, text: String) {
    #expect(Formatting.unit(unit, ascii: ascii) == text)
  }

  @Test("a magnitude carries its unit's written form")
  func magnitudeUnit() {
    #expect(Formatting.magnitude(value: 12_500, unit: "NM^2") == "12,500 NM²")
    #expect(Formatting.magnitude(value: 12_500, unit: "NM^2", ascii: true) == "12,500 sq NM")
  }
}
