import EONETKit
import Foundation
import RxCore

/// The app's data from an ``EONETClient``: the cache (else the bundled snapshot) for start-up, the
/// network for refreshes.
package struct LiveEventFeed: EventFeed, Sendable {
  // The client is immutable and thread-safe (see EONETClient).
  private let client: EONETClient
  /// What each category's download asks for.
  package let query: EventQuery

  /// A feed over `client`, downloading `days` days of events per category (the slider's whole
  /// range, so the slider filters locally, instantly).
  package init(client: EONETClient, days: Int = AppOptions.standardDayRange.upperBound) {
    self.init(client: client, query: EventQuery(days: days))
  }

  /// A feed over `client` downloading what `query` asks for (a past range, a status, sources).
  package init(client: EONETClient, query: EventQuery) {
    self.client = client
    self.query = query
  }

  package var rangeEnd: Date? { query.window.end }

  package func moved(to window: EventWindow) -> EventFeed {
    var query = self.query
    query.window = window
    return LiveEventFeed(client: client, query: query)
  }

  package func stored() -> Observable<Catalog> {
    let client = self.client
    let query = self.query
    return client.localCategories()
      .flatMap { fetched -> Observable<Catalog> in
        // The largest first, as downloads are: the reads share two cores, and the largest one
        // started last would finish alone.
        let categories = client.largestFirst(fetched.value)
        let perCategory = categories.map { category in
          client.localEvents(query, category: category)
            .map { Optional($0) }
            .catchAndReturn(nil)
            .reduce(nil as EOFetched<[EOEvent]>?) { _, latest in latest }
        }
        return Observable.zip(perCategory).map { loads in
          var items: [CategoryItem] = []
          for (category, load) in zip(categories, loads) {
            items.append(
              CategoryItem(
                category: category, events: load?.value ?? [], fetchedAt: load?.fetchedAt,
                source: load?.source))
          }
          items.sort { EOCategory.byTitle($0.category, $1.category) }
          return Catalog(items: items, rangeEnd: query.window.end)
        }
      }
      .ifEmpty(default: Catalog(messages: ["No cached data and no bundled snapshot found"]))
  }

  /// The cache's (else the bundled snapshot's) list at once, then the live one (the client's
  /// offline mode has no live one); a failure of either sends nothing, so the other stands.
  package func sources() -> Observable<[EOSourceInfo]> {
    let stored = client.localSources().map(\.value).catch { _ in .empty() }
    guard !client.configuration.offline else { return stored }
    return stored.concat(client.fetchSources().map(\.value).catch { _ in .empty() })
  }

  /// The client's refresh over this feed's query, the largest expected downloads first.
  package func refreshUpdates() -> Observable<EORefreshUpdate> {
    client.refresh(query)
  }
}
