import EONETKit
import Foundation
import RxCore
import RxTesting
import Testing

@testable import OurPlanetModel

@Suite("EventListViewModel")
struct EventListViewModelTests {
  private func catalog(
    _ events: [EOEvent], state: CategoryItem.State = .done, fetchedAt: Date? = Sample.reference,
    source: EODataSource = .live
  ) -> Catalog {
    Catalog(items: [
      CategoryItem(
        category: Sample.category("fires", "Wildfires"), events: events, fetchedAt: fetchedAt,
        source: fetchedAt == nil ? nil : source, state: state)
    ])
  }

  private func model(
    _ scheduler: TestScheduler, _ catalogs: TestableObservable<Catalog>, days: Int = 30, id: String = "fires",
    region: Region? = nil, sort: Observable<EventSort> = .just(.date)
  ) -> EventListViewModel {
    EventListViewModel(
      categoryID: id, catalog: catalogs.asObservable(), days: BehaviorRelay(value: days), dayRange: 1...360,
      scheduler: scheduler, filters: .just(EventScope(days: 1, region: region)), sort: sort)
  }

  @Test("the days window keeps events on its boundary and drops older ones", arguments: [1, 7, 30, 360])
  func daysBoundaries(days: Int) {
    let item = Sample.item(
      "fires",
      events: [
        Sample.event("inside", daysAgo: Double(days) - 0.5), Sample.event("edge", daysAgo: Double(days)),
        Sample.event("outside", daysAgo: Double(days) + 0.01),
      ])
    #expect(item.events(in: EventScope(days: days)).map(\.id) == ["inside", "edge"])
  }

  @Test("a closed event is dated by its closing date, not its geometry")
  func closedEventDate() {
    let geometryDate = Sample.reference.addingTimeInterval(-100 * 86_400)
    let closed = EOEvent(
      id: "c", title: "Closed", closed: Sample.reference.addingTimeInterval(-86_400),
      geometries: [EOGeometry(date: geometryDate, shape: .point(EOCoordinate(longitude: 0, latitude: 0)))])
    #expect(Sample.item("fires", events: [closed]).events(in: EventScope(days: 2)).map(\.id) == ["c"])
  }

  @Test("search matches titles case- and accent-insensitively, newest first")
  func search() {
    let item = Sample.item(
      "fires",
      events: [
        Sample.event("a", daysAgo: 3, title: "Fire near São Paulo"),
        Sample.event("b", daysAgo: 1, title: "SAO PAULO prescribed burn"),
        Sample.event("c", daysAgo: 2, title: "Iceberg A23a"),
      ])
    #expect(item.events(in: EventScope(days: 30, text: "sao paulo")).map(\.id) == ["b", "a"])
  }

