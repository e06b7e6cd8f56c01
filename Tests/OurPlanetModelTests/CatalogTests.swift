import EONETKit
import Foundation
import TestSupport
import Testing

@testable import OurPlanetModel

@Suite("Catalog")
struct CatalogTests {
  private let alpha = Sample.category("a", "Alpha")
  private let beta = Sample.category("b", "Beta")

  @Test("the event count counts an event shared by two categories once, within the window")
  func distinctEvents() {
    let shared = Sample.event("both", daysAgo: 1)
    let catalog = Catalog(items: [
      Sample.item("a", events: [shared, Sample.event("x", daysAgo: 1), Sample.event("old", daysAgo: 50)]),
      Sample.item("b", events: [shared]),
    ])
    #expect(catalog.eventCount(in: EventScope(days: 30)) == 2)
    #expect(catalog.eventCount(in: EventScope(days: 60)) == 3)
    #expect(catalog.mergedEvents(in: EventScope(days: 60)).events.map(\.id).sorted() == ["both", "old", "x"])
  }

  @Test("a past range is final once every category was downloaded after it ended, never from the snapshot")
  func finalRange() {
    let end = Sample.reference
    func catalog(_ source: EODataSource, fetchedAt: Date) -> Catalog {
      Catalog(
        items: [alpha, beta].map { CategoryItem(category: $0, fetchedAt: fetchedAt, source: source) },
        rangeEnd: end)
    }
    #expect(catalog(.live, fetchedAt: end).isFinalRange)
    #expect(catalog(.cache, fetchedAt: end.addingTimeInterval(86_400)).isFinalRange)
    #expect(!catalog(.live, fetchedAt: end.addingTimeInterval(-1)).isFinalRange)
    #expect(!catalog(.snapshot, fetchedAt: end.addingTimeInterval(86_400)).isFinalRange)
    #expect(!Catalog(items: [CategoryItem(category: alpha, fetchedAt: end, source: .live)]).isFinalRange)
    // The window counts back from the range's end, whatever the fetch times.
    #expect(catalog(.live, fetchedAt: end.addingTimeInterval(9 * 86_400)).windowEnd == end)
  }

  @Test("the remembered count is the items': it follows a change of items, days or region")
  func countFollowsItems() {
    var catalog = Catalog(items: [
      Sample.item("a", events: [Sample.event("x", daysAgo: 1), Sample.event("y", daysAgo: 10)])
    ])
    let copy = catalog
    #expect(catalog.eventCount(in: EventScope(days: 30)) == 2)
    #expect(catalog.eventCount(in: EventScope(days: 5)) == 1)
    catalog.items.append(Sample.item("b", events: [Sample.event("z", daysAgo: 2)]))
    #expect(catalog.eventCount(in: EventScope(days: 30)) == 3)
    catalog.items[0] = Sample.item("a", events: [])
    #expect(catalog.eventCount(in: EventScope(days: 30)) == 1)
    // The copy taken before holds the old items, and counts them.
    #expect(copy.eventCount(in: EventScope(days: 30)) == 2)
    #expect(copy != catalog)
    let far = Region.near(EOCoordinate(longitude: 170, latitude: -80), radiusKilometres: 1)
    #expect(copy.eventCount(in: EventScope(days: 30, region: far)) == 0)
    #expect(copy.eventCount(in: EventScope(days: 30)) == 2)
  }

  @Test("folded titles follow the events: new events fold anew, a copy taken before keeps its own")
  func foldedTitlesFollowEvents() {
    func text(_ catalog: Catalog) -> [String] {
      catalog.index.foldedTitles[0].map { String(decoding: $0.bytes, as: UTF8.self) }
    }
    var catalog = Catalog(items: [
      Sample.item(
        "a",
        events: [
          Sample.event("x", daysAgo: 1, title: "Fire ONE"), Sample.event("y", daysAgo: 2, title: "Ísland"),
        ])
    ])
    #expect(text(catalog) == ["fire one", "island"])
    #expect(text(catalog) == ["fire one", "island"])
    let before = catalog
    catalog.items[0].replaceEvents(
      with: EOFetched(
        value: [Sample.event("z", daysAgo: 1, title: "Storm TWO")], source: .live, fetchedAt: Sample.reference
      ))
    #expect(text(catalog) == ["storm two"])
    #expect(text(before) == ["fire one", "island"])
    #expect(text(catalog) == ["storm two"])
  }

