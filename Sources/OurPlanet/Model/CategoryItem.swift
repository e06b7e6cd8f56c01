import EONETKit
import Foundation
import Support

/// One row of the categories list: a category, the events known for it, where they came from, and
/// where its download is.
public struct CategoryItem: Equatable, Sendable {
  /// Where a category's data stands.
  public enum State: Equatable, Sendable {
    /// Shown from the cache or the snapshot; no download planned.
    case stored
    /// Waiting for a download slot.
    case queued
    /// Downloading now.
    case downloading
    /// Downloaded.
    case done
    /// The download failed; the events shown are the previous ones.
    case failed(String)

    /// Whether the download failed: the one spelling of that test.
    public var isFailure: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  /// The category.
  public let category: EOCategory
  /// Its events, newest first (by ``EOEvent/date``), so a days window is a prefix.
  public private(set) var events: [EOEvent]
  /// When the events were fetched from the server: the "now" their days window counts back from.
  /// `nil` when nothing is known.
  public var fetchedAt: Date?
  /// Where the events came from, `nil` when nothing is known.
  public var source: EODataSource?
  /// Where its download stands.
  public var state: State
  /// The events' folded titles, once asked for; shared by copies and checked against the events.
  private let folded = FoldedTitles()

  /// Creates a row; `events` may come in any order.
  public init(
    category: EOCategory, events: [EOEvent] = [], fetchedAt: Date? = nil, source: EODataSource? = nil,
    state: State = .stored
  ) {
    self.category = category
    self.events = events.sortedNewestFirst()
    self.fetchedAt = fetchedAt
    self.source = source
    self.state = state
  }

  /// Its events' titles folded for searching, in the events' order: worked out on first use and
  /// kept for as long as the events are the same (a refresh rebuilds the All list many times; only
  /// the categories whose events changed fold their titles again).
  public var foldedTitles: [FoldedText] { folded.titles(of: events) }

  /// Items are equal when what they hold is; the folded titles are worked out from it.
  public static func == (lhs: CategoryItem, rhs: CategoryItem) -> Bool {
    lhs.category == rhs.category && lhs.events == rhs.events && lhs.fetchedAt == rhs.fetchedAt
      && lhs.source == rhs.source && lhs.state == rhs.state
  }

  /// Replaces the events with a newer fetch.
  public mutating func replaceEvents(with fetched: EOFetched<[EOEvent]>) {
    events = fetched.value.sortedNewestFirst()
    fetchedAt = fetched.fetchedAt
    source = fetched.source
  }

  /// Takes `stored`'s events when this row has none (stored data never replaces newer data).
  mutating func adoptIfEmpty(_ stored: CategoryItem) {
    guard fetchedAt == nil, stored.fetchedAt != nil else { return }
    events = stored.events
    fetchedAt = stored.fetchedAt
    source = stored.source
  }

  /// The number of known events, whatever their date.
  public var totalCount: Int { events.count }

  /// The events inside the last `days` days before ``fetchedAt``, newest first.
  public func events(inLast days: Int) -> ArraySlice<EOEvent> {
    guard let fetchedAt else { return events[...] }
    return EventWindow(days: days).prefix(of: events, reference: fetchedAt)
  }

  /// The events inside `scope`, newest first.
  public func events(in scope: EventScope) -> [EOEvent] {
    events(inLast: scope.days).filter { scope.containsIgnoringWindow($0) }
  }

  /// The number of events inside `scope`: what the row shows.
  public func count(in scope: EventScope) -> Int {
    events(inLast: scope.days).reduce(0) { $0 + (scope.containsIgnoringWindow($1) ? 1 : 0) }
  }
}

extension Array {
  /// Whether `other` is this very array (the same storage), without comparing an element: `false`
  /// can still mean equal contents. What the view models check before redoing work: a refresh
  /// sends dozens of catalogs that share every unchanged category's events, and comparing a
  /// category's events element by element costs more than rebuilding from them.
  func isIdentical(to other: [Element]) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in
        other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
      }
  }
}

extension Array where Element == [EOEvent] {
  /// Whether each list is the very same array as the other's at its place (see `isIdentical(to:)`).
  func isIdentical(to other: [[EOEvent]]) -> Bool {
    count == other.count && zip(self, other).allSatisfy { $0.isIdentical(to: $1) }
  }
}

/// A category's folded titles and the events they were folded from.
private final class FoldedTitles: Sendable {
  private let last = LockedValue<(events: [EOEvent], titles: [FoldedText])?>(nil)

  func titles(of events: [EOEvent]) -> [FoldedText] {
    if let known = last.withLock({ $0.flatMap { $0.events.isIdentical(to: events) ? $0.titles : nil } }) {
      return known
    }
    let titles = events.map { FoldedText($0.title) }
    last.withLock { $0 = (events, titles) }
    return titles
  }
}
