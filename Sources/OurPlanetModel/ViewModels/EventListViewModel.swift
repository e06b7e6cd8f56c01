import EONETKit
import Foundation
import RxCore

/// Filters one category's events (or every category's, for ``allCategoriesID``) by the days
/// slider and the search text, and counts them per day for the timeline.
///
/// The search and the data are combined first (`combineLatest(search, category)`): the matching
/// events of the slider's whole range, sorted by age, with their per-day histogram. The days window
/// is then one binary search on that list (`combineLatest(days, …)`), so a slider step does not
/// depend on how many events there are. The search text is throttled on the injected scheduler.
// `@unchecked Sendable`: `state` is an `Observable`, not `Sendable` (as in RxSwift); every property is a `let`.
package final class EventListViewModel: @unchecked Sendable {
  /// The id of the merged list of every category.
  package static let allCategoriesID = "all"

  /// The days window; the slider writes it.
  package let days: BehaviorRelay<Int>
  /// The search text; the search box writes it.
  package let query = BehaviorRelay<String>(value: "")
  /// The screen's state.
  package let state: Observable<EventListState>
  /// The slider's bounds.
  package let dayRange: ClosedRange<Int>
  /// The category shown (or ``allCategoriesID``).
  package let categoryID: String
  /// With ``allCategoriesID``: only these categories' events, each once (the marked ones), or
  /// `nil`: every category's.
  package let categories: Set<String>?

  /// Binds to the live catalog so events that arrive while the screen is open show at once.
  ///
  /// - Parameters:
  ///   - categoryID: The category shown, or ``allCategoriesID`` for every category.
  ///   - categories: With ``allCategoriesID``, only these categories (each event once); the
  ///     scope's own categories (the marks) never apply here: a screen lists what it was opened on.
  ///   - catalog: The live catalog.
  ///   - days: The shared days relay (the window survives leaving and re-entering the screen).
  ///   - dayRange: The slider's bounds.
  ///   - scheduler: The scheduler of the search throttle (the main scheduler in the app).
  ///   - filters: The shared scope's filters: everything in it but its window (the slider's) and its
  ///     text (the search box's) applies; none by default.
  ///   - sort: The order of the list (newest first by default).
  package init(
    categoryID: String, categories: Set<String>? = nil, catalog: Observable<Catalog>,
    days: BehaviorRelay<Int>,
    dayRange: ClosedRange<Int>, scheduler: SchedulerType,
    filters: Observable<EventScope> = .just(EventScope(days: 1)), sort: Observable<EventSort> = .just(.date)
  ) {
    self.days = days
    self.dayRange = dayRange
    self.categoryID = categoryID
    let categories = categoryID == Self.allCategoriesID ? categories : nil
    self.categories = categories
    let range = dayRange.upperBound
    // Each catalog (a refresh sends dozens) keeps the previous list when the events it is built
    // from are the same revisions: only a category's new download rebuilds it.
    let source = catalog.scan(nil as CategorySource?) { previous, catalog in
      CategorySource(
        catalog: catalog, id: categoryID, categories: categories, range: range, previous: previous)
    }
    .compactMap { $0 }
    .distinctUntilChanged()

    let search = query.asObservable()
      .throttle(.milliseconds(100), latest: true, scheduler: scheduler)
      .distinctUntilChanged()

    // The matching events span the slider's whole range: a change of the window alone (a slider
    // step) is not a change of the filters.
    let filters = filters.map { scope in
      var scope = scope
      scope.days = range
      scope.text = ""
      scope.categories = categories
      return scope
    }
    .distinctUntilChanged()

    // Narrowing a search (typing on) searches the previous result, not the whole list.
    let matching = Observable.combineLatest(search, source, filters)
      .scan(nil as MatchingEvents?) { previous, inputs in
        var scope = inputs.2
        scope.text = inputs.0
        return MatchingEvents(source: inputs.1, scope: scope, previous: previous)
      }
      .compactMap { $0 }

    state = Observable.combineLatest(
      days.asObservable().distinctUntilChanged(), matching, sort.distinctUntilChanged()
    ) { days, matching, sort in
      let source = matching.source
      let centre = matching.scope.region?.centre
      let sort = sort.effective(centre: centre)
      return EventListState(
        categoryID: categoryID, title: source.title,
        events: sort.apply(to: matching.window(days: days), centre: centre),
        windowCount: matching.unsearchedCount(inLast: days), days: days, query: matching.scope.text,
        withoutMagnitude: matching.unmeasuredCount(inLast: days),
        state: source.state, fetchedAt: source.fetchedAt, source: source.origin,
        storedTitle: source.storedTitle, isBehind: source.isBehind, windowEnd: source.windowEnd,
        rangeEnd: source.rangeEnd, histogram: matching.histogram,
        region: matching.scope.region, sort: sort)
    }
  }

  /// The large step of the days window (`]`, `[`): windows are a month, two, three….
  package static let largeStep = 30

  /// Moves the window to the next multiple of ``largeStep`` days above it (or below it, when not
  /// `forward`), kept within ``dayRange``: 1 → 30 → 60 and back 60 → 30 → 1, never 31 or 61.
  package func stepDays(forward: Bool) {
    let step = Self.largeStep
    let value = days.value
    let target = forward ? (value / step + 1) * step : ((value - 1) / step) * step
    let next = min(max(target, dayRange.lowerBound), dayRange.upperBound)
    if next != value { days.accept(next) }
  }

  /// Moves the slider by `step` days, kept within ``dayRange``.
  package func adjustDays(by step: Int) {
    setDays(days.value + step)
  }

  /// Sets the days filter to `value`, kept inside the slider's bounds (a click on the slider).
  package func setDays(_ value: Int) {
    let next = min(max(value, dayRange.lowerBound), dayRange.upperBound)
    if next != days.value { days.accept(next) }
  }
}