  @Test("the days window is a binary search that agrees with a plain filter", arguments: [1, 3, 30, 360])
  func windowAgreesWithFilter(days: Int) {
    var generator = SplitMix(seed: UInt64(days))
    let events = (0..<300).map { Sample.event("e\($0)", daysAgo: Double(generator.next() % 40_000) / 100) }
    let item = Sample.item("a", events: events)
    let filtered = events.filter { $0.date >= Sample.reference.addingTimeInterval(-Double(days) * 86_400) }
    #expect(Set(item.events(inLast: days).map(\.id)) == Set(filtered.map(\.id)))
    #expect(item.count(in: EventScope(days: days)) == filtered.count)
  }

  @Test("each data set counts back from its own fetch time")
  func ownNow() {
    let old = Sample.reference.addingTimeInterval(-400 * 86_400)
    let snapshotEvent = EOEvent(
      id: "s", title: "Old",
      geometries: [
        EOGeometry(date: old.addingTimeInterval(-86_400), shape: .point(.init(longitude: 0, latitude: 0)))
      ])
    let item = Sample.item("a", events: [snapshotEvent], source: .snapshot, fetchedAt: old)
    #expect(item.count(in: EventScope(days: 30)) == 1, "a year-old snapshot still shows its last month")
  }

  @Test("one time base: a category's year-old stored data is outside the window of a live catalog")
  func oneTimeBase() {
    // Ice is live, fetched now; Fires' download failed and it shows the snapshot from a year ago.
    let yearAgo = Sample.reference.addingTimeInterval(-400 * 86_400)
    let snapshotFire = EOEvent(
      id: "old", title: "Snapshot fire", categories: [Sample.category("fires")],
      geometries: [
        EOGeometry(date: yearAgo.addingTimeInterval(-86_400), shape: .point(.init(longitude: 0, latitude: 0)))
      ])
    let catalog = Catalog(items: [
      Sample.item(
        "fires", events: [snapshotFire], state: .failed("HTTP 500"), source: .snapshot, fetchedAt: yearAgo),
      Sample.item("ice", events: [Sample.event("berg", daysAgo: 20)], state: .done, source: .live),
    ])
    #expect(
      catalog.eventCount(in: EventScope(days: 360)) == 1, "the snapshot's fire is not in the last 360 days")
    #expect(catalog.mergedEvents(in: EventScope(days: 360)).events.map(\.id) == ["berg"])
    // A window long enough holds both, on one time base: the ages count back from the same now.
    let both = catalog.mergedEvents(in: EventScope(days: 1_000))
    #expect(both.events.map(\.id) == ["berg", "old"])
    #expect(both.ages == [20 * 86_400, 401 * 86_400])
  }

  @Test("a refresh lists, starts, loads and fails categories; loading ends when all finished")
  func fold() {
    var catalog = Catalog(isListing: true)
    #expect(catalog.isLoading && catalog.completedCount == 0)
    catalog = catalog.applying(.update(.listed([beta, alpha])))
    #expect(catalog.items.map(\.category.title) == ["Alpha", "Beta"])
    #expect(catalog.items.allSatisfy { $0.state == .queued })
    #expect(catalog.isLoading && !catalog.isListing)
    catalog = catalog.applying(.update(.started(alpha)))
    #expect(catalog.item(id: "a")?.state == .downloading)
    let fetched = EOFetched(
      value: [Sample.event("e", daysAgo: 1)], source: .live, fetchedAt: Sample.reference)
    catalog = catalog.applying(.update(.loaded(alpha, fetched)))
    #expect(catalog.completedCount == 1 && catalog.isLoading)
    catalog = catalog.applying(.update(.failed(beta, .httpStatus(url: "u", status: 500))))
    #expect(!catalog.isLoading)
    #expect(catalog.item(id: "b")?.state == .failed("HTTP 500 from u"))
    #expect(catalog.messages == ["Beta: HTTP 500 from u — nothing stored to show"])
    #expect(catalog.failedCount == 1)
  }

  @Test("a new refresh keeps what is on screen and the ✓ of finished categories")
  func refreshKeepsData() {
    let fetched = EOFetched(
      value: [Sample.event("e", daysAgo: 1)], source: .live, fetchedAt: Sample.reference)
    var catalog = Catalog()
      .applying(.update(.listed([alpha, beta])))
      .applying(.update(.loaded(alpha, fetched)))
    catalog = catalog.applying(.refreshStarted).applying(.update(.listed([alpha, beta])))
    #expect(catalog.item(id: "a")?.state == .done, "the ✓ stays until the new download starts")
    #expect(catalog.item(id: "a")?.events.map(\.id) == ["e"])
    #expect(catalog.item(id: "b")?.state == .queued)
    #expect(catalog.completedCount == 0, "the progress counts this refresh")
    // Stored data arriving late never replaces live data.
    let stale = Catalog(items: [Sample.item("a", events: [], source: .snapshot)])
    #expect(catalog.applying(.stored(stale)).item(id: "a")?.events.map(\.id) == ["e"])
  }

  @Test("provenance: live, partly live with failures, stored")
  func provenance() {
    let live = EOFetched(value: [Sample.event("e", daysAgo: 1)], source: .live, fetchedAt: Sample.reference)
    let stored = Catalog(items: [
      Sample.item("a", events: []), Sample.item("b", events: [], source: .snapshot),
    ])
    #expect(stored.provenance == .stored(.snapshot, fetchedAt: Sample.reference))
    var catalog = Catalog().applying(.stored(stored)).applying(.update(.listed([alpha, beta])))
    catalog = catalog.applying(.update(.loaded(alpha, live)))
    catalog = catalog.applying(.update(.failed(beta, .httpStatus(url: "u", status: 500))))
    #expect(catalog.provenance == .partlyLive(live: 1, of: 2, failed: 1, updated: Sample.reference))
    catalog = catalog.applying(.update(.loaded(beta, live)))
    #expect(catalog.provenance == .live(updated: Sample.reference))
    #expect(Catalog.empty.provenance == .nothing)
  }

  @Test("provenance: a server that cannot be reached is offline from then on, not live")
  func offline() {
    let alpha = Sample.category("alpha")
    let live = EOFetched(value: [Sample.event("a1", daysAgo: 1)], source: .live, fetchedAt: Sample.reference)
    var catalog = Catalog.empty.applying(.refreshStarted)
    catalog = catalog.applying(.update(.listed([alpha])))
    catalog = catalog.applying(.update(.loaded(alpha, live)))
    #expect(catalog.provenance == .live(updated: Sample.reference))
    let gone = Sample.reference.addingTimeInterval(120)
    catalog = catalog.applying(.refreshStarted).applying(.refreshFailed("Could not refresh", at: gone))
    #expect(catalog.provenance == .offline(since: gone, showing: Sample.reference, source: .live))
    let again = catalog.applying(.refreshStarted).applying(.refreshFailed("still", at: gone + 60))
    #expect(
      again.provenance == .offline(since: gone, showing: Sample.reference, source: .live),
      "since the first failure")
    let back = again.applying(.refreshStarted).applying(.update(.listed([alpha])))
    #expect(back.offlineSince == nil, "the server answered")
  }

  @Test("provenance: a category whose download failed no longer counts as live")
  func failedIsNotLive() {
    let alpha = Sample.category("alpha")
    let live = EOFetched(value: [Sample.event("a1", daysAgo: 1)], source: .live, fetchedAt: Sample.reference)
    var catalog = Catalog.empty.applying(.refreshStarted).applying(.update(.listed([alpha])))
    catalog = catalog.applying(.update(.loaded(alpha, live)))
    catalog = catalog.applying(.refreshStarted).applying(.update(.listed([alpha])))
    catalog = catalog.applying(.update(.failed(alpha, .httpStatus(url: "u", status: 503))))
    #expect(catalog.provenance == .partlyLive(live: 0, of: 1, failed: 1, updated: Sample.reference))
  }
}

