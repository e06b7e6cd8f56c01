import EONETKit
import Foundation
import RxCore
import RxTesting
import Testing

@testable import OurPlanetModel

@Suite("CatalogViewModel")
struct CatalogViewModelTests {
  private let fires = Sample.category("fires", "Wildfires")
  private let ice = Sample.category("ice", "Sea and Lake Ice")
  private let storms = Sample.category("storms", "Severe Storms")
  private let volcanoes = Sample.category("volcanoes", "Volcanoes")

  /// Runs a view model created at 100 and returns every catalog it published, with times.
  private func run(
    _ scheduler: TestScheduler, feed: FakeFeed, offline: Bool = false, interval: RxTimeInterval? = nil,
    until end: Int = 1000,
    actions: [(Int, (CatalogViewModel) -> Void)] = []
  ) -> [Recorded<Event<Catalog>>] {
    let observer = scheduler.createObserver(Catalog.self)
    var model: CatalogViewModel?
    var subscription: Disposable?
    scheduler.scheduleAt(100) {
      model = CatalogViewModel(
        feed: feed, offline: offline, scheduler: scheduler, refreshInterval: interval,
        now: { Sample.reference })
      subscription = model!.catalog.skip(1).subscribe(observer)
    }
    for (time, action) in actions {
      scheduler.scheduleAt(time) { action(model!) }
    }
    scheduler.scheduleAt(end) {
      subscription?.dispose()
      // A refresh timer never runs out of work: the run ends here.
      model = nil
      scheduler.stop()
    }
    scheduler.start()
    return observer.events
  }