/// The part of the catalog one events screen shows.
private struct CategorySource: Equatable {
  var title: String
  var state: CategoryItem.State?
  var fetchedAt: Date?
  var origin: EODataSource?
  /// For All: the category whose stored data the notice names (a failed one, else the one
  /// furthest behind), `nil` when none is failed or behind.
  var storedTitle: String?
  /// Whether the data shown is stored data behind the catalog's now (``CategoryItem/fetchTime(behind:)``).
  var isBehind = false
  var aged: AgedEvents
  /// What `aged` was built from: each category's events revision and fetch time, and the
  /// catalog's now.
  private var revisions: [EventsRevision]
  private var fetchTimes: [Date?]
  /// The catalog's now, which the ages count back from.
  private(set) var windowEnd: Date?
  /// The end of the catalog's past range, if it holds one.
  private(set) var rangeEnd: Date?

  /// The source `id` shows in `catalog`, keeping `previous`'s list when it is built from the same.
  ///
  /// The folded titles of the list come from the catalog's index, made when the catalog was.
  init(catalog: Catalog, id: String, categories: Set<String>?, range: Int, previous: CategorySource?) {
    let items: [CategoryItem]
    // The category's place in the catalog (and so in its index), for one category.
    let position: Int?
    let windowEnd = catalog.windowEnd
    let newestFetch = catalog.newestFetch
    if id == EventListViewModel.allCategoriesID {
      // Every category's listings count (an event of a chosen category may be listed first in
      // another), but only the chosen ones name the list and say where its data stands.
      items = catalog.items
      position = nil
      let chosen = categories.map { wanted in items.filter { wanted.contains($0.category.id) } } ?? items
      title =
        categories == nil
        ? "All categories" : Self.title(of: chosen.map(\.category.title), ids: categories ?? [])
      state = Self.combinedState(chosen)
      // The notice names a failed category, else the one furthest behind, with its own data's age.
      let named =
        chosen.first { $0.state.isFailure }
        ?? chosen.filter { $0.fetchTime(behind: newestFetch) != nil }.min { $0.fetchedAt! < $1.fetchedAt! }
      if let named {
        storedTitle = named.category.title
        fetchedAt = named.fetchedAt
        origin = named.source
        isBehind = named.fetchTime(behind: newestFetch) != nil
      } else {
        fetchedAt = chosen.compactMap(\.fetchedAt).min()
        origin =
          chosen.contains { $0.source == .snapshot } ? .snapshot : chosen.first { $0.source != nil }?.source
      }
    } else {
      position = catalog.items.firstIndex { $0.category.id == id }
      let item = position.map { catalog.items[$0] }
      items = item.map { [$0] } ?? []
      title = item?.category.title ?? id
      state = item?.state
      fetchedAt = item?.fetchedAt
      origin = item?.source
      isBehind = item?.fetchTime(behind: newestFetch) != nil
    }
    self.windowEnd = windowEnd
    rangeEnd = catalog.rangeEnd
    revisions = items.map(\.revision)
    fetchTimes = items.map(\.fetchedAt)
    if let previous, previous.revisions == revisions, previous.fetchTimes == fetchTimes,
      previous.windowEnd == windowEnd
    {
      aged = previous.aged
      return
    }
    let titles = catalog.index.foldedTitles
    if id == EventListViewModel.allCategoriesID {
      var merged = EventScope(days: range)
      merged.categories = categories
      let listings = catalog.mergedListings(in: merged)
      aged = AgedEvents(
        events: listings.map { items[$0.item].events[$0.position] }, ages: listings.map(\.age),
        titles: listings.map { titles[$0.item][$0.position] })
    } else {
      let item = items.first
      let events = item.map { Array($0.events(inLast: range, endingAt: windowEnd)) } ?? []
      let reference = windowEnd ?? Date.distantPast
      aged = AgedEvents(
        events: events, ages: events.map { reference.timeIntervalSince($0.date) },
        titles: position.map { Array(titles[$0][..<events.count]) } ?? [])
    }
  }

