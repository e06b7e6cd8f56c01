import Support

/// Which version of a category's events a row holds: a new number each time its events are set,
/// kept by copies of the row.
///
/// What the catalog's index and the events screens compare to know that a category's events are
/// the ones they worked from. A refresh sends dozens of catalogs that differ only in where the
/// downloads stand; comparing two numbers per category tells them apart from a new download
/// without comparing thousands of events, and unlike the address of an array it cannot be reused
/// by another list.
struct EventsRevision: Hashable, Sendable {
  private let value: UInt64

  /// The last number handed out, process-wide.
  private static let last = LockedValue<UInt64>(0)

  /// A number no row has had before.
  static func next() -> EventsRevision {
    EventsRevision(
      value: last.withLock { last in
        last += 1
        return last
      })
  }
}
