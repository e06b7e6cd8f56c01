import Foundation
import RxCore

/// ``EONETClient``'s reads of its cache and snapshot: a request's validators, the offline answers,
/// and a wider cached window cut to a narrower question.
extension EONETClient {
  /// The cache file for `key`, if it can be read (a damaged one is reported and ignored).
  func readCacheEntry(_ key: String) -> CacheEntry? {
    switch cache?.read(key) ?? .miss {
    case .miss:
      return nil
    case .hit(let entry):
      return entry
    case .ignored(let warning):
      warn(warning)
      return nil
    }
  }

  /// A cached response decoded, and whether it was an archive (whose ids are unique), or `nil` (a
  /// broken body is reported and ignored like a broken file).
  func readCached<Element: Sendable>(
    _ key: String, format: BodyFormat<Element>
  ) -> (fetched: EOFetched<[Element]>, archived: Bool)? {
    readCacheEntry(key).flatMap { decodeCached($0, key: key, format: format) }
  }

  /// `readCached` of an entry already read; an archive leaves out what is older than `cutoff`.
  private func decodeCached<Element: Sendable>(
    _ entry: CacheEntry, key: String, format: BodyFormat<Element>, newerThan cutoff: Date? = nil
  ) -> (fetched: EOFetched<[Element]>, archived: Bool)? {
    do {
      let decoded = try format.decode(entry, newerThan: cutoff)
      let fetched = EOFetched(
        value: decoded.elements, source: .cache, fetchedAt: entry.fetchedAt, skippedEvents: decoded.skipped)
      return (fetched, entry.encoding != nil)
    } catch {
      let path = cache?.fileURL(for: key).path ?? key
      warn(.cacheIgnored(path: path, reason: error.description))
      return nil
    }
  }

  func readCachedCategories() -> EOFetched<[EOCategory]>? {
    readCached("categories", format: .categories).map { read in
      read.fetched.map { $0.sorted(by: EOCategory.byTitle) }
    }
  }

  /// The cached events of `query`: its own files, else (for a query narrower than the last N days)
  /// the shared files when they cover its window, cut to it.
  func readCachedEvents(_ query: EventQuery, category: EOCategory) -> EOFetched<[EOEvent]>? {
    if let own = readOwnCachedEvents(query, category: category) { return own }
    guard !query.isPlainDays else { return nil }
    // The shared files hold every status, magnitude and source of their window: a superset of any
    // narrower question, which the app filters. For a past range they serve only if they reach back
    // to its start (else the range would show as whole with its older part missing).
    let wide = ownCacheEntries(EventQuery(days: query.window.days), category: category)
    guard let fetchedAt = wide.map(\.entry.fetchedAt).min(), wide.count == 2 else { return nil }
    let stored = wide.map { Self.days(in: $0.entry.url) }.min() ?? 0
    let covers =
      query.window.end.map { end in
        EventWindow(days: stored).start(before: fetchedAt) <= query.window.start(before: end)
      } ?? (stored >= query.window.days)
    guard covers else { return nil }
    let cutoff = query.window.start(before: query.window.reference(fetchedAt: fetchedAt))
    let parts = wide.compactMap { decodeCached($0.entry, key: $0.key, format: .events, newerThan: cutoff) }
    guard parts.count == 2 else { return nil }
    return Self.filter(
      Self.combine(parts.map(\.fetched), knownUnique: parts.allSatisfy(\.archived)), in: query.window)
  }

  /// The events of `query`'s own cache files (the shared ones for the last N days alone).
  func readOwnCachedEvents(_ query: EventQuery, category: EOCategory) -> EOFetched<[EOEvent]>? {
    decodeOwnCache(ownCacheEntries(query, category: category), query: query)
  }

  /// `query`'s own cache files for `category` that can be read, by key.
  func ownCacheEntries(
    _ query: EventQuery, category: EOCategory
  ) -> [(key: String, entry: CacheEntry)] {
    cache?.pin(question: query.cacheSuffix)
    return query.halves.compactMap { status in
      let key = Self.eventsKey(category: category, status: status) + query.cacheSuffix
      return readCacheEntry(key).map { (key: key, entry: $0) }
    }
  }

  /// The events of `entries` (``ownCacheEntries(_:category:)``'s), cut to the query's window.
  func decodeOwnCache(
    _ entries: [(key: String, entry: CacheEntry)], query: EventQuery
  ) -> EOFetched<[EOEvent]>? {
    // The window counts back from the earliest fetch (as `filter` does with the halves combined):
    // nothing older is decoded. A closed copy left out this way cannot hide an open copy inside the
    // window: the open half listed the event open when it was fetched, after the window's start, so
    // the event closed after that start too (unless the server backdated its closing to before it).
    guard let fetchedAt = entries.map(\.entry.fetchedAt).min() else { return nil }
    let start = query.window.start(before: query.window.reference(fetchedAt: fetchedAt))
    let parts = entries.compactMap { decodeCached($0.entry, key: $0.key, format: .events, newerThan: start) }
    // A category is whole or not at all: one half alone (the closed half written before the open one
    // failed) would show as the category's events; without both the caller falls back further.
    guard parts.count == query.halves.count else { return nil }
    let combined = Self.combine(parts.map(\.fetched), knownUnique: parts.allSatisfy(\.archived))
    return Self.filter(combined, in: query.window)
  }

  /// Each category's expected download in bytes: its cached responses, else its snapshot file, else 0.
  func expectedSizes(of categories: [EOCategory]) -> [Int] {
    let snapshot = try? snapshot()
    return categories.map { category in
      let files = ["open", "closed"].compactMap {
        cache?.fileURL(for: Self.eventsKey(category: category, status: $0))
      }
      let cached = files.map(Self.fileSize).reduce(0, +)
      return cached > 0 ? cached : snapshot.map { Self.fileSize($0.fileURL(for: category)) } ?? 0
    }
  }

  private static func fileSize(_ url: URL) -> Int {
    var status = stat()
    return stat(url.path, &status) == 0 ? Int(status.st_size) : 0
  }

  func snapshot() throws(EONETError) -> EONETSnapshot {
    if let snapshot = configuration.snapshot { return snapshot }
    return try EONETSnapshot.locate()
  }

  /// The categories without the network: the cache, else the snapshot.
  package func localCategories() -> Observable<EOFetched<[EOCategory]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCachedCategories() { return cached }
      do {
        return try snapshot().categories()
      } catch {
        throw .unavailableOffline("the categories (\(error))")
      }
    }
  }

  /// A category's events as `query` asks, without the network: its cache, else the wider cache
  /// that covers it, else the snapshot, cut to the query's window (the app applies the rest).
  ///
  /// - Parameters:
  ///   - query: What to ask for.
  ///   - category: The category.
  package func localEvents(_ query: EventQuery, category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    background { [self] () throws(EONETError) in
      if let cached = readCachedEvents(query, category: category) { return cached }
      do {
        return Self.filter(try snapshot().events(for: category), in: query.window)
      } catch {
        throw .unavailableOffline("\(category.id) (\(error))")
      }
    }
  }

  /// Runs `work` on the scheduler and emits its value (none for `nil`), then completes.
  func background<Value>(_ work: @escaping () throws -> Value?) -> Observable<Value> {
    Observable<Value>.deferred {
      if let value = try work() { return .just(value) }
      return .empty()
    }
    .subscribe(on: scheduler)
  }
}
