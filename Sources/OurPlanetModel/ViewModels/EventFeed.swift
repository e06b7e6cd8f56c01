import EONETKit
import RxCore

/// What the app needs from the data layer, as observables; the view models know nothing else of it.
///
/// The live implementation is ``LiveEventFeed`` over an `EONETClient`: a refresh crosses into
/// EONETKit once, as `EONETClient.refresh(forLast:)`. Tests pass fakes with virtual-time sequences
/// that run EONETKit's same graph over them (`EONETClient.refresh(categories:load:)`).
public protocol EventFeed: Sendable {
  /// What is on disk: the cache, else the bundled snapshot (one value, then completion).
  func stored() -> Observable<Catalog>
  /// One refresh: the category list, then a start and a result per category, two at a time.
  func refreshUpdates() -> Observable<EORefreshUpdate>
  /// EONET's list of sources, to name them by title: the stored list, then the live one when it
  /// loads; a list that cannot be had sends nothing (the ids stand for themselves).
  func sources() -> Observable<[EOSourceInfo]>
}

extension EventFeed {
  /// No list: every source is named by its id.
  public func sources() -> Observable<[EOSourceInfo]> { .empty() }
}
