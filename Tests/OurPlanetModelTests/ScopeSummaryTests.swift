import EONETKit
import Testing

@testable import OurPlanetModel

/// The scope in one line: only the filters set, numbers grouped, a named place by its name.
@Suite("Scope summary")
struct ScopeSummaryTests {
  private static let home = Region.near(
    EOCoordinate(longitude: -95.37, latitude: 29.76), radiusKilometres: 300)

  private func scope(_ filters: ScopeFilters, region: Region? = nil) -> EventScope {
    filters.applied(to: EventScope(days: 30, region: region))
  }

  @Test("the example: a category, open, a minimum in acres, a named place, the window")
  func example() {
    let scope = scope(
      ScopeFilters(status: .open, minimumMagnitude: 1_000, magnitudeUnit: "acres"), region: Self.home)
    #expect(
      ScopeSummary.line(title: "Wildfires", scope: scope, placeName: "home", tail: "last 30 days")
        == "Wildfires · open · ≥ 1,000 acres · near home · last 30 days")
  }

  @Test("without filters, only the title and the tail")
  func nothingSet() {
    #expect(
      ScopeSummary.line(title: nil, scope: scope(.none), placeName: nil, tail: "last 30 days")
        == "last 30 days")
    #expect(ScopeSummary.line(title: "Floods", scope: scope(.none), placeName: nil, tail: "") == "Floods")
  }

  @Test(
    "the magnitude: both bounds, one, a unit alone, no unit; decimals kept, thousands grouped",
    arguments: [
      (
        ScopeFilters(minimumMagnitude: 1_000, maximumMagnitude: 25_000, magnitudeUnit: "acres"),
        "1,000–25,000 acres"
      ),
      (ScopeFilters(maximumMagnitude: 50, magnitudeUnit: "kts"), "≤ 50 kts"),
      (ScopeFilters(minimumMagnitude: 2.5), "≥ 2.5"),
      (ScopeFilters(magnitudeUnit: "NM^2"), "in NM²"),
    ])
  func magnitude(filters: ScopeFilters, expected: String) {
    #expect(ScopeSummary.magnitude(of: scope(filters)) == expected)
  }

  @Test("closed, the sources sorted, a region that is no place by its label")
  func otherParts() {
    let box = Region.box(minLongitude: -10, minLatitude: 40, maxLongitude: 10, maxLatitude: 60)
    let line = ScopeSummary.line(
      title: nil, scope: scope(ScopeFilters(status: .closed, sources: ["IRWIN", "InciWeb"]), region: box),
      placeName: nil, tail: "3 events in the last 30 days")
    #expect(line == "closed · from IRWIN, InciWeb · \(box.label) · 3 events in the last 30 days")
  }

  @Test("what X cleared, in words; nothing set is nil")
  func cleared() {
    #expect(ScopeSummary.cleared(.none, region: nil) == nil)
    #expect(
      ScopeSummary.cleared(ScopeFilters(status: .open), region: nil)
        == "Cleared the status (open): every filter but the days is off")
    #expect(
      ScopeSummary.cleared(
        ScopeFilters(minimumMagnitude: 5, sources: ["InciWeb"], categories: ["floods", "snow"]),
        region: Self.home)
        == "Cleared the magnitude, the source, the region and 2 marked categories: every filter but the days is off"
    )
  }
}
