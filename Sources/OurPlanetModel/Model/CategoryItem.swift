import EONETKit
import Foundation

/// One row of the categories list: a category, the events known for it, where they came from, and
/// where its download is.
package struct CategoryItem: Equatable, Sendable {
  /// Where a category's data stands.
  package enum State: Equatable, Sendable {
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
    package var isFailure: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  /// The category.
  package let category: EOCategory
  /// Its events, newest first (by ``EOEvent/date``), so a days window is a prefix.
  package private(set) var events: [EOEvent]
  /// When the events were fetched from the server: the "now" their days window counts back from.
  /// `nil` when nothing is known.
  package var fetchedAt: Date?
  /// Where the events came from, `nil` when nothing is known.
  package var source: EODataSource?
  /// Where its download stands.
  package var state: State
  /// Which version of the events this is: new each time they are set.
  private(set) var revision: EventsRevision

  /// Creates a row; `events` may come in any order.
  package init(
    category: EOCategory, events: [EOEvent] = [], fetchedAt: Date? = nil, source: EODataSource? = nil,
    state: State = .stored
  ) {
    self.category = category
    self.events = events.sortedNewestFirst()
    self.fetchedAt = fetchedAt
    self.source = source
    self.state = state
    revision = .next()
  }

  /// `item`'s events, fetch time, source, state and revision under `category` (a new category
  /// list may retitle a category; its events are still the same).
  init(category: EOCategory, keeping item: CategoryItem) {
    self.category = category
    events = item.events
    fetchedAt = item.fetchedAt
    source = item.source
    state = item.state
    revision = item.revision
  }

  /// Items are equal when what they hold is; the revision says only when the events were set.
  package static func == (lhs: CategoryItem, rhs: CategoryItem) -> Bool {
    lhs.category == rhs.category && lhs.events == rhs.events && lhs.fetchedAt == rhs.fetchedAt
      && lhs.source == rhs.source && lhs.state == rhs.state
  }

  /// Replaces the events with a newer fetch.
  package mutating func replaceEvents(with fetched: EOFetched<[EOEvent]>) {
    events = fetched.value.sortedNewestFirst()
    fetchedAt = fetched.fetchedAt
    source = fetched.source
    revision = .next()
  }

  /// Each event as it stood at a past range's `end` (``EOEvent/asOf(_:)``), newest first again.
  mutating func clip(to end: Date) {
    let clipped = events.map { $0.asOf(end) }
    guard clipped != events else { return }
    events = clipped.sortedNewestFirst()
    revision = .next()
  }

  /// Takes `stored`'s events when this row has none (stored data never replaces newer data).
  mutating func adoptIfEmpty(_ stored: CategoryItem) {
    guard fetchedAt == nil, stored.fetchedAt != nil else { return }
    events = stored.events
    fetchedAt = stored.fetchedAt
    source = stored.source
    revision = stored.revision
  }

  /// The number of known events, whatever their date.
  package var totalCount: Int { events.count }

  /// The events inside the last `days` days before `windowEnd`, newest first.
  ///
  /// - Parameters:
  ///   - days: The window's length.
  ///   - windowEnd: The catalog's ``Catalog/windowEnd``; `nil`: this row's own ``fetchedAt`` (a
  ///     category on its own, as `ourplanet events <category>` prints it).
  package func events(inLast days: Int, endingAt windowEnd: Date? = nil) -> ArraySlice<EOEvent> {
    guard let end = windowEnd ?? fetchedAt else { return events[...] }
    return EventWindow(days: days).prefix(of: events, reference: end)
  }

  /// The events inside `scope` counted back from `windowEnd` (`nil`: this row's fetch time),
  /// newest first.
  package func events(in scope: EventScope, endingAt windowEnd: Date? = nil) -> [EOEvent] {
    events(inLast: scope.days, endingAt: windowEnd).filter { scope.containsIgnoringWindow($0) }
  }

  /// The number of events inside `scope` counted back from `windowEnd` (`nil`: this row's fetch
  /// time): what the row shows.
  package func count(in scope: EventScope, endingAt windowEnd: Date? = nil) -> Int {
    events(inLast: scope.days, endingAt: windowEnd).reduce(0) {
      $0 + (scope.containsIgnoringWindow($1) ? 1 : 0)
    }
  }

  /// How long before the catalog's ``Catalog/windowEnd`` a row's data may have been fetched and
  /// still be of the same refresh: one refresh's downloads end minutes apart, while stored data
  /// from an earlier session is hours or a year older.
  package static let sameRefreshSeconds: Double = 3_600

  /// This row's fetch time when its data is older than `windowEnd` by more than
  /// ``sameRefreshSeconds`` (stored data behind the catalog's now: its row and its screen say from
  /// when), else `nil`.
  package func fetchTime(behind windowEnd: Date?) -> Date? {
    guard let fetchedAt, let windowEnd, windowEnd.timeIntervalSince(fetchedAt) > Self.sameRefreshSeconds
    else { return nil }
    return fetchedAt
  }
}
