import EONETKit
import Foundation
import RxCore

/// Loads the catalog — stored data first, then live refreshes — and keeps it in a relay for the UI.
///
/// Every source of change is a stream of ``CatalogChange``: the stored data, then each refresh
/// (EONETKit's graph: the category list, then the downloads two at a time). `scan` folds them into
/// the catalog, so a refresh starts from what is on screen and never goes back to older data.
///
/// Refreshes come from a schedule: the first at once, then one every `refreshInterval`. A refresh
/// is never cut short (`flatMapFirst`): a tick or an `r` while one runs is dropped, so a download
/// that hangs runs into its request timeout and is marked failed, instead of being restarted by
/// every tick and shown as "downloading" for ever. `refresh()` refreshes now (unless one is
/// running) and restarts the timer.
package final class CatalogViewModel: Sendable {
  /// The latest catalog. The UI observes it on the main scheduler.
  package let catalog = BehaviorRelay<Catalog>(value: .empty)
  /// When the next automatic refresh is due (`nil`: none planned).
  package let nextRefresh = BehaviorRelay<Date?>(value: nil)
  /// Whether refreshes are possible (not `--offline`).
  package let isOnline: Bool
  /// The time between automatic refreshes, `nil` when they are off.
  package let refreshInterval: RxTimeInterval?

  private let refreshes = PublishRelay<Void>()
  /// The feed loading now: a new one (another past range) starts over from its stored data.
  private let feeds: BehaviorRelay<any EventFeed>
  private let bag = DisposeBag()

  /// Wires the graph and starts loading at once.
  ///
  /// - Parameters:
  ///   - feed: Where the data comes from.
  ///   - offline: Show what is stored; never refresh.
  ///   - scheduler: Where the work runs (a background scheduler in the app, virtual time in tests).
  ///   - refreshInterval: Refresh by itself this often; `nil` for never.
  ///   - timerScheduler: The scheduler of the refresh timer (`scheduler` when `nil`).
  ///   - now: The clock, for the time of the next refresh (``nextRefresh`` stays `nil` without one).
  package init(
    feed: EventFeed, offline: Bool, scheduler: SchedulerType, refreshInterval: RxTimeInterval? = nil,
    timerScheduler: SchedulerType? = nil, now: (@Sendable () -> Date)? = nil
  ) {
    isOnline = !offline
    self.refreshInterval = offline ? nil : refreshInterval
    feeds = BehaviorRelay(value: feed)
    let refreshes = self.refreshes
    let interval = self.refreshInterval
    let nextRefresh = self.nextRefresh
    // Each feed runs the whole graph; a new one (`load`) drops the old one's downloads and catalog
    // (`flatMapLatest`): a past range's events never mix with another's.
    feeds.asObservable()
      .flatMapLatest { feed -> Observable<Catalog> in
        let stored = feed.stored()
          .subscribe(on: scheduler)
          .map { CatalogChange.stored($0) }
          .catch { error in
            .just(
              .stored(Catalog(messages: ["Could not read stored data: \(EventFeedError.describe(error))"])))
          }
        let refresh = Observable<CatalogChange>.deferred {
          feed.refreshUpdates()
            .subscribe(on: scheduler)
            .map { CatalogChange.update($0) }
            .catch { error in
              let date = now?() ?? Date(timeIntervalSince1970: scheduler.now.timeIntervalSince1970)
              return .just(.refreshFailed("Could not refresh: \(EventFeedError.describe(error))", at: date))
            }
            .startWith(.refreshStarted)
        }
        let changes: Observable<CatalogChange>
        if offline {
          changes = stored
        } else {
          let timer = timerScheduler ?? scheduler
          // Each `r` fires at once and restarts the timer; without `r`, the first fires at start.
          let schedule = refreshes.asObservable().startWith(()).flatMapLatest { _ -> Observable<Void> in
            guard let interval else { return .just(()) }
            return Observable<Int>.interval(interval, scheduler: timer).map { _ in () }.startWith(())
          }
          .do(onNext: { _ in
            guard let now, let seconds = interval.flatMap(Self.seconds) else { return }
            nextRefresh.accept(now() + seconds)
          })
          changes = Observable.concat(stored, schedule.flatMapFirst { refresh })
        }
        let seed = Catalog(isListing: !offline, rangeEnd: feed.rangeEnd)
        return
          changes
          .scan(seed) { catalog, change in
            let next = catalog.applying(change)
            // The revision's index is made here, on the background scheduler, not by the first
            // screen to draw it (a no-op when only states changed: the index is the previous one).
            next.prepareIndex()
            return next
          }
          .startWith(seed)
      }
      .subscribe(onNext: { [catalog] in catalog.accept($0) })
      .disposed(by: bag)
  }

  /// Loads `feed` instead (another past range): its stored data, then refreshes as before.
  package func load(_ feed: EventFeed) { feeds.accept(feed) }

  /// Starts a refresh unless one is running, and restarts the refresh timer (nothing offline).
  package func refresh() { refreshes.accept(()) }

  private static func seconds(_ interval: RxTimeInterval) -> TimeInterval? {
    switch interval {
    case .seconds(let value): return TimeInterval(value)
    case .milliseconds(let value): return TimeInterval(value) / 1e3
    case .microseconds(let value): return TimeInterval(value) / 1e6
    case .nanoseconds(let value): return TimeInterval(value) / 1e9
    case .never: return nil
    @unknown default: return nil
    }
  }
}
