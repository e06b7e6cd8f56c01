import EONETKit
import RxCore

/// Loads the catalog — stored data first, then a live refresh — and keeps it in a relay for the UI.
///
/// Every source of change is a stream of ``CatalogChange``: the stored data, then each refresh
/// (EONETKit's graph: the category list, then the downloads two at a time). `scan` folds them into
/// the catalog, so a refresh starts from what is on screen and never goes back to older data.
/// `refresh()` cancels a running refresh (`flatMapLatest`) and starts again; `refreshInterval`
/// refreshes on a timer.
public final class CatalogViewModel: @unchecked Sendable {
  // The relays are thread-safe; `bag` is only touched in init and deinit.
  /// The latest catalog. The UI observes it on the main scheduler.
  public let catalog = BehaviorRelay<Catalog>(value: .empty)

  private let refreshes = PublishRelay<Void>()
  private let bag = DisposeBag()

  /// Whether refreshes are possible (not `--offline`).
  public let isOnline: Bool

  /// Wires the graph and starts loading at once.
  ///
  /// - Parameters:
  ///   - feed: Where the data comes from.
  ///   - offline: Show what is stored; never refresh.
  ///   - scheduler: Where the work runs (a background scheduler in the app, virtual time in tests).
  public init(feed: EventFeed, offline: Bool, scheduler: SchedulerType) {
    isOnline = !offline
    let stored = feed.stored()
      .subscribe(on: scheduler)
      .map { CatalogChange.stored($0) }
      .catch { error in
        .just(.stored(Catalog(messages: ["Could not read stored data: \(EventFeedError.describe(error))"])))
      }

    let refresh = Observable<CatalogChange>.deferred {
      feed.refreshUpdates()
        .subscribe(on: scheduler)
        .map { CatalogChange.update($0) }
        .catch { error in
          .just(.refreshFailed("Could not refresh: \(EventFeedError.describe(error))"))
        }
        .startWith(.refreshStarted)
    }

    // The first refresh waits for the stored data; `r` cancels it like any later one.
    let requests = refreshes.asObservable()
    let first = offline ? stored : Observable.concat(stored, refresh.take(until: requests))
    let later = offline ? Observable<CatalogChange>.empty() : requests.flatMapLatest { refresh }
    let seed = Catalog(isListing: !offline)
    Observable.merge(first, later)
      .scan(seed) { catalog, change in catalog.applying(change) }
      .subscribe(onNext: { [catalog] in catalog.accept($0) })
      .disposed(by: bag)
    catalog.accept(seed)
  }

  /// Cancels a running refresh and starts a new one (nothing offline).
  public func refresh() { refreshes.accept(()) }
}