  /// Equal when the header matches and the list was built from the same events revisions and
  /// fetch times (then it is the same list); other revisions count as changed without comparing
  /// events.
  static func == (lhs: CategorySource, rhs: CategorySource) -> Bool {
    lhs.title == rhs.title && lhs.state == rhs.state && lhs.fetchedAt == rhs.fetchedAt
      && lhs.origin == rhs.origin && lhs.storedTitle == rhs.storedTitle && lhs.isBehind == rhs.isBehind
      && lhs.revisions == rhs.revisions && lhs.fetchTimes == rhs.fetchTimes && lhs.windowEnd == rhs.windowEnd
  }

  /// The list of several categories named: `Wildfires + Volcanoes` (the catalog's titles, in its
  /// order; the ids it does not know yet, sorted, after them).
  private static func title(of titles: [String], ids: Set<String>) -> String {
    let known = titles.isEmpty ? ids.sorted() : titles
    return known.joined(separator: " + ")
  }

  /// One state for many categories: a failure first, then work in progress.
  private static func combinedState(_ items: [CategoryItem]) -> CategoryItem.State? {
    if let failed = items.first(where: { $0.state.isFailure }) {
      return failed.state
    }
    if items.contains(where: { $0.state == .downloading }) { return .downloading }
    if items.contains(where: { $0.state == .queued }) { return .queued }
    if items.contains(where: { $0.state == .done }) { return .done }
    return items.isEmpty ? nil : .stored
  }
}

/// The events of a source that match the search, over the slider's whole range, with the timeline.
private struct MatchingEvents {
  var source: CategorySource
  /// The scope over the slider's whole range.
  var scope: EventScope
  var aged: AgedEvents
  /// The source's events inside the scope before the search (the region, the status).
  var unsearched: AgedEvents
  /// With a magnitude filter: the source's events inside the scope but for the magnitude that have
  /// no magnitude (the header says how many the filter hides); `nil` without one.
  var unmeasured: AgedEvents?
  /// The scope without its search text: what ``unsearched`` and ``recent`` were worked out for.
  var unsearchedScope: EventScope
  /// Matching events per day of age: `histogram[0]` within the last day, and so on.
  var histogram: [Int]
  /// The results of the last few searches of this source and scope, newest last, so going back
  /// (Backspace) costs nothing and typing on searches the closest earlier result.
  var recent: [(needle: FoldedText, aged: AgedEvents)] = []
  /// How many results ``recent`` keeps.
  static let recentLimit = 8

  init(source: CategorySource, scope: EventScope, previous: MatchingEvents?) {
    self.source = source
    self.scope = scope
    let needle = scope.needle
    var unsearchedScope = scope
    unsearchedScope.text = ""
    self.unsearchedScope = unsearchedScope
    if let previous, previous.source == source, previous.unsearchedScope == unsearchedScope {
      unsearched = previous.unsearched
      unmeasured = previous.unmeasured
      recent = previous.recent
    } else if unsearchedScope.hasSameFilters(as: EventScope(days: 0)) {
      unsearched = source.aged
      unmeasured = nil
    } else {
      (unsearched, unmeasured) = source.aged.keeping(
        in: unsearchedScope, unmeasured: unsearchedScope.withoutMagnitude)
    }
    if needle.isEmpty {
      aged = unsearched
    } else if let known = recent.last(where: { $0.needle == needle }) {
      aged = known.aged
    } else {
      // A needle that contains an earlier one only narrows that earlier result: the longest such.
      let base = recent.filter { needle.contains($0.needle) }.max {
        $0.needle.bytes.count < $1.needle.bytes.count
      }
      // The title, else the description (EventScope's one rule for the search).
      aged = (base?.aged ?? unsearched).keeping { event, title in
        title.contains(needle) || scope.matchesDescription(of: event)
      }
      recent.append((needle, aged))
      if recent.count > Self.recentLimit { recent.removeFirst() }
    }
    var counts = [Int](repeating: 0, count: max(1, scope.days))
    for age in aged.ages {
      let day = min(max(0, Int(age / EventWindow.secondsPerDay)), counts.count - 1)
      counts[day] += 1
    }
    histogram = counts
  }

  /// How many events without a magnitude the magnitude filter hides in the last `days` days.
  func unmeasuredCount(inLast days: Int) -> Int {
    unmeasured?.count(inside: EventWindow(days: days)) ?? 0
  }

  /// How many events are inside the last `days` days before the search narrows them.
  func unsearchedCount(inLast days: Int) -> Int { unsearched.count(inside: EventWindow(days: days)) }

  /// The matching events inside the last `days` days, youngest first.
  func window(days: Int) -> [EOEvent] {
    aged.prefix(aged.count(inside: EventWindow(days: days)))
  }
}
