import EONETKit
import Foundation
import RxCore

/// The app's data from an ``EONETClient``: the cache (else the bundled snapshot) for start-up, the
/// network for refreshes.
public struct LiveEventFeed: EventFeed, @unchecked Sendable {
  // The client is immutable and thread-safe (see EONETClient).
  private let client: EONETClient
  private let days: Int

  /// The widest window the days slider can show; downloads cover all of it so the slider filters
  /// locally, instantly.
  public static let downloadWindowDays = EventListViewModel.dayRange.upperBound

  /// A feed over `client`, downloading `days` days of events per category.
  public init(client: EONETClient, days: Int = LiveEventFeed.downloadWindowDays) {
    self.client = client
    self.days = days
  }

  public func stored() -> Observable<Catalog> {
    let client = self.client
    let days = self.days
    return client.localCategories()
      .flatMap { fetched -> Observable<Catalog> in
        let categories = fetched.value
        let perCategory = categories.map { category in
          client.localEvents(forLast: days, category: category)
            .map { Optional($0) }
            .catchAndReturn(nil)
            .reduce(nil as EOFetched<[EOEvent]>?) { _, latest in latest }
        }
        return Observable.zip(perCategory).map { loads in
          var items: [CategoryItem] = []
          var oldest = fetched.fetchedAt
          var source = fetched.source
          for (category, load) in zip(categories, loads) {
            let events = (load?.value ?? []).sorted(by: EventOrder.newestFirst)
            items.append(CategoryItem(category: category, events: events, state: .stored))
            if let load {
              oldest = min(oldest, load.fetchedAt)
              if load.source == .snapshot { source = .snapshot }
            }
          }
          items.sort { CategoryOrder.byTitle($0.category, $1.category) }
          return Catalog(items: items, source: source, referenceDate: oldest)
        }
      }
      .ifEmpty(default: Catalog(messages: ["No cached data and no bundled snapshot found"]))
  }

  public func liveCategories() -> Observable<[EOCategory]> {
    client.fetchCategories().map(\.value)
  }

  public func liveEvents(of category: EOCategory) -> Observable<[EOEvent]> {
    client.events(forLast: days, category: category)
  }
}
