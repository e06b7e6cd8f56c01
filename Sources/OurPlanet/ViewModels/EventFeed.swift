import EONETKit
import Foundation
import RxCore

/// What the app needs from the data layer, as observables; the view models know nothing else of it.
///
/// The live implementation wraps `EONETClient`; tests pass a fake with virtual-time sequences.
public protocol EventFeed: Sendable {
  /// What is on disk: the cache, else the bundled snapshot (one value, then completion).
  func stored() -> Observable<Catalog>
  /// The live category list.
  func liveCategories() -> Observable<[EOCategory]>
  /// The live events of one category.
  func liveEvents(of category: EOCategory) -> Observable<[EOEvent]>
}
