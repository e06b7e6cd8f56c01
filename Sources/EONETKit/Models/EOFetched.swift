import Foundation

/// A value with where it came from and when it was fetched.
///
/// "Now" for the days filter is ``fetchedAt``: the clock for live data, the snapshot's own date for
/// the bundled snapshot.
package struct EOFetched<Value: Sendable>: Sendable {
  /// The data.
  package let value: Value
  /// Live, cache or snapshot.
  package let source: EODataSource
  /// When the data was fetched from the server.
  package let fetchedAt: Date
  /// How many malformed events were skipped while decoding it.
  package let skippedEvents: Int

  /// Creates a fetched value.
  ///
  /// - Parameters:
  ///   - value: The data.
  ///   - source: Where it came from.
  ///   - fetchedAt: When it was fetched from the server.
  ///   - skippedEvents: How many malformed events were skipped.
  package init(value: Value, source: EODataSource, fetchedAt: Date, skippedEvents: Int = 0) {
    self.value = value
    self.source = source
    self.fetchedAt = fetchedAt
    self.skippedEvents = skippedEvents
  }

  /// The same provenance around another value.
  func map<T: Sendable>(_ transform: (Value) -> T) -> EOFetched<T> {
    EOFetched<T>(value: transform(value), source: source, fetchedAt: fetchedAt, skippedEvents: skippedEvents)
  }
}

extension EOFetched: Equatable where Value: Equatable {}
