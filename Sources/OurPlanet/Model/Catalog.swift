import EONETKit
import Foundation
import Synchronization

/// Everything the app knows at a moment: the categories with their events, how fresh they are, and
/// where the current refresh stands.
public struct Catalog: Equatable, Sendable {
  /// The categories, sorted by title.
  public var items: [CategoryItem] {
    didSet { distinctCount = DistinctCountMemo() }
  }
  /// Categories of the running refresh that have not finished yet (ids).
  public var pending: Set<String>
  /// Whether a refresh is waiting for the category list.
  public var isListing: Bool
  /// Problems of the data (failed downloads, a failed category list), newest last.
  public var messages: [String]
  /// The last distinct event count worked out for these items (the status line shows it on every
  /// frame); shared by copies, replaced whenever the items change.
  private var distinctCount = DistinctCountMemo()

  /// A catalog with the given parts.
  public init(
    items: [CategoryItem] = [], pending: Set<String> = [], isListing: Bool = false, messages: [String] = []
  ) {
    self.items = items
    self.pending = pending
    self.isListing = isListing
    self.messages = messages
  }

  /// Nothing loaded yet.
  public static let empty = Catalog()

  /// Catalogs are equal when what they hold is; what was worked out from it is not compared.
  public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
    lhs.items == rhs.items && lhs.pending == rhs.pending && lhs.isListing == rhs.isListing
      && lhs.messages == rhs.messages
  }

  /// `true` while a refresh runs (from its first request to its last download).
  public var isLoading: Bool { isListing || !pending.isEmpty }

  /// The number of categories of the running refresh that have finished, either way.
  public var completedCount: Int { isListing ? 0 : items.count - pending.count }

  /// The categories whose last download failed.
  public var failedCount: Int {
    items.reduce(0) { count, item in
      if case .failed = item.state { return count + 1 }
      return count
    }
  }

  /// The row of the category with `id`.
  public func item(id: String) -> CategoryItem? { items.first { $0.category.id == id } }

  /// The number of distinct events inside the last `days` days across all categories (an event in
  /// two categories counts once).
  public func eventCount(inLast days: Int, in region: Region? = nil) -> Int {
    if let count = distinctCount.count(days: days, region: region) { return count }
    return forEachEvent(inLast: days, in: region) { _, _, _ in }
  }

  /// Calls `body` once for each distinct event inside the last `days` days and `region` (an event in
  /// two categories is the same event; the first category listing it counts), and returns how many.
  @discardableResult
  public func forEachDistinctEvent(inLast days: Int, in region: Region? = nil, _ body: (EOEvent) -> Void)
    -> Int
  {
    forEachEvent(inLast: days, in: region) { _, event, isFirst in
      if isFirst { body(event) }
    }
  }

  /// Calls `body` for every category's events inside the last `days` days and `region`, with the
  /// category's position in ``items`` and whether this is the first category listing the event;
  /// returns the number of distinct events.
  @discardableResult
  public func forEachEvent(
    inLast days: Int, in region: Region? = nil,
    _ body: (_ item: Int, _ event: EOEvent, _ isFirst: Bool) -> Void
  ) -> Int {
    var seen = Set<String>(minimumCapacity: items.reduce(0) { $0 + $1.events(inLast: days).count })
    for (index, item) in items.enumerated() {
      for event in item.events(inLast: days) where region?.contains(event) ?? true {
        body(index, event, seen.insert(event.id).inserted)
      }
    }
    distinctCount.remember(seen.count, days: days, region: region)
    return seen.count
  }

  /// Every category's events inside the last `days` days, each event once (the first category
  /// listing it counts), youngest first by age against its own category's fetch time, with those
  /// ages in seconds: the "All categories" list, in the UI and in `ourplanet events all`.
  public func mergedEvents(inLast days: Int, in region: Region? = nil) -> (events: [EOEvent], ages: [Double])
  {
    var seen = Set<String>()
    var pairs: [(event: EOEvent, age: Double)] = []
    for item in items {
      guard let reference = item.fetchedAt else { continue }
      for event in item.events(inLast: days)
      where region?.contains(event) ?? true && seen.insert(event.id).inserted {
        pairs.append((event, reference.timeIntervalSince(event.date)))
      }
    }
    pairs.sort { $0.age != $1.age ? $0.age < $1.age : $0.event.id < $1.event.id }
    return (pairs.map(\.event), pairs.map(\.age))
  }

  /// Where the data on screen comes from, summed up over the categories.
  public var provenance: Provenance {
    let known = items.filter { $0.fetchedAt != nil }
    guard let first = known.first else { return .nothing }
    let live = known.filter { $0.source == .live }
    if live.count == items.count {
      let updated = live.compactMap(\.fetchedAt).max() ?? first.fetchedAt!
      return .live(updated: updated)
    }
    if !live.isEmpty {
      let updated = live.compactMap(\.fetchedAt).max() ?? first.fetchedAt!
      return .partlyLive(live: live.count, of: items.count, failed: failedCount, updated: updated)
    }
    let source: EODataSource =
      known.contains { $0.source == .snapshot } ? .snapshot : (first.source ?? .cache)
    let oldest = known.compactMap(\.fetchedAt).min() ?? first.fetchedAt!
    return .stored(source, fetchedAt: oldest)
  }

  /// Where the data on screen comes from.
  public enum Provenance: Equatable, Sendable {
    /// Nothing loaded yet.
    case nothing
    /// Every category is live; the newest download ended at `updated`.
    case live(updated: Date)
    /// Some categories are live, the others stored (queued, or their download failed).
    case partlyLive(live: Int, of: Int, failed: Int, updated: Date)
    /// Only stored data: the cache or the bundled snapshot, fetched at the given time.
    case stored(EODataSource, fetchedAt: Date)
  }
}

