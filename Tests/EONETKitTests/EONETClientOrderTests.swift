import Foundation
import RxCore
import RxTesting
import Testing

@testable import EONETKit

/// The download order of a refresh: the largest expected download first.
@Suite("EONETClient download order")
struct EONETClientOrderTests {
  private let titles = [
    "drought", "dustHaze", "earthquakes", "floods", "landslides", "manmade", "seaLakeIce", "severeStorms",
    "snow", "tempExtremes", "volcanoes", "waterColor", "wildfires",
  ]

  private func client(cache: URL) throws -> EONETClient {
    let snapshot = try EONETSnapshot.locate(environment: [:], executableURL: nil)
    return EONETClient(configuration: .init(cacheDirectory: cache, snapshot: snapshot))
  }

  @Test("with an empty cache the bundled snapshot's sizes decide; unknown sizes come last, as listed")
  func snapshotSizes() throws {
    // Two categories the snapshot does not hold lead the list: nothing is known of them.
    let categories = (["unknown-b", "unknown-a"] + titles).map { EOCategory(id: $0, title: $0) }
    let ordered = try client(cache: Fixtures.temporaryDirectory()).largestFirst(categories).map(\.id)
    // The snapshot's four non-empty categories, largest file first; the unknown ones last.
    #expect(Array(ordered.prefix(4)) == ["wildfires", "seaLakeIce", "volcanoes", "severeStorms"])
    #expect(Array(ordered.suffix(2)) == ["unknown-b", "unknown-a"])
    #expect(Set(ordered) == Set(categories.map(\.id)))
  }

  @Test("what the cache holds from the last download wins over the snapshot")
  func cachedSizes() throws {
    let directory = try Fixtures.temporaryDirectory()
    let cache = EONETCache(directory: directory)
    let body = Data(repeating: UInt8(ascii: " "), count: 8 << 20)
    let entry = CacheEntry(url: "http://x", fetchedAt: Date(), count: 0, body: body)
    #expect(
      cache.write(
        entry, for: EONETClient.eventsKey(category: .init(id: "snow", title: ""), status: "closed")) == nil)
    let categories = titles.map { EOCategory(id: $0, title: $0) }
    let ordered = try client(cache: directory).largestFirst(categories).map(\.id)
    #expect(Array(ordered.prefix(2)) == ["snow", "wildfires"])
  }

  @Test("the refresh graph lists and starts the categories in the order it is given")
  func graphFollowsOrder() throws {
    let categories = ["a", "b", "c"].map { EOCategory(id: $0, title: $0) }
    let scheduler = TestScheduler(initialClock: 0)
    let updates = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
      EONETClient.refresh(categories: .just(categories), order: { $0.reversed() }) { category in
        .just(EOFetched(value: [], source: .live, fetchedAt: Date(timeIntervalSince1970: 0)))
      }
      .map { update -> String in
        switch update {
        case .listed(let list): return "listed " + list.map(\.id).joined()
        case .started(let category): return "started " + category.id
        case .loaded(let category, _): return "loaded " + category.id
        case .failed(let category, _): return "failed " + category.id
        }
      }
    }
    #expect(
      updates.events.compactMap(\.value.element) == [
        "listed cba", "started c", "loaded c", "started b", "loaded b", "started a", "loaded a",
      ])
  }

  @Test(
    "a categories list longer than the bound loads only the bound, and a warning says how many were left out")
  func boundedList() throws {
    let categories = (0..<3_000).map { EOCategory(id: "c\($0)", title: "c\($0)") }
    let warnings = LockedWarnings()
    let scheduler = TestScheduler(initialClock: 0)
    let updates = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
      EONETClient.refresh(categories: .just(categories), onWarning: warnings.append) { _ in
        .just(EOFetched(value: [], source: .live, fetchedAt: Date(timeIntervalSince1970: 0)))
      }
    }
    let started = updates.events.compactMap { record -> String? in
      if case .started(let category) = record.value.element { return category.id } else { return nil }
    }
    #expect(started.count == EONETClient.maximumCategories)
    #expect(started == categories.prefix(EONETClient.maximumCategories).map(\.id))
    #expect(warnings.all == [.categoriesLeftOut(count: 3_000 - EONETClient.maximumCategories, loaded: 100)])
  }
}

/// Warnings collected from any thread.
private final class LockedWarnings: @unchecked Sendable {
  // Guarded by `lock`.
  private var warnings: [EONETWarning] = []
  private let lock = NSLock()

  func append(_ warning: EONETWarning) { lock.withLock { warnings.append(warning) } }
  var all: [EONETWarning] { lock.withLock { warnings } }
}
