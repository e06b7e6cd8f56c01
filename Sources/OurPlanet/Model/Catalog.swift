import EONETKit
import Foundation

/// Everything the app knows at a moment: the categories with their events and how fresh they are.
public struct Catalog: Equatable, Sendable {
  /// The categories, sorted by title.
  public var items: [CategoryItem]
  /// Where the data shown comes from, `nil` before anything loaded.
  public var source: EODataSource?
  /// "Now" for the days filter: the clock for live data, the fetch time for cached or bundled data.
  public var referenceDate: Date?
  /// `true` while a refresh runs.
  public var isLoading: Bool
  /// Problems to show, newest last ("Floods: HTTP 500 — kept cached data").
  public var messages: [String]

  /// A catalog with the given parts.
  public init(
    items: [CategoryItem] = [], source: EODataSource? = nil, referenceDate: Date? = nil,
    isLoading: Bool = false, messages: [String] = []
  ) {
    self.items = items
    self.source = source
    self.referenceDate = referenceDate
    self.isLoading = isLoading
    self.messages = messages
  }

  /// Nothing loaded yet.
  public static let empty = Catalog()

  /// The number of categories whose download finished in this refresh.
  public var completedCount: Int { items.reduce(0) { $0 + ($1.state.isFinished ? 1 : 0) } }

  /// The number of distinct events across all categories.
  public var eventCount: Int {
    var seen = Set<String>()
    for item in items { for event in item.events { seen.insert(event.id) } }
    return seen.count
  }

  /// The row of the category with `id`.
  public func item(id: String) -> CategoryItem? { items.first { $0.category.id == id } }

  /// The state before any download of a refresh: the live category list, with the events already
  /// known from `stored`, every category queued.
  public static func refreshing(categories: [EOCategory], stored: Catalog, now: Date) -> Catalog {
    let known = Dictionary(stored.items.map { ($0.category.id, $0.events) }, uniquingKeysWith: { a, _ in a })
    let items = categories.sorted(by: CategoryOrder.byTitle).map {
      CategoryItem(category: $0, events: known[$0.id] ?? [], state: .queued)
    }
    return Catalog(
      items: items, source: .live, referenceDate: now, isLoading: !items.isEmpty, messages: stored.messages)
  }

  /// This catalog with one update applied.
  public func applying(_ update: CatalogUpdate) -> Catalog {
    var next = self
    switch update {
    case .started(let id):
      next.setState(.downloading, for: id)
    case .loaded(let id, let events):
      if let index = next.items.firstIndex(where: { $0.category.id == id }) {
        next.items[index].events = events.sorted(by: EventOrder.newestFirst)
        next.items[index].state = .done
      }
    case .failed(let id, let message):
      if let index = next.items.firstIndex(where: { $0.category.id == id }) {
        let title = next.items[index].category.title
        let kept = next.items[index].events.isEmpty ? "no cached data" : "kept cached data"
        next.items[index].state = .failed(message)
        next.messages.append("\(title): \(message) — \(kept)")
      }
    }
    next.isLoading = next.items.contains { !$0.state.isFinished }
    return next
  }

  private mutating func setState(_ state: CategoryItem.State, for id: String) {
    if let index = items.firstIndex(where: { $0.category.id == id }) { items[index].state = state }
  }
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

/// How events are ordered: newest first, then by id for a stable order.
public enum EventOrder {
  /// `true` when `lhs` comes before `rhs`.
  public static func newestFirst(_ lhs: EOEvent, _ rhs: EOEvent) -> Bool {
    if lhs.date != rhs.date { return lhs.date > rhs.date }
    return lhs.id < rhs.id
  }
}
