import EONETKit
import Foundation
import RxCore

/// EONET's lists of magnitudes and sources as the options check them: the cached lists (the last
/// live ones, in the default cache folder), else the bundled snapshot's; empty when neither is
/// there. Read once, on first use (an option naming a unit or a source), without the network.
enum KnownLists {
  /// The magnitudes: id, unit and name of each.
  static let magnitudes: [EOMagnitudeKind] = stored(client.localMagnitudes())

  /// The source ids.
  static let sources: [String] = stored(client.localSources()).map(\.id)

  /// An offline client over the default cache: a damaged cache file is passed over for the
  /// snapshot in silence (the command itself reports it when it reads the cache).
  private static let client = EONETClient(
    configuration: EONETClient.Configuration(offline: true, onWarning: { _ in }))

  private static func stored<Element: Sendable>(_ list: Observable<EOFetched<[Element]>>) -> [Element] {
    (try? waitForLast(list).get())??.value ?? []
  }
}
