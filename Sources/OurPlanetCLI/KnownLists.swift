import EONETKit
import Foundation
import RxCore
import Support

/// EONET's lists of magnitudes and sources as the options check them, for one cache folder: the
/// cached lists there (the last live ones), else the bundled snapshot's; empty when neither is
/// there. Each list is read once per folder, on first use (an option naming a unit or a source),
/// without the network.
///
/// ```swift
/// let known = KnownLists.in(options.cacheDirectory)  // `--cache-dir`, else the default folder
/// let ok = known.sources.contains("InciWeb")
/// ```
final class KnownLists: Sendable {
  /// The lists of `cacheFolder` (`nil`: the default cache folder), read at most once per process.
  static func `in`(_ cacheFolder: URL?) -> KnownLists {
    let folder = cacheFolder ?? EONETCache.defaultDirectory()
    return opened.withLock { opened in
      if let lists = opened[folder.path] { return lists }
      let lists = KnownLists(folder: folder)
      opened[folder.path] = lists
      return lists
    }
  }

  /// The magnitudes: id, unit and name of each.
  var magnitudes: [EOMagnitudeKind] {
    read(\.magnitudes) { Self.stored($0.localMagnitudes()) }
  }

  /// The source ids.
  var sources: [String] {
    read(\.sources) { Self.stored($0.localSources()).map(\.id) }
  }

  /// The lists read so far, by folder.
  private static let opened = LockedValue<[String: KnownLists]>([:])

  /// What this folder's lists hold, once read.
  private struct Lists {
    var magnitudes: [EOMagnitudeKind]?
    var sources: [String]?
  }

  /// An offline client over the folder: a damaged cache file is passed over for the snapshot in
  /// silence (the command itself reports it when it reads the cache).
  private let client: EONETClient
  private let lists = LockedValue(Lists())

  private init(folder: URL) {
    client = EONETClient(
      configuration: EONETClient.Configuration(cacheDirectory: folder, offline: true, onWarning: { _ in }))
  }

  /// The list at `path`, read by `reading` the first time (outside the lock: it waits on I/O).
  private func read<Element>(
    _ path: WritableKeyPath<Lists, [Element]?>, reading: (EONETClient) -> [Element]
  ) -> [Element] {
    if let known = lists.withLock({ $0[keyPath: path] }) { return known }
    let list = reading(client)
    return lists.withLock { lists in
      if let known = lists[keyPath: path] { return known }
      lists[keyPath: path] = list
      return list
    }
  }

  private static func stored<Element: Sendable>(_ list: Observable<EOFetched<[Element]>>) -> [Element] {
    (try? waitForLast(list).get())??.value ?? []
  }
}
