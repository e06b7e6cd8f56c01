import EONETKit
import OurPlanet
import RxCore

/// A feed whose stored data is already being read: the UI's start-up reads the cache while the
/// terminal, the seen state and the screens are being set up, instead of after them.
///
/// The read starts in `init`, on `scheduler`; its result waits in a replay subject, so the catalog
/// model receives it whenever it subscribes (at ten times today's data the read is the longest
/// step before the first frame, and every millisecond it starts earlier shows there).
struct PrefetchedFeed: EventFeed, @unchecked Sendable {
  // `base` is immutable and thread-safe; the subject serialises its own state.
  private let base: EventFeed
  private let early: ReplaySubject<Catalog>

  init(_ base: EventFeed, scheduler: SchedulerType) {
    self.base = base
    early = ReplaySubject<Catalog>.create(bufferSize: 1)
    _ = base.stored().subscribe(on: scheduler).subscribe(early)
  }

  /// The stored data read at `init` (the same result for every subscriber).
  func stored() -> Observable<Catalog> { early.asObservable() }

  func liveCategories() -> Observable<[EOCategory]> { base.liveCategories() }

  func liveEvents(of category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    base.liveEvents(of: category)
  }

  func downloadOrder(_ categories: [EOCategory]) -> [EOCategory] { base.downloadOrder(categories) }
}
