import Foundation

/// A problem that did not stop the data from loading, for the caller to show or log.
///
/// Like ``EONETError``, the message quotes every path, source and reason through
/// ``EONETError/quoted(_:)``.
///
/// ```swift
/// let client = EONETClient(configuration: .init(onWarning: { log("warning: \($0)") }))
/// ```
package enum EONETWarning: Sendable, Equatable, CustomStringConvertible {
  /// Events that could not be decoded were skipped; the rest loaded.
  case skippedEvents(count: Int, source: String)
  /// A cache file was corrupt, truncated, of another version or unreadable, and was ignored.
  case cacheIgnored(path: String, reason: String)
  /// A cache file could not be written; the data is still served.
  case cacheNotWritten(path: String, reason: String)
  /// The server listed more categories than a refresh loads; the first `loaded` were loaded.
  case categoriesLeftOut(count: Int, loaded: Int)
  /// The category list failed to download (`reason`): the stored one (`source`: the cache or the
  /// bundled snapshot, as of `fetchedAt`) stands in, and the events download as usual.
  case categoryListStandIn(reason: String, source: EODataSource, fetchedAt: Date)

  /// A one-line form for a narrow status line: file names without their folders.
  package var shortDescription: String {
    switch self {
    case .skippedEvents, .categoriesLeftOut, .categoryListStandIn:
      return description
    case .cacheIgnored(let path, let reason):
      return "ignored cache file \(EONETError.quoted(Self.fileName(path))): \(EONETError.quoted(reason))"
    case .cacheNotWritten(let path, let reason):
      return
        "could not write cache file \(EONETError.quoted(Self.fileName(path))): \(EONETError.quoted(reason))"
    }
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  package var description: String {
    switch self {
    case .skippedEvents(let count, let source):
      return "skipped \(count) malformed event\(count == 1 ? "" : "s") in \(EONETError.quoted(source))"
    case .cacheIgnored(let path, let reason):
      return "ignored cache file \(EONETError.quoted(path)): \(EONETError.quoted(reason))"
    case .cacheNotWritten(let path, let reason):
      return "could not write cache file \(EONETError.quoted(path)): \(EONETError.quoted(reason))"
    case .categoriesLeftOut(let count, let loaded):
      return "the server listed \(count + loaded) categories; loaded the first \(loaded), left out \(count)"
    case .categoryListStandIn(let reason, let source, let fetchedAt):
      let list = source == .snapshot ? "the bundled category list" : "the cached category list"
      let day = ISO8601.format(fetchedAt).prefix(10)
      return "cannot load the category list (\(EONETError.quoted(reason))); using \(list) of \(day)"
    }
  }
}
