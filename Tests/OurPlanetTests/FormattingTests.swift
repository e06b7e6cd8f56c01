import EONETKit
import Foundation
import Testing

@testable import OurPlanet

@Suite("Formatting")
struct FormattingTests {
  @Test(
    "counts get thousands separators",
    arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_204, "1,204"), (-12_345_678, "-12,345,678")])
  func counts(value: Int, text: String) {
    #expect(Formatting.count(value) == text)
  }

  @Test("magnitudes keep whole numbers whole and show their unit when there is one")
  func magnitudes() {
    #expect(Formatting.magnitude(value: 1_200, unit: "acres") == "1,200 acres")
    #expect(Formatting.magnitude(value: 35.4, unit: "kts") == "35.4 kts")
    #expect(Formatting.magnitude(value: 7, unit: nil) == "7")
    #expect(Formatting.magnitude(value: 7, unit: "") == "7")
  }

  @Test("coordinates read as degrees north/south and east/west")
  func coordinates() {
    #expect(Formatting.coordinate(EOCoordinate(longitude: 139.69, latitude: 35.68)) == "35.68°N 139.69°E")
    #expect(Formatting.coordinate(EOCoordinate(longitude: -58.38, latitude: -34.6)) == "34.60°S 58.38°W")
  }

  @Test("dates are UTC days and minutes")
  func dates() {
    let date = Date(timeIntervalSince1970: 1_762_610_580)  // 2025-11-08 14:03 UTC
    #expect(Formatting.day(date) == "2025-11-08")
    #expect(Formatting.minute(date) == "2025-11-08 14:03 UTC")
  }
}

@Suite("Catalog")
struct CatalogTests {
  @Test("the event count counts an event shared by two categories once")
  func distinctEvents() {
    let shared = Sample.event("both", daysAgo: 1)
    let catalog = Catalog(items: [
      CategoryItem(
        category: Sample.category("a"), events: [shared, Sample.event("x", daysAgo: 1)], state: .done),
      CategoryItem(category: Sample.category("b"), events: [shared], state: .done),
    ])
    #expect(catalog.eventCount == 2)
  }

  @Test("loading ends when every category finished, either way")
  func loadingEnds() {
    let seed = Catalog.refreshing(
      categories: [Sample.category("b", "Beta"), Sample.category("a", "Alpha")], stored: .empty,
      now: Sample.reference)
    #expect(seed.items.map(\.category.title) == ["Alpha", "Beta"])
    #expect(seed.isLoading)
    let started = seed.applying(.started("a"))
    #expect(started.item(id: "a")?.state == .downloading)
    let half = started.applying(.loaded("a", [Sample.event("e", daysAgo: 1)]))
    #expect(half.isLoading)
    #expect(half.completedCount == 1)
    let done = half.applying(.failed("b", "HTTP 503"))
    #expect(!done.isLoading)
    #expect(done.messages == ["Beta: HTTP 503 — no cached data"])
  }

  @Test("an update for an unknown category changes nothing but the loading flag")
  func unknownCategory() {
    let seed = Catalog.refreshing(categories: [Sample.category("a")], stored: .empty, now: Sample.reference)
    let next = seed.applying(.loaded("zzz", [Sample.event("e", daysAgo: 1)]))
    #expect(next.items == seed.items)
  }
}

@Suite("Rows")
struct RowsTests {
  @Test("category rows show the state mark, the failure reason and the count")
  func categoryRows() {
    let category = Sample.category("fires", "Wildfires")
    let failed = Rows.category(
      CategoryItem(category: category, events: [], state: .failed("HTTP 500")), ascii: false)
    #expect(failed.glyph == "!")
    #expect(failed.detail == "failed: HTTP 500")
    #expect(failed.rightText == "0")
    #expect(
      Rows.category(CategoryItem(category: category, events: [], state: .done), ascii: false).glyph == "✓")
    #expect(
      Rows.category(CategoryItem(category: category, events: [], state: .done), ascii: true).glyph == "+")
  }

  @Test("event rows mark open and closed events and show magnitude and day")
  func eventRows() {
    let open = Sample.event("o", daysAgo: 0, title: "Open fire")
    let row = Rows.event(open, ascii: false)
    #expect(row.glyph == "●")
    #expect(row.text == "Open fire")
    #expect(row.rightText == Formatting.day(Sample.reference))
    let closed = EOEvent(
      id: "c", title: "Closed", closed: Sample.reference,
      geometries: [
        EOGeometry(
          date: Sample.reference, shape: .point(EOCoordinate(longitude: 0, latitude: 0)),
          magnitude: EOMagnitude(value: 95, unit: "kts"))
      ])
    let closedRow = Rows.event(closed, ascii: true)
    #expect(closedRow.glyph == "o")
    #expect(closedRow.detail == "95 kts")
  }

  @Test("the events header summary counts in singular and plural")
  func summary() {
    var state = EventListState(title: "W", events: [], totalCount: 1, days: 1, query: "", state: .done)
    #expect(state.summary == "0 of 1 event in the last day")
    state.totalCount = 1_500
    state.days = 30
    #expect(state.summary == "0 of 1,500 events in the last 30 days")
  }
}