/// One change to the catalog: stored data arriving, a refresh starting, a step of the refresh.
public enum CatalogChange: Sendable {
  /// What is on disk (the cache, else the bundled snapshot).
  case stored(Catalog)
  /// A refresh started: the category list is being requested.
  case refreshStarted
  /// A step of the refresh graph.
  case update(EORefreshUpdate)
  /// The category list could not be loaded: the refresh ended; the message says why.
  case refreshFailed(String)
}

extension Catalog {
  /// This catalog with one change applied.
  ///
  /// A refresh never goes back to older data: stored data fills in only categories that have none,
  /// and a category keeps its events (and its ✓) until its new download replaces them.
  public func applying(_ change: CatalogChange) -> Catalog {
    var next = self
    switch change {
    case .stored(let stored):
      next.messages += stored.messages
      if next.items.isEmpty {
        next.items = stored.items
      } else {
        for item in stored.items {
          if let index = next.index(of: item.category.id) { next.items[index].adoptIfEmpty(item) }
        }
      }
    case .refreshStarted:
      next.isListing = true
      next.pending = []
    case .refreshFailed(let message):
      next.isListing = false
      next.pending = []
      next.messages.append(message)
    case .update(let update):
      next.apply(update)
    }
    return next
  }

  private mutating func apply(_ update: EORefreshUpdate) {
    switch update {
    case .listed(let categories):
      let known = Dictionary(items.map { ($0.category.id, $0) }, uniquingKeysWith: { first, _ in first })
      items = categories.sorted(by: CategoryOrder.byTitle).map { category in
        var item = known[category.id] ?? CategoryItem(category: category)
        if item.state != .done { item.state = .queued }
        return CategoryItem(
          category: category, events: item.events, fetchedAt: item.fetchedAt, source: item.source,
          state: item.state)
      }
      isListing = false
      pending = Set(categories.map(\.id))
    case .started(let category):
      if let index = index(of: category.id) { items[index].state = .downloading }
    case .loaded(let category, let fetched):
      if let index = index(of: category.id) {
        items[index].replaceEvents(with: fetched)
        items[index].state = .done
      }
      pending.remove(category.id)
    case .failed(let category, let error):
      if let index = index(of: category.id) {
        let message = EventFeedError.describe(error)
        let kept = items[index].fetchedAt == nil ? "nothing stored to show" : "kept stored data"
        items[index].state = .failed(message)
        messages.append("\(category.title): \(message) — \(kept)")
      }
      pending.remove(category.id)
    }
  }

  private func index(of id: String) -> Int? { items.firstIndex { $0.category.id == id } }
}

/// How categories are ordered: by title, case-insensitively, then by id.
public enum CategoryOrder {
  /// `true` when `lhs` comes before `rhs`.
  public static func byTitle(_ lhs: EOCategory, _ rhs: EOCategory) -> Bool {
    let order = lhs.title.localizedCaseInsensitiveCompare(rhs.title)
    if order != .orderedSame { return order == .orderedAscending }
    return lhs.id < rhs.id
  }
}

/// Turns errors into the short messages the status line shows.
public enum EventFeedError {
  /// A one-line human description of `error`.
  public static func describe(_ error: Error) -> String {
    let text = String(describing: error)
    return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
  }
}

/// A catalog's last distinct event count and what it was counted for. Reference-typed so the
/// catalog's `eventCount` stays a plain read; a catalog whose items change gets a fresh one.
private final class DistinctCountMemo: Sendable {
  private let last = Mutex<(days: Int, region: Region?, count: Int)?>(nil)

  func count(days: Int, region: Region?) -> Int? {
    last.withLock { last in
      guard let last, last.days == days, last.region == region else { return nil }
      return last.count
    }
  }

  func remember(_ count: Int, days: Int, region: Region?) {
    last.withLock { $0 = (days, region, count) }
  }
}