  @Test("moving the slider refilters through combineLatest, within the slider's bounds")
  func sliderRefilters() {
    let scheduler = TestScheduler(initialClock: 0)
    let catalogs = scheduler.createHotObservable([
      .next(210, catalog([Sample.event("new", daysAgo: 1), Sample.event("old", daysAgo: 20)]))
    ])
    let model = model(scheduler, catalogs, days: 7)
    scheduler.scheduleAt(300) { model.adjustDays(by: 30) }
    scheduler.scheduleAt(400) { model.adjustDays(by: 1_000) }
    scheduler.scheduleAt(500) { model.adjustDays(by: -1_000) }
    let res = scheduler.start {
      model.state.map { "\($0.days):\($0.events.map(\.id).joined(separator: ","))" }
    }
    #expect(
      res.events == [
        .next(210, "7:new"), .next(300, "37:new,old"), .next(400, "360:new,old"), .next(500, "1:new"),
      ])
    #expect(catalogs.subscriptions == [Subscription(200, 1000)])
  }

  @Test("the large step goes to the next multiple of 30 days and back the same way, within the bounds")
  func largeStepsAreMultiplesOfThirty() {
    let scheduler = TestScheduler(initialClock: 0)
    let catalogs = scheduler.createHotObservable([.next(210, catalog([Sample.event("a", daysAgo: 1)]))])
    let model = EventListViewModel(
      categoryID: "fires", catalog: catalogs.asObservable(), days: BehaviorRelay(value: 1),
      dayRange: 1...1_000,
      scheduler: scheduler)
    var seen: [Int] = []
    for forward in [true, true, true, false, false, false] {
      model.stepDays(forward: forward)
      seen.append(model.days.value)
    }
    #expect(seen == [30, 60, 90, 60, 30, 1])
    model.days.accept(45)
    model.stepDays(forward: true)
    #expect(model.days.value == 60)
    model.days.accept(45)
    model.stepDays(forward: false)
    #expect(model.days.value == 30)
    model.days.accept(990)
    model.stepDays(forward: true)
    #expect(model.days.value == 1_000, "the end of the range")
  }

  @Test("search text is throttled and de-duplicated; the latest text wins")
  func searchThrottle() {
    // Ticks of 10 ms, so the 100 ms throttle window is 10 ticks.
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
    let events = [
      Sample.event("a", daysAgo: 1, title: "Alpha"), Sample.event("b", daysAgo: 1, title: "Beta"),
    ]
    let catalogs = scheduler.createHotObservable([.next(210, catalog(events))])
    let model = model(scheduler, catalogs)
    scheduler.scheduleAt(300) { model.query.accept("b") }
    scheduler.scheduleAt(300) { model.query.accept("be") }
    scheduler.scheduleAt(300) { model.query.accept("bet") }
    scheduler.scheduleAt(600) { model.query.accept("bet") }
    scheduler.scheduleAt(700) { model.query.accept("") }
    let res = scheduler.start { model.state.map { "\($0.query)=\($0.events.map(\.id).joined())" } }
    let values = res.events.compactMap { $0.value.element }
    #expect(values.first == "=ab")
    #expect(values.contains("b=b"))
    #expect(values.contains("bet=b"))
    #expect(!values.contains("be=b"), "an intermediate keystroke inside the window is skipped")
    #expect(values.filter { $0 == "bet=b" }.count == 1, "the same text twice is one search")
    #expect(values.last == "=ab")
  }

  @Test("events that arrive while the screen is open show at once; the summary counts the window")
  func liveGrowth() {
    let scheduler = TestScheduler(initialClock: 0)
    let catalogs = scheduler.createHotObservable([
      .next(210, catalog([], state: .downloading, fetchedAt: nil)),
      .next(250, catalog([Sample.event("a", daysAgo: 1), Sample.event("b", daysAgo: 40)])),
    ])
    let model = model(scheduler, catalogs)
    let res = scheduler.start { model.state.map { "\($0.summary) | \($0.emptyMessage)" } }
    #expect(
      res.events == [
        .next(210, "0 events in the last 30 days | Downloading…"),
        .next(250, "1 event in the last 30 days | No events in the last 30 days"),
      ])
  }

  @Test(
    "the screen never says No events while the truth is waiting, downloading or failed",
    arguments: [
      (CategoryItem.State.queued, "Waiting to download…"), (.downloading, "Downloading…"),
      (.failed("HTTP 500"), "Download failed: HTTP 500; nothing stored to show"),
    ])
  func emptyMessages(state: CategoryItem.State, message: String) {
    let listState = EventListState(
      categoryID: "fires", title: "Wildfires", events: [], windowCount: 0, days: 1, query: "", state: state,
      fetchedAt: nil, source: nil)
    #expect(listState.emptyMessage == message)
  }

  @Test("a failed category with stored events shows them, and says so")
  func failedWithStoredEvents() {
    let scheduler = TestScheduler(initialClock: 0)
    let old = Sample.reference.addingTimeInterval(-365 * 86_400)
    let snapshot = [
      EOEvent(
        id: "s", title: "Snapshot fire",
        geometries: [
          EOGeometry(date: old.addingTimeInterval(-86_400), shape: .point(.init(longitude: 0, latitude: 0)))
        ])
    ]
    let catalogs = scheduler.createHotObservable([
      .next(210, catalog(snapshot, state: .failed("HTTP 500"), fetchedAt: old, source: .snapshot))
    ])
    let res = scheduler.start { model(scheduler, catalogs).state }
    let state = res.events.last?.value.element
    #expect(state?.events.map(\.id) == ["s"], "filtered against the snapshot's own date")
    #expect(
      state?.notice
        == "Showing the offline snapshot from \(Formatting.minute(old)): download failed: HTTP 500")
  }

  @Test("beside a live category, a failed one's year-old snapshot is outside the window, and says from when")
  func staleStoredBesideLive() {
    let scheduler = TestScheduler(initialClock: 0)
    let yearAgo = Sample.reference.addingTimeInterval(-400 * 86_400)
    let snapshotFire = EOEvent(
      id: "old", title: "Snapshot fire", categories: [Sample.category("fires")],
      geometries: [
        EOGeometry(date: yearAgo.addingTimeInterval(-86_400), shape: .point(.init(longitude: 0, latitude: 0)))
      ])
    let mixed = Catalog(items: [
      Sample.item(
        "fires", "Wildfires", events: [snapshotFire], state: .failed("HTTP 500"), source: .snapshot,
        fetchedAt: yearAgo),
      Sample.item(
        "ice", "Sea and Lake Ice", events: [Sample.event("berg", daysAgo: 20)], state: .done, source: .live),
    ])
    let catalogs = scheduler.createHotObservable([.next(210, mixed)])
    let fires = scheduler.start { model(scheduler, catalogs, days: 360).state }.events.last?.value.element
    #expect(fires?.events.map(\.id) == [], "the snapshot's fire is not in the last 360 days")
    #expect(fires?.summary == "0 events in the last 360 days")
    #expect(
      fires?.emptyMessage
        == "No events in the last 360 days in the offline snapshot from \(Formatting.minute(yearAgo))")
    let scheduler2 = TestScheduler(initialClock: 0)
    let catalogs2 = scheduler2.createHotObservable([.next(210, mixed)])
    let all = scheduler2.start {
      self.model(scheduler2, catalogs2, days: 360, id: EventListViewModel.allCategoriesID).state
    }.events.last?.value.element
    #expect(all?.events.map(\.id) == ["berg"])
    #expect(all?.summary == "1 event in the last 360 days")
    #expect(
      all?.notice
        == "Wildfires shows the offline snapshot from \(Formatting.minute(yearAgo)): download failed: HTTP 500"
    )
  }

  @Test("the region filter and the sort order shape the list; the histogram follows the search")
  func regionSortAndHistogram() {
    let scheduler = TestScheduler(initialClock: 0)
    let near = Sample.track("near", daysAgo: 2, positions: [(0, 0)], magnitude: 50)
    let far = Sample.track("far", daysAgo: 1, positions: [(90, 0)], magnitude: 90)
    let middle = Sample.track("middle", daysAgo: 3, positions: [(50, 50), (2, 1)], magnitude: 70)
    let catalogs = scheduler.createHotObservable([.next(210, catalog([near, far, middle]))])
    let sort = scheduler.createHotObservable([
      .next(205, EventSort.date), .next(300, .magnitude), .next(400, .distance),
    ])
    let model = model(
      scheduler, catalogs, region: .near(EOCoordinate(longitude: 0, latitude: 0), radiusKilometres: 500),
      sort: sort.asObservable())
    let res = scheduler.start { model.state }
    let orders = res.events.compactMap { $0.value.element }.map {
      "\($0.sort.rawValue):\($0.events.map(\.id).joined(separator: ","))"
    }
    #expect(orders == ["date:near,middle", "magnitude:middle,near", "distance:near,middle"])
    let counts = res.events.last?.value.element?.histogram ?? []
    #expect(counts.count == 360)
    #expect(
      counts[2] == 1 && counts[3] == 1 && counts.reduce(0, +) == 2, "the far event is outside the region")
  }

  @Test("All categories merges every category, each event once")
  func allCategories() {
    let scheduler = TestScheduler(initialClock: 0)
    let shared = Sample.event("both", daysAgo: 1)
    let catalogs = scheduler.createHotObservable([
      .next(
        210,
        Catalog(items: [
          Sample.item("a", events: [shared, Sample.event("x", daysAgo: 2)]),
          Sample.item("b", events: [shared, Sample.event("y", daysAgo: 3)]),
        ]))
    ])
    let res = scheduler.start { model(scheduler, catalogs, id: EventListViewModel.allCategoriesID).state }
    let state = res.events.last?.value.element
    #expect(state?.events.map(\.id) == ["both", "x", "y"])
    #expect(state?.title == "All categories")
    #expect(state?.windowCount == 3)
  }

  @Test("a refresh's catalogs that leave the shown events alone change only the state, not the list")
  func unchangedEventsKeepTheList() {
    let scheduler = TestScheduler(initialClock: 0)
    let fires = [Sample.event("a", daysAgo: 1), Sample.event("b", daysAgo: 2)]
    let storms = [Sample.event("s", daysAgo: 1)]
    let before = Catalog(items: [Sample.item("fires", events: fires), Sample.item("storms", events: storms)])
    var downloading = before
    downloading.items[0].state = .downloading
    downloading.pending = ["fires", "storms"]
    var stormsLoaded = downloading
    stormsLoaded.items[1] = Sample.item("storms", events: storms + [Sample.event("t", daysAgo: 1)])
    var firesLoaded = stormsLoaded
    firesLoaded.items[0] = Sample.item("fires", events: fires + [Sample.event("c", daysAgo: 3)])
    let catalogs = scheduler.createHotObservable([
      .next(210, before), .next(220, downloading), .next(230, stormsLoaded), .next(240, firesLoaded),
    ])
    // The fires screen: the storms download is not its business; the state change is.
    let fireStates = scheduler.start {
      self.model(scheduler, catalogs).state.map {
        "\($0.state.map { "\($0)" } ?? "-") \($0.events.map(\.id))"
      }
    }
    #expect(
      fireStates.events == [
        .next(210, "stored [\"a\", \"b\"]"), .next(220, "downloading [\"a\", \"b\"]"),
        .next(240, "stored [\"a\", \"b\", \"c\"]"),
      ])
    // All: every download changes its list.
    let scheduler2 = TestScheduler(initialClock: 0)
    let catalogs2 = scheduler2.createHotObservable([
      .next(210, before), .next(220, downloading), .next(230, stormsLoaded), .next(240, firesLoaded),
    ])
    let allCounts = scheduler2.start {
      self.model(scheduler2, catalogs2, id: EventListViewModel.allCategoriesID).state.map(\.windowCount)
    }
    #expect(allCounts.events.map(\.value.element) == [3, 3, 4, 5])
  }
}
