import EONETKit
import Foundation

/// Everything the app knows at a moment: the categories with their events, how fresh they are, and
/// where the current refresh stands.
package struct Catalog: Equatable, Sendable {
  /// The categories, sorted by title.
  package var items: [CategoryItem] {
    // A new revision: its index is the previous one only if the events are the same.
    didSet { indexSlot = CatalogIndex.Slot(after: indexSlot) }
  }
  /// Categories of the running refresh that have not finished yet (ids).
  package var pending: Set<String>
  /// Whether a refresh is waiting for the category list.
  package var isListing: Bool
  /// When a refresh first failed to reach the server at all, since the last one that did: the data
  /// on screen is no longer live from then on.
  package private(set) var offlineSince: Date?
  /// Problems of the data (failed downloads, a failed category list), newest last: the latest
  /// ``MessageLog/kept`` of them (a refresh that fails every minute for days would otherwise grow
  /// every catalog without end).
  package private(set) var messages: [String]
  /// How many messages were ever added, the dropped ones included: what is new since an earlier
  /// catalog is the last `messagesAdded - earlier.messagesAdded` of ``messages``.
  package private(set) var messagesAdded: Int
  /// The end of the range this catalog holds (`--from`/`--to`: the start of the day after `--to`),
  /// `nil` for the last days up to now: the ``windowEnd`` then, whatever the fetch times.
  package var rangeEnd: Date?
  /// Where this revision's index is kept; shared by copies.
  private var indexSlot = CatalogIndex.Slot(after: nil)

  /// A catalog with the given parts.
  package init(
    items: [CategoryItem] = [], pending: Set<String> = [], isListing: Bool = false, messages: [String] = [],
    rangeEnd: Date? = nil
  ) {
    self.rangeEnd = rangeEnd
    self.items = items
    // A past range holds its events as they stood at its end.
    if let rangeEnd { for index in self.items.indices { self.items[index].clip(to: rangeEnd) } }
    self.pending = pending
    self.isListing = isListing
    self.messages = []
    messagesAdded = 0
    add(messages)
  }

  /// Adds `newMessages`, dropping the oldest beyond what is kept.
  mutating func add<Messages: Collection>(_ newMessages: Messages) where Messages.Element == String {
    messages.append(contentsOf: newMessages)
    messagesAdded += newMessages.count
    if messages.count > MessageLog.kept { messages.removeFirst(messages.count - MessageLog.kept) }
  }

  /// The messages added since a catalog that had added `earlier` (as many as are still kept).
  package func messages(since earlier: Int) -> ArraySlice<String> {
    messages.suffix(max(0, min(messagesAdded - earlier, messages.count)))
  }

  /// Nothing loaded yet.
  package static let empty = Catalog()

  /// This revision's index of its events, made on first use and shared by every catalog whose
  /// events are the same (a refresh's catalogs that differ only in their states share one).
  var index: CatalogIndex { indexSlot.index(of: items) }

  /// Makes this revision's index now, if not yet: what the catalog view model does as it makes
  /// each revision, off the UI thread, so no screen makes it while drawing. Made in the order the
  /// revisions are, each index takes the folded titles of its predecessor's unchanged categories.
  package func prepareIndex() { _ = indexSlot.index(of: items) }

  /// Whether this revision's index is made already.
  var isIndexed: Bool { indexSlot.isMade }

  /// Catalogs are equal when what they hold is; its index, worked out from it, is not compared.
  package static func == (lhs: Catalog, rhs: Catalog) -> Bool {
    lhs.items == rhs.items && lhs.pending == rhs.pending && lhs.isListing == rhs.isListing
      && lhs.messagesAdded == rhs.messagesAdded && lhs.messages == rhs.messages
      && lhs.offlineSince == rhs.offlineSince && lhs.rangeEnd == rhs.rangeEnd
  }

  /// The now every category's days window counts back from: the newest fetch time of any
  /// category, `nil` while nothing is known.
  ///
  /// One time base for the whole catalog: beside live categories, a category that shows year-old
  /// stored data (its download failed and the cache is empty) has nothing in "the last 30 days",
  /// rather than the last 30 days of its own year-old data, and the All list orders every event
  /// by one age. With stored data only, the newest stored fetch time is this now, so the offline
  /// snapshot still shows its last days.
  ///
  /// A past range counts back from its own end instead, once anything is known.
  package var windowEnd: Date? {
    guard let newest = newestFetch else { return nil }
    return rangeEnd ?? newest
  }

  /// Whether this is a past range every category downloaded after it ended: final, it does not
  /// change, and refreshes come from the cache. The bundled snapshot never is: it holds the open
  /// events of its day, not a range's whole history.
  package var isFinalRange: Bool {
    guard let rangeEnd, !items.isEmpty else { return false }
    return items.allSatisfy { item in
      item.source != .snapshot && (item.fetchedAt.map { $0 >= rangeEnd } ?? false)
    }
  }

  /// The newest fetch time of any category: what a row's stored data is "behind" of
  /// (``CategoryItem/fetchTime(behind:)``), the window's end or not.
  package var newestFetch: Date? { items.lazy.compactMap(\.fetchedAt).max() }

  /// `true` while a refresh runs (from its first request to its last download).
  package var isLoading: Bool { isListing || !pending.isEmpty }

  /// The number of categories of the running refresh that have finished, either way.
  package var completedCount: Int { isListing ? 0 : items.count - pending.count }

  /// The categories whose last download failed.
  package var failedCount: Int {
    items.reduce(0) { count, item in item.state.isFailure ? count + 1 : count }
  }

  /// The row of the category with `id`.
  package func item(id: String) -> CategoryItem? { items.first { $0.category.id == id } }

  /// Where the data on screen comes from, summed up over the categories.
  package var provenance: Provenance {
    let known = items.filter { $0.fetchedAt != nil }
    let oldest = known.compactMap(\.fetchedAt).min()
    let source: EODataSource? =
      known.contains { $0.source == .snapshot } ? .snapshot : known.first.flatMap(\.source)
    if let offlineSince { return .offline(since: offlineSince, showing: oldest, source: source) }
    guard let oldest else { return .nothing }
    // A category whose last download failed shows what it had before: live no longer.
    let live = known.filter { $0.source == .live && !$0.state.isFailure }
    if live.count == items.count {
      return .live(updated: live.compactMap(\.fetchedAt).max() ?? oldest)
    }
    if !live.isEmpty || failedCount > 0 {
      let updated = live.compactMap(\.fetchedAt).max() ?? oldest
      return .partlyLive(live: live.count, of: items.count, failed: failedCount, updated: updated)
    }
    return .stored(source ?? .cache, fetchedAt: oldest)
  }

  /// Where the data on screen comes from.
  package enum Provenance: Equatable, Sendable {
    /// Nothing loaded yet.
    case nothing
    /// Every category is live; the newest download ended at `updated`.
    case live(updated: Date)
    /// Some categories are live, the others stored (queued, or their download failed).
    case partlyLive(live: Int, of: Int, failed: Int, updated: Date)
    /// Only stored data: the cache or the bundled snapshot, fetched at the given time.
    case stored(EODataSource, fetchedAt: Date)
    /// The server could not be reached since `since`; the oldest data shown was fetched at `showing`,
    /// from `source` (the snapshot if any category shows it).
    case offline(since: Date, showing: Date?, source: EODataSource?)
  }
}

