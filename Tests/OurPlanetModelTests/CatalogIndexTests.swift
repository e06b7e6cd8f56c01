import EONETKit
import Foundation
import RxCore
import RxTesting
import TestSupport
import Testing

@testable import OurPlanetModel

@Suite("CatalogIndex")
struct CatalogIndexTests {
  /// The whole bundled snapshot (real EONET data of November 2025), every category, every event.
  private static func snapshotCatalog() throws -> Catalog {
    let snapshot = try EONETSnapshot.locate()
    let categories = try snapshot.categories().value
    let items = try categories.map { category in
      let fetched = try snapshot.events(for: category)
      return CategoryItem(
        category: category, events: fetched.value, fetchedAt: fetched.fetchedAt, source: fetched.source)
    }
    return Catalog(items: items.sorted { EOCategory.byTitle($0.category, $1.category) })
  }

  /// Every answer the index gives for `scope`, worked out without it: each listing in order with
  /// whether it is its event's first, the distinct count, the merged list with its ages, and the
  /// folded titles.
  private func expectNaiveAnswers(_ catalog: Catalog, _ scope: EventScope, _ label: String) {
    let items = catalog.items
    var ids = Set<String>()
    var expected: [String] = []
    let end = catalog.windowEnd
    for item in items {
      for event in item.events(inLast: scope.days, endingAt: end) where scope.containsIgnoringWindow(event) {
        expected.append("\(item.category.id)/\(event.id)/\(ids.insert(event.id).inserted)")
      }
    }
    var walked: [String] = []
    let count = catalog.forEachEvent(in: scope) { item, event, isFirst in
      walked.append("\(items[item].category.id)/\(event.id)/\(isFirst)")
    }
    #expect(walked == expected, "\(label)")
    #expect(count == ids.count, "\(label)")
    #expect(catalog.eventCount(in: scope) == ids.count, "\(label)")
    var mergedIDs = Set<String>()
    var pairs: [(id: String, age: Double)] = []
    for item in items {
      guard item.fetchedAt != nil, let reference = end else { continue }
      for event in item.events(inLast: scope.days, endingAt: end)
      where scope.containsIgnoringWindow(event) && mergedIDs.insert(event.id).inserted {
        pairs.append((event.id, reference.timeIntervalSince(event.date)))
      }
    }
    pairs.sort { $0.age != $1.age ? $0.age < $1.age : $0.id < $1.id }
    let merged = catalog.mergedEvents(in: scope)
    #expect(merged.events.map(\.id) == pairs.map(\.id), "\(label)")
    #expect(merged.ages == pairs.map(\.age), "\(label)")
    #expect(catalog.index.foldedTitles == items.map { $0.events.map { FoldedText($0.title) } }, "\(label)")
  }