@Suite("Messages kept while left running")
struct BoundedMessagesTests {
  @Test("a catalog keeps the latest messages and counts every one, so what is new is always known")
  func catalogKeepsTheLatest() {
    var catalog = Catalog.empty
    for number in 1...(MessageLog.kept + 50) {
      catalog = catalog.applying(.refreshFailed("failure \(number)", at: Sample.reference))
    }
    #expect(catalog.messages.count == MessageLog.kept)
    #expect(catalog.messagesAdded == MessageLog.kept + 50)
    #expect(catalog.messages.first == "failure 51")
    #expect(catalog.messages.last == "failure \(MessageLog.kept + 50)")
    #expect(
      Array(catalog.messages(since: MessageLog.kept + 47))
        == (48...50).map { "failure \(MessageLog.kept + $0)" })
    #expect(catalog.messages(since: 0).count == MessageLog.kept, "more new than kept: the kept ones")
    #expect(catalog.messages(since: catalog.messagesAdded).isEmpty)
  }

  @Test("the message log replays the latest messages to a late subscriber")
  func logKeepsTheLatest() {
    let log = MessageLog(clock: { Date(timeIntervalSince1970: 0) })
    for number in 1...(MessageLog.kept + 10) { log.post("message \(number)") }
    var replayed: [String] = []
    let subscription = log.messages.subscribe(onNext: { replayed.append($0.text) })
    subscription.dispose()
    #expect(replayed.count == MessageLog.kept)
    #expect(replayed.first == "message 11")
  }
}