/// One change to the catalog: stored data arriving, a refresh starting, a step of the refresh.
package enum CatalogChange: Sendable {
  /// What is on disk (the cache, else the bundled snapshot).
  case stored(Catalog)
  /// A refresh started: the category list is being requested.
  case refreshStarted
  /// A step of the refresh graph.
  case update(EORefreshUpdate)
  /// The category list could not be loaded at the given time: the refresh ended; the message says why.
  case refreshFailed(String, at: Date)
}

extension Catalog {
  /// This catalog with one change applied.
  ///
  /// A refresh never goes back to older data: stored data fills in only categories that have none,
  /// and a category keeps its events (and its ✓) until its new download replaces them.
  package func applying(_ change: CatalogChange) -> Catalog {
    var next = self
    switch change {
    case .stored(let stored):
      next.add(stored.messages)
      next.rangeEnd = next.rangeEnd ?? stored.rangeEnd
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
    case .refreshFailed(let message, let date):
      next.isListing = false
      next.pending = []
      if next.offlineSince == nil { next.offlineSince = date }
      next.add(CollectionOfOne(message))
    case .update(let update):
      next.apply(update)
    }
    return next
  }

  private mutating func apply(_ update: EORefreshUpdate) {
    switch update {
    case .listed(let categories):
      let known = Dictionary(items.map { ($0.category.id, $0) }, uniquingKeysWith: { first, _ in first })
      items = categories.sorted(by: EOCategory.byTitle).map { category in
        var item =
          known[category.id].map { CategoryItem(category: category, keeping: $0) }
          ?? CategoryItem(category: category)
        if item.state != .done { item.state = .queued }
        return item
      }
      isListing = false
      offlineSince = nil
      pending = Set(categories.map(\.id))
    case .started(let category):
      if let index = index(of: category.id) { items[index].state = .downloading }
    case .loaded(let category, let fetched):
      if let index = index(of: category.id) {
        items[index].replaceEvents(with: fetched)
        if let rangeEnd { items[index].clip(to: rangeEnd) }
        items[index].state = .done
      }
      pending.remove(category.id)
    case .failed(let category, let error):
      if let index = index(of: category.id) {
        let message = EventFeedError.describe(error)
        let kept = items[index].fetchedAt == nil ? "nothing stored to show" : "kept stored data"
        items[index].state = .failed(message)
        add(CollectionOfOne("\(category.title): \(message) — \(kept)"))
      }
      pending.remove(category.id)
    }
  }

  private func index(of id: String) -> Int? { items.firstIndex { $0.category.id == id } }
}

/// Turns errors into the short messages the status line shows.
package enum EventFeedError {
  /// A one-line human description of `error`.
  package static func describe(_ error: Error) -> String {
    let text = String(describing: error)
    return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
  }
}
