import Foundation
import RxCore
import RxTesting
import Testing

@testable import EONETKit
@testable import OurPlanetModel

@Suite("EventScope")
struct EventScopeTests {
  private static let here = EOCoordinate(longitude: 1, latitude: 2)
  private static let far = EOCoordinate(longitude: 120, latitude: -40)

  private func event(
    _ id: String, daysAgo: Double, from reference: Date = Sample.reference, at place: EOCoordinate = here,
    closed: Bool = false, title: String? = nil
  ) -> EOEvent {
    let date = reference.addingTimeInterval(-daysAgo * 86_400)
    return EOEvent(
      id: id, title: title ?? "Event \(id)", closed: closed ? date : nil,
      geometries: [EOGeometry(date: date, shape: .point(place))])
  }

  @Test("contains is the window, the region, the status and the text together")
  func containsEveryFilter() {
    let region = Region.near(Self.here, radiusKilometres: 100)
    let scope = EventScope(days: 10, region: region, status: .open, text: " são ")
    let reference = Sample.reference
    #expect(scope.contains(event("in", daysAgo: 10, title: "Fire at Sao Jose"), reference: reference))
    #expect(!scope.contains(event("old", daysAgo: 10.01, title: "Fire at Sao Jose"), reference: reference))
    #expect(!scope.contains(event("far", daysAgo: 1, at: Self.far, title: "Sao"), reference: reference))
    #expect(!scope.contains(event("shut", daysAgo: 1, closed: true, title: "Sao"), reference: reference))
    #expect(!scope.contains(event("other", daysAgo: 1, title: "Iceberg"), reference: reference))
    var closed = scope
    closed.status = .closed
    #expect(closed.contains(event("shut", daysAgo: 1, closed: true, title: "Sao"), reference: reference))
    closed.text = ""
    #expect(closed.needle.isEmpty)
    #expect(closed.contains(event("shut", daysAgo: 1, closed: true, title: "Iceberg"), reference: reference))
  }

  @Test("the request asks for the scope's days; the rest is filtered locally")
  func request() {
    var scope = EventScope(days: 45, region: .near(Self.here, radiusKilometres: 10), status: .open, text: "x")
    #expect(scope.requestDays == 45)
    scope.days = 360
    #expect(scope.requestDays == 360)
  }

  /// Two categories fetched three hours apart, events on and around the window's edge (counted back
  /// from the later fetch, the catalog's now, for both), one event in both, some far away.
  private func catalog() -> Catalog {
    let later = Sample.reference.addingTimeInterval(3 * 3_600 + 0.5)
    let fires = [
      event("edge", daysAgo: 7, from: later), event("just-out", daysAgo: 7.0001, from: later),
      event("in", daysAgo: 2),
      event("shared", daysAgo: 6.5), event("far", daysAgo: 1, at: Self.far),
      event("undated-ish", daysAgo: 400),
      event("closed", daysAgo: 3, closed: true),
    ]
    let storms = [
      event("storm-edge", daysAgo: 7, from: later), event("storm-out", daysAgo: 7.00001, from: later),
      event("shared", daysAgo: 6.5), EOEvent(id: "no-geometry", title: "No geometry"),
    ]
    return Catalog(items: [
      Sample.item("fires", events: fires, source: .live),
      Sample.item("storms", events: storms, source: .live, fetchedAt: later),
    ])
  }

  @Test(
    "the rows' counts, the status total, the events screen, `events` and the request agree",
    arguments: [nil, Region.near(here, radiusKilometres: 500)])
  func everyViewAgrees(region: Region?) throws {
    let catalog = catalog()
    let scope = EventScope(days: 7, region: region)
    // The truth, event by event, against the catalog's now: one time base for every category.
    let reference = try #require(catalog.windowEnd)
    var expected: [String: [String]] = [:]
    for item in catalog.items {
      expected[item.category.id] = item.events.filter { scope.contains($0, reference: reference) }.map(\.id)
    }
    let distinct = Set(expected.values.joined())
    #expect(
      Set(expected["fires"] ?? [])
        == (region == nil ? ["edge", "in", "shared", "far", "closed"] : ["edge", "in", "shared", "closed"]))
    #expect(Set(expected["storms"] ?? []) == ["storm-edge", "shared"])

