import EONETKit
import OurPlanet
import RxCore

/// The whole catalog for the script commands: the stored data, then EONETKit's refresh stream
/// folded onto it with the UI's own fold, so a failed category falls back to its stored events.
enum CatalogLoad {
  /// Loads every category; failures are said on stderr.
  ///
  /// - Returns: The catalog (empty when nothing could be had) and the exit status so far.
  static func run(_ options: Options, client: EONETClient) -> (catalog: Catalog, status: Int32) {
    let feed = LiveEventFeed(client: client, days: options.days)
    var status: Int32 = 0
    var catalog = Catalog.empty
    // The refresh starts at once, beside the reading of the stored data (at ten times today's data
    // that reading alone takes longer than a download); its updates wait in a replay buffer and are
    // folded onto the stored catalog once it is there.
    let updates = ReplaySubject<EORefreshUpdate>.createUnbounded()
    let refresh = feed.refreshUpdates().subscribe(updates)
    defer { refresh.dispose() }
    if case .success(let stored?) = waitForLast(feed.stored()) { catalog = catalog.applying(.stored(stored)) }
    let stored = catalog
    switch waitForLast(updates.scan(stored) { $0.applying(.update($1)) }) {
    case .success(let refreshed?):
      catalog = refreshed
    case .success(nil):
      break
    case .failure(let error):
      status = 1
      let fallback = stored.items.isEmpty ? "nothing stored to show" : "showing stored data"
      Console.error("cannot refresh the categories: \(error) — \(fallback)")
    }
    for item in catalog.items {
      if case .failed(let message) = item.state {
        status = 1
        Console.error("\(item.category.id): \(message)")
      }
    }
    Provenance.report(catalog.items.map { ($0.source, $0.fetchedAt) }, offline: options.offline)
    return (catalog, status)
  }
}
