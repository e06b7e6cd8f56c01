import EONETKit
import OurPlanetModel
import RxCore
import Support

/// The whole catalog for the script commands: EONETKit's refresh stream folded with the UI's own
/// fold, and the stored data wherever the refresh could not bring a category.
enum CatalogLoad {
  /// Whether a refresh had to use the stored category list (the download of the list failed):
  /// the events still loaded, but something failed, so a script command ends with status 1.
  static let listStoodIn = LockedValue(false)

  /// Loads every category; failures are said on stderr.
  ///
  /// The refresh runs alone first: when it brings every category (the usual case), the stored data
  /// is never read, so a refresh costs no decoding and no memory for data it would replace. Only
  /// then, if the category list or a download failed, is the stored data read and folded in; the
  /// fold takes stored events only for categories that have none, whatever the order.
  ///
  /// - Parameter query: What to download (`options.query` when `nil`).
  /// - Returns: The catalog (empty when nothing could be had) and the exit status so far.
  static func run(
    _ options: Options, client: EONETClient, query: EventQuery? = nil
  ) -> (catalog: Catalog, status: Int32) {
    let feed = LiveEventFeed(client: client, query: query ?? options.query)
    var status: Int32 = 0
    var catalog = Catalog.empty
    var listFailure: (any Error)?
    switch waitForLast(
      feed.refreshUpdates().scan(Catalog(rangeEnd: feed.rangeEnd)) { $0.applying(.update($1)) })
    {
    case .success(let refreshed?): catalog = refreshed
    case .success(nil): break
    case .failure(let error): listFailure = error
    }
    let complete =
      listFailure == nil && !catalog.items.isEmpty && catalog.items.allSatisfy { $0.state == .done }
    if !complete, case .success(let stored?) = waitForLast(feed.stored()) {
      catalog = catalog.applying(.stored(stored))
    }
    if listStoodIn.withLock({ $0 }) { status = 1 }
    if let listFailure {
      status = 1
      let fallback = catalog.items.isEmpty ? "nothing stored to show" : "showing stored data"
      Console.error("cannot refresh the categories: \(listFailure) — \(fallback)")
    }
    for item in catalog.items {
      if case .failed(let message) = item.state {
        status = 1
        Console.error("\(item.category.id): \(message)")
      }
    }
    Provenance.report(
      catalog.items.map { ($0.source, $0.fetchedAt) }, offline: options.offline, rangeEnd: catalog.rangeEnd)
    return (catalog, status)
  }
}
