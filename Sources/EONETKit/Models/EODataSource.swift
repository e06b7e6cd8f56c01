/// Where a piece of data came from, so the UI can say plainly what it shows.
package enum EODataSource: String, Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Downloaded just now (a 304 confirming the cached copy counts as live).
  case live
  /// Read from the disk cache.
  case cache
  /// Read from the snapshot bundled with the app.
  case snapshot

  package var description: String { rawValue }
}
