import EONETKit
import RxCore

/// What the app needs from the data layer, as observables; the view models know nothing else of it.
///
/// The live implementation wraps `EONETClient`; tests pass a fake with virtual-time sequences.
public protocol EventFeed: Sendable {
  /// What is on disk: the cache, else the bundled snapshot (one value, then completion).
  func stored() -> Observable<Catalog>
  /// The live category list.
  func liveCategories() -> Observable<[EOCategory]>
  /// The live events of one category, with their fetch time.
  func liveEvents(of category: EOCategory) -> Observable<EOFetched<[EOEvent]>>
  /// The order a refresh downloads `categories` in.
  func downloadOrder(_ categories: [EOCategory]) -> [EOCategory]
}

extension EventFeed {
  /// The list's own order.
  public func downloadOrder(_ categories: [EOCategory]) -> [EOCategory] { categories }

  /// The refresh graph over this feed: EONETKit's one graph (two categories at a time).
  public func refreshUpdates() -> Observable<EORefreshUpdate> {
    EONETClient.refresh(categories: liveCategories(), order: downloadOrder) { category in
      liveEvents(of: category)
    }
  }
}
