import EONETKit
import Foundation
import RxCore

/// Loads the catalog — stored data first, then a live refresh — and keeps it in a relay for the UI.
///
/// The graph is the one in DESIGN.md: the live category list is shared; each category's events are
/// downloaded by `flatMap` → `merge(maxConcurrent: 2)`, folded into the catalog with `scan`, after the
/// plain list (`startWith` the state before any download). A failing category keeps its previous
/// events; a failing category list keeps the stored catalog. `refresh()` cancels a running refresh
/// and starts again.
public final class CatalogViewModel: @unchecked Sendable {
  // The relays are thread-safe; `bag` is only replaced on deinit.
  /// The latest catalog. The UI observes it on the main scheduler.
  public let catalog = BehaviorRelay<Catalog>(value: .empty)

  private let refreshes = PublishRelay<Void>()
  private let bag = DisposeBag()

  /// At most this many categories download at once.
  public static let maxConcurrentDownloads = 2

  /// Wires the graph and starts loading at once.
  ///
  /// - Parameters:
  ///   - feed: Where the data comes from.
  ///   - offline: Skip the live refresh; show what is stored.
  ///   - scheduler: Where the work runs (a background scheduler in the app, virtual time in tests).
  ///   - now: The clock, for the days filter of live data.
  public init(
    feed: EventFeed, offline: Bool, scheduler: SchedulerType, now: @escaping @Sendable () -> Date = Date.init
  ) {
    let stored = feed.stored()
      .subscribe(on: scheduler)
      .catch { error in Observable.just(Catalog(messages: ["Could not read stored data: \(error)"])) }
      .share(replay: 1, scope: .forever)

    let loads = refreshes.asObservable()
      .startWith(())
      .flatMapLatest { _ -> Observable<Catalog> in
        if offline { return stored }
        return Observable.concat(
          stored,
          stored.take(1).flatMap { known in
            Self.refresh(feed: feed, stored: known, scheduler: scheduler, now: now)
          })
      }

    loads.subscribe(onNext: { [catalog] in catalog.accept($0) }).disposed(by: bag)
  }

  /// Cancels a running refresh and starts a new one.
  public func refresh() { refreshes.accept(()) }

  private static func refresh(
    feed: EventFeed, stored: Catalog, scheduler: SchedulerType, now: @escaping @Sendable () -> Date
  ) -> Observable<Catalog> {
    let categories = feed.liveCategories()
      .subscribe(on: scheduler)
      .share(replay: 1, scope: .forever)

    let refreshed = categories.flatMap { list -> Observable<Catalog> in
      let seed = Catalog.refreshing(categories: list, stored: stored, now: now())
      let downloads = Observable.from(
        seed.items.map { item in download(item.category, feed: feed, scheduler: scheduler) }
      )
      .merge(maxConcurrent: maxConcurrentDownloads)
      return downloads.scan(seed) { catalog, update in catalog.applying(update) }.startWith(seed)
    }

    return refreshed.catch { error in
      var kept = stored
      kept.isLoading = false
      let what =
        stored.items.isEmpty
        ? "nothing stored to show" : "showing \(stored.source?.description ?? "stored") data"
      kept.messages.append("Could not refresh: \(EventFeedError.describe(error)) — \(what)")
      return Observable.just(kept)
    }
  }

  /// One category's download as a stream of updates; an error becomes a `.failed` update so one
  /// category never stops the others.
  private static func download(_ category: EOCategory, feed: EventFeed, scheduler: SchedulerType)
    -> Observable<CatalogUpdate>
  {
    feed.liveEvents(of: category)
      .subscribe(on: scheduler)
      .map { CatalogUpdate.loaded(category.id, $0) }
      .catch { error in Observable.just(.failed(category.id, EventFeedError.describe(error))) }
      .startWith(.started(category.id))
  }
}

/// Turns errors into the short messages the status line shows.
public enum EventFeedError {
  /// A one-line human description of `error`.
  public static func describe(_ error: Error) -> String {
    let text = String(describing: error)
    return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
  }
}
