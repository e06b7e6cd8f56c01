import EONETKit
import Foundation
import RxCore

/// What the app needs from the data layer, as observables; the view models know nothing else of it.
///
/// The live implementation is ``LiveEventFeed`` over an `EONETClient`: a refresh crosses into
/// EONETKit once, as `EONETClient.refresh(_:)`. Tests pass fakes with virtual-time sequences
/// that run EONETKit's same graph over them (`EONETClient.refresh(categories:load:)`).
package protocol EventFeed: Sendable {
  /// What is on disk: the cache, else the bundled snapshot (one value, then completion).
  func stored() -> Observable<Catalog>
  /// One refresh: the category list, then a start and a result per category, two at a time.
  func refreshUpdates() -> Observable<EORefreshUpdate>
  /// The same feed loading `window` instead (``CatalogViewModel/load(_:)`` after `<` or `>`).
  func moved(to window: EventWindow) -> EventFeed
  /// The end of the past range the feed loads, `nil` for days up to now (the catalogs' ``Catalog/rangeEnd``).
  var rangeEnd: Date? { get }
  /// EONET's list of sources, to name them by title: the stored list, then the live one when it
  /// loads; a list that cannot be had sends nothing (the ids stand for themselves).
  func sources() -> Observable<[EOSourceInfo]>
}

extension EventFeed {
  package var rangeEnd: Date? { nil }
  /// A feed of fixed data has no other window: itself.
  package func moved(to window: EventWindow) -> EventFeed { self }
  /// No list: every source is named by its id.
  package func sources() -> Observable<[EOSourceInfo]> { .empty() }
}