  /// Scopes over every filter the index answers for: none, a region, a status, a search, all three.
  private static let scopes: [(days: Int, region: Region?, status: EventStatus, text: String)] = {
    let america = Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 3_000)
    var scopes: [(days: Int, region: Region?, status: EventStatus, text: String)] = []
    for days in [1, 7, 30, 360, 36_500] {
      scopes.append((days, nil, .all, ""))
      scopes.append((days, america, .all, ""))
      scopes.append((days, nil, .open, ""))
      scopes.append((days, nil, .all, "fire"))
      scopes.append((days, america, .closed, "rx"))
    }
    return scopes
  }()

  @Test("the index answers as a plain walk does over the bundled snapshot, for windows and filters")
  func agreesOnTheSnapshot() throws {
    let catalog = try Self.snapshotCatalog()
    #expect(catalog.items.reduce(0) { $0 + $1.events.count } > 5_000, "the whole real dump")
    for scope in Self.scopes {
      expectNaiveAnswers(
        catalog, EventScope(days: scope.days, region: scope.region, status: scope.status, text: scope.text),
        "\(scope.days) days, region \(scope.region != nil), \(scope.status), “\(scope.text)”")
    }
  }

  @Test("the index answers as a plain walk does over random catalogs", arguments: SplitMix.seeds(12))
  func agreesOnRandomCatalogs(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let words = ["Fire", "Storm", "Ísland", "RX burn", "Flood"]
    // Ids from a small pool, so an event repeats across categories and within one; one id may carry
    // another title or place in another category (downloaded at another time).
    let items = (0..<(1 + random(5))).map { index in
      let events = (0..<random(40)).map { _ in
        let date = Sample.reference.addingTimeInterval(-Double(random(400)) * 86_400)
        return EOEvent(
          id: "e\(random(60))", title: "\(words[random(words.count)]) \(random(9))",
          closed: random(3) == 0 ? date : nil,
          geometries: [
            EOGeometry(
              date: date,
              shape: .point(
                EOCoordinate(longitude: Double(random(360)) - 180, latitude: Double(random(160)) - 80)))
          ])
      }
      return CategoryItem(
        category: Sample.category("c\(index)"), events: events,
        fetchedAt: random(6) == 0 ? nil : Sample.reference.addingTimeInterval(-Double(random(5)) * 86_400))
    }
    let catalog = Catalog(items: items)
    for scope in Self.scopes {
      expectNaiveAnswers(
        catalog, EventScope(days: scope.days, region: scope.region, status: scope.status, text: scope.text),
        "seed \(seed), \(scope.days) days, region \(scope.region != nil), \(scope.status), “\(scope.text)”")
    }
  }

  @Test("a refresh's state changes keep the revision's index; new events make a new one with their answers")
  func newEventsNewIndex() throws {
    let fires = Sample.category("fires", "Wildfires")
    let storms = Sample.category("storms", "Severe Storms")
    let catalog = Catalog(items: [
      Sample.item("storms", "Severe Storms", events: [Sample.event("s", daysAgo: 1, title: "Storm Alpha")]),
      Sample.item(
        "fires", "Wildfires",
        events: [Sample.event("f", daysAgo: 1, title: "Fire Alpha"), Sample.event("s", daysAgo: 2)]),
    ])
    let first = catalog.index
    #expect(catalog.eventCount(in: EventScope(days: 30, text: "alpha")) == 2)

    // Listing and downloading change states only: the same index answers.
    let listed = catalog.applying(.update(.listed([fires, storms])))
    let started = listed.applying(.update(.started(fires)))
    #expect(listed.index === first)
    #expect(started.index === first)

    // A download with as many events under new titles: a new index, the new titles searched.
    let loaded = started.applying(
      .update(
        .loaded(
          fires,
          EOFetched(
            value: [Sample.event("g", daysAgo: 1, title: "Fire Beta"), Sample.event("h", daysAgo: 2)],
            source: .live, fetchedAt: Sample.reference))))
    #expect(loaded.index !== first)
    #expect(loaded.eventCount(in: EventScope(days: 30, text: "alpha")) == 1)
    #expect(loaded.eventCount(in: EventScope(days: 30, text: "beta")) == 1)
    #expect(loaded.eventCount(in: EventScope(days: 30)) == 3, "s is no longer listed twice")
    expectNaiveAnswers(loaded, EventScope(days: 30, text: "beta"), "after the download")
    // The catalog before the download still answers for its own events.
    #expect(started.eventCount(in: EventScope(days: 30, text: "alpha")) == 2)
    #expect(started.eventCount(in: EventScope(days: 30)) == 2)

    // Items set from outside make a new revision too.
    var edited = loaded
    edited.items[1] = Sample.item(
      "fires", "Wildfires", events: [Sample.event("k", daysAgo: 1, title: "Alpha")])
    #expect(edited.index !== loaded.index)
    #expect(edited.eventCount(in: EventScope(days: 30, text: "alpha")) == 2)
    #expect(loaded.eventCount(in: EventScope(days: 30, text: "alpha")) == 1)
  }

  @Test(
    "catalogs made ahead and indexed in order share an index while their events are the same, and fold only what changed"
  )
  func indexedInOrder() {
    func sameStorage(_ lhs: [FoldedText], _ rhs: [FoldedText]) -> Bool {
      lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { left.baseAddress == $0.baseAddress }
      }
    }
    func fetched(_ id: String, _ title: String) -> EOFetched<[EOEvent]> {
      EOFetched(
        value: [Sample.event(id, daysAgo: 1, title: title)], source: .live, fetchedAt: Sample.reference)
    }
    let stored = Catalog(items: [
      Sample.item("a", events: [Sample.event("a1", daysAgo: 1, title: "Fire")]),
      Sample.item("b", events: [Sample.event("b1", daysAgo: 1, title: "Storm")]),
    ])
    stored.prepareIndex()
    // A refresh's catalogs, all made before any is indexed (as a test or a benchmark may).
    var first = stored
    first.items[0].replaceEvents(with: fetched("a2", "Fire two"))
    var second = first
    second.items[0].state = .done
    var third = second
    third.items[1].replaceEvents(with: fetched("b2", "Storm two"))
    #expect(!first.isIndexed && !second.isIndexed && !third.isIndexed)
    for catalog in [first, second, third] { catalog.prepareIndex() }
    #expect(second.index === first.index, "only a state changed")
    #expect(
      sameStorage(third.index.foldedTitles[0], first.index.foldedTitles[0]), "a's titles are not folded again"
    )
    #expect(
      sameStorage(first.index.foldedTitles[1], stored.index.foldedTitles[1]),
      "b's titles are not folded again")
    #expect(
      third.index.foldedTitles.map { $0.map { String(decoding: $0.bytes, as: UTF8.self) } } == [
        ["fire two"], ["storm two"],
      ])
  }

  @Test("the catalog view model makes each revision's index as it makes the revision")
  func viewModelIndexes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let fires = Sample.category("fires", "Wildfires")
    let feed = FakeFeed(
      stored: Catalog(items: [Sample.item("fires", "Wildfires", events: [Sample.event("old", daysAgo: 3)])]),
      categories: scheduler.createColdObservable([.next(10, [fires]), .completed(10)]),
      events: [
        "fires": scheduler.createColdObservable([
          .next(20, [Sample.event("new", daysAgo: 1)]), .completed(20),
        ])
      ])
    var catalogs: [Catalog] = []
    var model: CatalogViewModel?
    var subscription: Disposable?
    scheduler.scheduleAt(100) {
      model = CatalogViewModel(feed: feed, offline: false, scheduler: scheduler)
      subscription = model!.catalog.subscribe(onNext: { catalogs.append($0) })
    }
    scheduler.scheduleAt(1_000) {
      subscription?.dispose()
      model = nil
    }
    scheduler.start()
    #expect(catalogs.count > 3)
    #expect(catalogs.dropFirst().allSatisfy { $0.isIndexed }, "every catalog after the seed arrives indexed")
    let last = try #require(catalogs.last)
    #expect(last.mergedEvents(in: EventScope(days: 30)).events.map(\.id) == ["new"])
  }
}