    for item in catalog.items {
      let ids = expected[item.category.id] ?? []
      #expect(item.count(in: scope, endingAt: reference) == ids.count, "the category's row and `categories`")
      #expect(item.events(in: scope, endingAt: reference).map(\.id) == ids, "`events all`'s share")
      // What the loader gets for the request's days holds every event of the window.
      let fetched = EOFetched(value: item.events, source: .live, fetchedAt: item.fetchedAt!)
      let downloaded = EONETClient.filter(fetched, in: EventWindow(days: scope.requestDays)).value
      #expect(downloaded.filter { scope.contains($0, reference: reference) }.map(\.id) == ids, "the request")
    }
    #expect(catalog.eventCount(in: scope) == distinct.count, "the status line and the All row")
    #expect(Set(catalog.mergedEvents(in: scope).events.map(\.id)) == distinct, "`events all`")
    #expect(catalog.mergedEvents(in: scope).events.count == distinct.count)

    // The events screens, with the slider at 7 days.
    for id in ["fires", "storms", EventListViewModel.allCategoriesID] {
      let scheduler = TestScheduler(initialClock: 0)
      let catalogs = scheduler.createHotObservable([.next(210, catalog)])
      let model = EventListViewModel(
        categoryID: id, catalog: catalogs.asObservable(), days: BehaviorRelay(value: 7), dayRange: 1...360,
        scheduler: scheduler, filters: .just(EventScope(days: 1, region: region)))
      let res = scheduler.start { model.state }
      let state = try #require(res.events.last?.value.element)
      let ids = id == EventListViewModel.allCategoriesID ? distinct : Set(expected[id] ?? [])
      #expect(Set(state.events.map(\.id)) == ids, "the \(id) screen")
      #expect(state.windowCount == ids.count, "the \(id) screen's header")
    }
  }

  private func measured(_ id: String, _ value: Double?, _ unit: String?, sources: [String] = []) -> EOEvent {
    EOEvent(
      id: id, title: id, sources: sources.map { EOSource(id: $0, url: "https://example.org/\($0)") },
      geometries: [
        EOGeometry(
          date: Sample.reference.addingTimeInterval(-86_400), shape: .point(Self.here),
          magnitude: value.map { EOMagnitude(value: $0, unit: unit) })
      ])
  }

  @Test("a magnitude unit keeps only that unit's events; bounds leave out events without a magnitude")
  func magnitudeUnit() {
    var scope = EventScope(days: 10)
    scope.minimumMagnitude = 1000
    scope.magnitudeUnit = "acres"
    let reference = Sample.reference
    #expect(scope.contains(measured("big", 5000, "acres"), reference: reference))
    #expect(!scope.contains(measured("small", 10, "acres"), reference: reference))
    #expect(!scope.contains(measured("storm", 5000, "kts"), reference: reference))
    #expect(!scope.contains(measured("none", nil, nil), reference: reference))
    // What the filter left out for having no magnitude, counted apart.
    let unmeasured = try! #require(scope.withoutMagnitude)
    #expect(unmeasured.contains(measured("none", nil, nil), reference: reference))
    #expect(!unmeasured.contains(measured("big", 5000, "acres"), reference: reference))
    #expect(EventScope(days: 10).withoutMagnitude == nil)
  }

  @Test("sources: an event reported by any of them")
  func sources() {
    var scope = EventScope(days: 10)
    scope.sources = ["InciWeb", "IRWIN"]
    #expect(
      scope.contains(measured("a", nil, nil, sources: ["GDACS", "IRWIN"]), reference: Sample.reference))
    #expect(!scope.contains(measured("b", nil, nil, sources: ["GDACS"]), reference: Sample.reference))
    #expect(!scope.contains(measured("c", nil, nil), reference: Sample.reference))
  }

  @Test("the one translation into request parameters: status halves, magID for a unit EONET names, sources")
  func query() {
    var scope = EventScope(days: 30, status: .open)
    scope.minimumMagnitude = 64
    scope.magnitudeUnit = "kts"
    scope.sources = ["NOAA_NHC"]
    let query = scope.query(magnitudeIDs: ["kts": "mag_kts"])
    #expect(query.status == .open)
    #expect(query.magnitude == EventQuery.Magnitude(id: "mag_kts", minimum: 64, maximum: nil))
    #expect(query.sources == ["NOAA_NHC"])
    #expect(query.window == EventWindow(days: 30))
    // A unit without an id, or bounds in each event's own unit: applied locally only.
    #expect(scope.query().magnitude == nil)
    #expect(EventScope(days: 30).query().isPlainDays)
  }
}
