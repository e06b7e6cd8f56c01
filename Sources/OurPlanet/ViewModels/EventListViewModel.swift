import EONETKit
import Foundation
import RxCore

/// What the events screen shows for one category.
public struct EventListState: Equatable, Sendable {
  /// The category's title.
  public var title: String
  /// The events that pass the filter, newest first.
  public var events: [EOEvent]
  /// All the category's events, before filtering.
  public var totalCount: Int
  /// The days window.
  public var days: Int
  /// The search text.
  public var query: String
  /// Whether the category is still downloading (its events grow live).
  public var state: CategoryItem.State?

  /// "12 of 40 events in the last 30 days".
  public var summary: String {
    let unit = totalCount == 1 ? "event" : "events"
    let window = days == 1 ? "the last day" : "the last \(days) days"
    return "\(Formatting.count(events.count)) of \(Formatting.count(totalCount)) \(unit) in \(window)"
  }
}

/// Filters one category's events by the days slider and the search text.
///
/// `combineLatest(days, events)` does the filtering, so moving the slider, typing, or a download that
/// finishes all update the list. Search text is throttled and de-duplicated; the latest wins
/// (`throttle` + `distinctUntilChanged` + `flatMapLatest`).
public final class EventListViewModel: @unchecked Sendable {
  // Relays are thread-safe; everything else is immutable.
  /// The days window; the slider writes it.
  public let days: BehaviorRelay<Int>
  /// The search text; the search box writes it.
  public let query = BehaviorRelay<String>(value: "")
  /// The screen's state.
  public let state: Observable<EventListState>

  /// The slider's bounds.
  public static let dayRange = 1...360

  /// Binds to the live catalog so events that arrive while the screen is open show at once.
  ///
  /// - Parameters:
  ///   - categoryID: The category shown.
  ///   - catalog: The live catalog.
  ///   - days: The shared days relay (the window survives leaving and re-entering the screen).
  ///   - scheduler: The scheduler of the search throttle (the main scheduler in the app).
  public init(
    categoryID: String, catalog: Observable<Catalog>, days: BehaviorRelay<Int>, scheduler: SchedulerType
  ) {
    self.days = days
    let query = self.query
    let category = catalog.map { catalog -> CategorySlice in
      let item = catalog.item(id: categoryID)
      return CategorySlice(
        title: item?.category.title ?? categoryID, events: item?.events ?? [], state: item?.state,
        reference: catalog.referenceDate ?? Date())
    }
    .distinctUntilChanged()
    // Each search restarts the inner combineLatest; `.forever` keeps the latest slice for it even
    // though the previous inner has just let go.
    .share(replay: 1, scope: .forever)

    let search = query.asObservable()
      .throttle(.milliseconds(150), latest: true, scheduler: scheduler)
      .distinctUntilChanged()

    state = search.flatMapLatest { text in
      Observable.combineLatest(days.asObservable().distinctUntilChanged(), category) { days, slice in
        EventListState(
          title: slice.title,
          events: EventFilter(days: days, query: text).apply(to: slice.events, reference: slice.reference),
          totalCount: slice.events.count, days: days, query: text, state: slice.state)
      }
    }
  }

  /// Moves the slider by `step` days, kept within ``dayRange``.
  public func adjustDays(by step: Int) {
    let next = min(max(days.value + step, Self.dayRange.lowerBound), Self.dayRange.upperBound)
    if next != days.value { days.accept(next) }
  }
}

private struct CategorySlice: Equatable {
  var title: String
  var events: [EOEvent]
  var state: CategoryItem.State?
  var reference: Date
}