  private func counts(_ catalog: Catalog) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: catalog.items.map { ($0.category.id, $0.totalCount) })
  }

  @Test("stored data shows first, then the live list, then counts fill in in completion order")
  func incrementalCounts() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let stored = Catalog(items: [Sample.item("fires", "Wildfires", events: [Sample.event("old", daysAgo: 3)])]
    )
    let feed = FakeFeed(
      stored: stored,
      categories: scheduler.createColdObservable([.next(10, [volcanoes, fires, storms]), .completed(10)]),
      events: [
        "fires": scheduler.createColdObservable([
          .next(50, [Sample.event("f1", daysAgo: 1), Sample.event("f2", daysAgo: 2)]), .completed(50),
        ]),
        "storms": scheduler.createColdObservable([
          .next(20, [Sample.event("s1", daysAgo: 1)]), .completed(20),
        ]),
        "volcanoes": scheduler.createColdObservable([.next(10, []), .completed(10)]),
      ])
    let catalogs = run(scheduler, feed: feed).compactMap { $0.value.element }
    let first = try #require(catalogs.first)
    #expect(first.isListing, "the spinner turns from the very start, while the list is asked for")
    let storedCatalog = try #require(catalogs.first { !$0.items.isEmpty })
    #expect(storedCatalog.provenance == .stored(.cache, fetchedAt: Sample.reference))
    #expect(counts(storedCatalog) == ["fires": 1])

    let seed = try #require(catalogs.first { $0.items.count == 3 })
    #expect(seed.items.map(\.category.title) == ["Severe Storms", "Volcanoes", "Wildfires"])
    #expect(
      counts(seed) == ["fires": 1, "storms": 0, "volcanoes": 0], "cached counts until each download ends")
    #expect(seed.isLoading)

    // The order in which categories reached .done.
    var finished: [String] = []
    for catalog in catalogs {
      for item in catalog.items where item.state == .done && !finished.contains(item.category.id) {
        finished.append(item.category.id)
      }
    }
    // Storms and Volcanoes take the two slots (sorted by title); Volcanoes is quicker; Wildfires waits.
    #expect(finished == ["volcanoes", "storms", "fires"])
    let last = try #require(catalogs.last)
    #expect(counts(last) == ["fires": 2, "storms": 1, "volcanoes": 0])
    #expect(!last.isLoading)
    #expect(last.completedCount == 3)
  }

  @Test("never more than two categories download at once, and each starts when a slot frees")
  func concurrencyLimit() {
    let scheduler = TestScheduler(initialClock: 0)
    let ids = (1...6).map { "c\($0)" }
    var events: [String: TestableObservable<[EOEvent]>] = [:]
    for (index, id) in ids.enumerated() {
      let duration = [40, 10, 30, 20, 5, 15][index]
      events[id] = scheduler.createColdObservable([.next(duration, []), .completed(duration)])
    }
    let feed = FakeFeed(
      stored: .empty,
      categories: scheduler.createColdObservable([.next(5, ids.map { Sample.category($0) }), .completed(5)]),
      events: events)
    _ = run(scheduler, feed: feed)
    let all = ids.map { events[$0]! }
    #expect(Sample.maxOverlap(all) == 2)
    #expect(all.allSatisfy { $0.subscriptions.count == 1 })
    #expect(all.allSatisfy { $0.subscriptions[0].unsubscribe != Int.max })
  }

  @Test("a failing category keeps its cached events, is marked, and does not stop the others")
  func failingCategory() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let cached = [Sample.event("s-old", daysAgo: 2, category: "storms")]
    let earlier = Sample.reference.addingTimeInterval(-3_600)
    let stored = Catalog(items: [Sample.item("storms", "Severe Storms", events: cached, fetchedAt: earlier)])
    let feed = FakeFeed(
      stored: stored,
      categories: scheduler.createColdObservable([.next(1, [fires, storms, ice]), .completed(1)]),
      events: [
        "storms": scheduler.createColdObservable([.error(5, FakeFeedError.http(500))]),
        "fires": scheduler.createColdObservable([.next(20, [Sample.event("f", daysAgo: 1)]), .completed(20)]),
        "ice": scheduler.createColdObservable([.next(10, [Sample.event("i", daysAgo: 1)]), .completed(10)]),
      ])
    let last = try #require(run(scheduler, feed: feed).compactMap { $0.value.element }.last)
    let failed = try #require(last.item(id: "storms"))
    #expect(failed.state == .failed("HTTP 500"))
    #expect(failed.events == cached)
    #expect(failed.fetchedAt == earlier, "counted back from its own fetch time")
    #expect(failed.source == .cache)
    #expect(last.item(id: "fires")?.state == .done)
    #expect(last.item(id: "ice")?.totalCount == 1)
    #expect(last.messages == ["Severe Storms: HTTP 500 — kept stored data"])
    #expect(!last.isLoading)
  }

  @Test("when the category list fails, the stored catalog stays with a message")
  func failingList() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let stored = Catalog(
      items: [Sample.item("fires", "Wildfires", events: [Sample.event("a", daysAgo: 1)], source: .snapshot)])
    let feed = FakeFeed(
      stored: stored, categories: scheduler.createColdObservable([.error(30, FakeFeedError.http(503))]),
      events: [:])
    let last = try #require(run(scheduler, feed: feed).compactMap { $0.value.element }.last)
    // Offline from the failure on, still saying the data is the snapshot's, and from when.
    guard case .offline(_, let shown, let source) = last.provenance else {
      Issue.record("not offline: \(last.provenance)")
      return
    }
    #expect(shown == Sample.reference && source == .snapshot)
    #expect(last.items.map(\.totalCount) == [1])
    #expect(!last.isLoading)
    #expect(last.messages.last?.hasPrefix("Could not refresh: HTTP 503") == true)
  }

  @Test("offline mode shows stored data and never asks the network")
  func offline() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let stored = Catalog(items: [Sample.item("fires", "Wildfires", events: [], source: .snapshot)])
    let categories = scheduler.createColdObservable([.next(1, [fires]), .completed(1)])
    let feed = FakeFeed(stored: stored, categories: categories, events: [:])
    let catalogs = run(scheduler, feed: feed, offline: true).compactMap { $0.value.element }
    #expect(catalogs.last == stored)
    #expect(catalogs.allSatisfy { !$0.isLoading }, "no spinner offline")
    #expect(categories.subscriptions.isEmpty)
  }

  @Test("a refresh asked for while one runs never cuts its downloads short")
  func refreshDuringRefresh() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createColdObservable([.next(100, [Sample.event("x", daysAgo: 1)]), .completed(100)])
    let categories = scheduler.createColdObservable([.next(1, [fires]), .completed(1)])
    let feed = FakeFeed(stored: .empty, categories: categories, events: ["fires": slow])
    let catalogs = run(scheduler, feed: feed, actions: [(150, { $0.refresh() }), (300, { $0.refresh() })])
      .compactMap { $0.value.element }
    // The `r` at 150 came during the first refresh (102–203): dropped. The one at 300 ran.
    #expect(categories.subscriptions.map(\.subscribe) == [102, 301])
    #expect(slow.subscriptions.map(\.subscribe) == [103, 302])
    #expect(slow.subscriptions.map(\.unsubscribe) == [203, 402], "each download ran to its end")
    #expect(catalogs.last?.item(id: "fires")?.totalCount == 1)
  }

  @Test("a refresh after a full load never goes back to the stored data and keeps the ✓ marks")
  func refreshNeverRegresses() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let stored = Catalog(
      items: [
        Sample.item("fires", "Wildfires", events: [Sample.event("snap", daysAgo: 300)], source: .snapshot)
      ])
    let categories = scheduler.createColdObservable([.next(1, [fires, storms]), .completed(1)])
    let feed = FakeFeed(
      stored: stored, categories: categories,
      events: [
        "fires": scheduler.createColdObservable([
          .next(10, [Sample.event("live", daysAgo: 1)]), .completed(10),
        ]),
        "storms": scheduler.createColdObservable([.next(50, [Sample.event("s", daysAgo: 1)]), .completed(50)]
        ),
      ])
    let catalogs = run(scheduler, feed: feed, actions: [(400, { $0.refresh() })]).map {
      ($0.time, $0.value.element!)
    }
    let afterFirstLoad = catalogs.filter { $0.0 > 300 }.map(\.1)
    #expect(!afterFirstLoad.isEmpty)
    for catalog in afterFirstLoad {
      #expect(catalog.item(id: "fires")?.events.map(\.id) == ["live"], "never the snapshot again")
    }
    // During the second refresh, before Wildfires starts again, its ✓ is kept.
    let during = try #require(afterFirstLoad.first { $0.isLoading && !$0.isListing })
    #expect(during.item(id: "fires")?.state == .done)
    #expect(afterFirstLoad.last?.isLoading == false)
  }

  @Test("refreshes come on a timer; a slow one is never cut short, the ticks during it are skipped")
  func intervalRefresh() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let categories = scheduler.createColdObservable([.next(1, [fires]), .completed(1)])
    // Each download takes 150 ticks: longer than the 100-tick interval.
    let slow = scheduler.createColdObservable([.next(150, [Sample.event("x", daysAgo: 1)]), .completed(150)])
    let feed = FakeFeed(stored: .empty, categories: categories, events: ["fires": slow])
    _ = run(scheduler, feed: feed, interval: .seconds(100), until: 560)
    // Ticks at 100, 200, 300, 400, 500: the refresh of 100 runs to 253, so 200 is skipped; the one of
    // 300 runs to 453, so 400 is skipped; 500 starts the third.
    #expect(categories.subscriptions.map(\.subscribe) == [102, 302, 502])
    #expect(slow.subscriptions.map(\.subscribe) == [103, 303, 503])
    #expect(slow.subscriptions.dropLast().map { $0.unsubscribe - $0.subscribe } == [150, 150])
    #expect(Sample.maxOverlap([slow]) == 1, "never two refreshes at once")
  }

  @Test("a download that never answers is never restarted by the timer: it stays the one request")
  func hungDownloadIsNotRestarted() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let categories = scheduler.createColdObservable([.next(1, [fires]), .completed(1)])
    let hung = scheduler.createColdObservable([Recorded<Event<[EOEvent]>>]())
    let feed = FakeFeed(stored: .empty, categories: categories, events: ["fires": hung])
    _ = run(scheduler, feed: feed, interval: .seconds(5), until: 900)
    // 160 ticks of the timer, and still the one request, never disposed: its own timeout ends it.
    #expect(hung.subscriptions.map(\.subscribe) == [103])
    #expect(hung.subscriptions.map(\.unsubscribe) == [Int.max])
  }
}
