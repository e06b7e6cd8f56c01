import EONETKit
import Foundation
import RxCore

/// What the events screen shows for one category.
public struct EventListState: Equatable, Sendable {
  /// The category's id.
  public var categoryID: String
  /// The category's title.
  public var title: String
  /// The events that pass the filter, newest first.
  public var events: [EOEvent]
  /// The category's events inside the days window, before the search.
  public var windowCount: Int
  /// The days window.
  public var days: Int
  /// The search text.
  public var query: String
  /// Where the category's download stands (`nil` for a category the catalog does not know).
  public var state: CategoryItem.State?
  /// When the events were fetched (the window's "now").
  public var fetchedAt: Date?
  /// Where the events came from.
  public var source: EODataSource?

  /// "1,744 events in the last 360 days", or "12 of 1,744 …" while a search narrows them.
  public var summary: String {
    let window = DaysWindow(days: days).phrase
    let unit = windowCount == 1 ? "event" : "events"
    if query.isEmpty { return "\(Formatting.count(windowCount)) \(unit) in \(window)" }
    return "\(Formatting.count(events.count)) of \(Formatting.count(windowCount)) \(unit) in \(window)"
  }

  /// What the list says when it has no rows: never "No events" while the truth is "still
  /// downloading" or "the download failed".
  public var emptyMessage: String {
    if windowCount > 0 { return "No events in \(DaysWindow(days: days).phrase) matching “\(query)”" }
    if fetchedAt == nil {
      switch state {
      case .queued?: return "Waiting to download…"
      case .downloading?: return "Downloading…"
      case .failed(let message)?: return "Download failed: \(message); nothing stored to show"
      case nil: return "Loading…"
      case .stored?, .done?: break
      }
    }
    return "No events in \(DaysWindow(days: days).phrase)"
  }

  /// A line saying what is not live about this data, or `nil` when it is live and complete.
  public var notice: String? {
    let stored = fetchedAt.map { "Showing \(sourceName) from \(Formatting.minute($0))" }
    switch state {
    case .queued?:
      return stored.map { "\($0); waiting to download" }
    case .downloading?:
      return stored.map { "\($0); downloading" }
    case .failed(let message)?:
      return (stored.map { "\($0): " } ?? "") + "download failed: \(message)"
    case .stored?:
      return stored
    case .done?, nil:
      return nil
    }
  }

  private var sourceName: String {
    switch source {
    case .live?: return "data"
    case .cache?: return "cached data"
    case .snapshot?: return "the offline snapshot"
    case nil: return "data"
    }
  }
}

/// Filters one category's events by the days slider and the search text.
///
/// `combineLatest(days, search, category)` does the filtering, so moving the slider, typing, or a
/// download that finishes all update the list. The search text is throttled on the injected
/// scheduler and de-duplicated.
public final class EventListViewModel: @unchecked Sendable {
  // Relays are thread-safe; everything else is immutable.
  /// The days window; the slider writes it.
  public let days: BehaviorRelay<Int>
  /// The search text; the search box writes it.
  public let query = BehaviorRelay<String>(value: "")
  /// The screen's state.
  public let state: Observable<EventListState>
  /// The slider's bounds.
  public let dayRange: ClosedRange<Int>
  /// The category shown.
  public let categoryID: String

  /// Binds to the live catalog so events that arrive while the screen is open show at once.
  ///
  /// - Parameters:
  ///   - categoryID: The category shown.
  ///   - catalog: The live catalog.
  ///   - days: The shared days relay (the window survives leaving and re-entering the screen).
  ///   - dayRange: The slider's bounds.
  ///   - scheduler: The scheduler of the search throttle (the main scheduler in the app).
  public init(
    categoryID: String, catalog: Observable<Catalog>, days: BehaviorRelay<Int>, dayRange: ClosedRange<Int>,
    scheduler: SchedulerType
  ) {
    self.days = days
    self.dayRange = dayRange
    self.categoryID = categoryID
    let item = catalog.map { $0.item(id: categoryID) }.distinctUntilChanged()

    let search = query.asObservable()
      .throttle(.milliseconds(100), latest: true, scheduler: scheduler)
      .distinctUntilChanged()

    state = Observable.combineLatest(days.asObservable().distinctUntilChanged(), search, item) {
      days, text, item in
      let filter = EventFilter(days: days, query: text)
      return EventListState(
        categoryID: categoryID, title: item?.category.title ?? categoryID,
        events: item.map(filter.apply(to:)) ?? [], windowCount: item?.count(inLast: days) ?? 0,
        days: days, query: text, state: item?.state, fetchedAt: item?.fetchedAt, source: item?.source)
    }
  }

  /// Moves the slider by `step` days, kept within ``dayRange``.
  public func adjustDays(by step: Int) {
    let next = min(max(days.value + step, dayRange.lowerBound), dayRange.upperBound)
    if next != days.value { days.accept(next) }
  }
}
