import EONETKit
import Foundation
import RxCore
import RxTesting
import Testing

@testable import OurPlanet

@Suite("EventListViewModel")
struct EventListViewModelTests {
  private func catalog(_ events: [EOEvent], state: CategoryItem.State = .done) -> Catalog {
    Catalog(
      items: [CategoryItem(category: Sample.category("fires", "Wildfires"), events: events, state: state)],
      source: .live, referenceDate: Sample.reference)
  }

  @Test("the days window keeps events on its boundary and drops older ones", arguments: [1, 7, 30, 360])
  func daysBoundaries(days: Int) {
    let events = [
      Sample.event("inside", daysAgo: Double(days) - 0.5),
      Sample.event("edge", daysAgo: Double(days)),
      Sample.event("outside", daysAgo: Double(days) + 0.01),
    ]
    let kept = EventFilter(days: days).apply(to: events, reference: Sample.reference).map(\.id)
    #expect(kept == ["inside", "edge"])
  }

  @Test("a closed event is dated by its closing date, not its geometry")
  func closedEventDate() {
    let geometryDate = Sample.reference.addingTimeInterval(-100 * 86_400)
    let closed = EOEvent(
      id: "c", title: "Closed", closed: Sample.reference.addingTimeInterval(-86_400),
      geometries: [EOGeometry(date: geometryDate, shape: .point(EOCoordinate(longitude: 0, latitude: 0)))])
    #expect(EventFilter(days: 2).apply(to: [closed], reference: Sample.reference).map(\.id) == ["c"])
  }

  @Test("search matches titles case- and accent-insensitively and sorts newest first")
  func search() {
    let events = [
      Sample.event("a", daysAgo: 3, title: "Fire near São Paulo"),
      Sample.event("b", daysAgo: 1, title: "SAO PAULO prescribed burn"),
      Sample.event("c", daysAgo: 2, title: "Iceberg A23a"),
    ]
    let found = EventFilter(days: 30, query: "sao paulo").apply(to: events, reference: Sample.reference)
    #expect(found.map(\.id) == ["b", "a"])
  }

  @Test("moving the slider refilters through combineLatest, and the slider stays within 1…360")
  func sliderRefilters() {
    let scheduler = TestScheduler(initialClock: 0)
    let catalogs = scheduler.createHotObservable([
      .next(210, catalog([Sample.event("new", daysAgo: 1), Sample.event("old", daysAgo: 20)]))
    ])
    let days = BehaviorRelay(value: 7)
    let model = EventListViewModel(
      categoryID: "fires", catalog: catalogs.asObservable(), days: days, scheduler: scheduler)
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
  }

  @Test("search text is throttled and de-duplicated; the latest text wins")
  func searchThrottle() {
    // Ticks of 10 ms, so the 150 ms throttle window is 15 ticks.
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
    let events = [
      Sample.event("a", daysAgo: 1, title: "Alpha"), Sample.event("b", daysAgo: 1, title: "Beta"),
    ]
    let catalogs = scheduler.createHotObservable([.next(210, catalog(events))])
    let model = EventListViewModel(
      categoryID: "fires", catalog: catalogs.asObservable(), days: BehaviorRelay(value: 30),
      scheduler: scheduler)
    // Typing "b", "be", "bet" within one throttle window, then the same text again.
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

  @Test("events that arrive while the screen is open show at once, with the header summary")
  func liveGrowth() {
    let scheduler = TestScheduler(initialClock: 0)
    let catalogs = scheduler.createHotObservable([
      .next(210, catalog([], state: .downloading)),
      .next(250, catalog([Sample.event("a", daysAgo: 1), Sample.event("b", daysAgo: 40)])),
    ])
    let model = EventListViewModel(
      categoryID: "fires", catalog: catalogs.asObservable(), days: BehaviorRelay(value: 30),
      scheduler: scheduler)
    let res = scheduler.start { model.state.map(\.summary) }
    #expect(
      res.events == [
        .next(210, "0 of 0 events in the last 30 days"), .next(250, "1 of 2 events in the last 30 days"),
      ])
  }
}
