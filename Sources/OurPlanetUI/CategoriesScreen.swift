import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// The first screen: every category with its number of events in the days window, and where its
/// download stands.
final class CategoriesScreen: Screen, Searchable {
  /// From this width on, the list stops growing, so a category's name and count stay together.
  static let maximumWidth = 110
  /// Before a marked category's title (`*` where only ASCII shows).
  static let markSymbol = "•"

  private let context: any CategoriesEnvironment
  private let bag = DisposeBag()
  private var list = ListView(emptyMessage: "Loading categories…")
  private var catalog = Catalog.empty
  /// The shared scope: the days window, the region, the filters and the marks.
  private var scope: EventScope
  /// What each row counts: the shared scope but for the marks (a row is its own category, the All
  /// row every category).
  private var rowScope: EventScope {
    var scope = scope
    scope.categories = nil
    return scope
  }
  /// The marked categories' ids.
  private var marks: Set<String> { context.filters.value.categories ?? [] }
  /// What the user has seen: the tracker's value, never a copy that a hop could leave behind.
  private var seen: SeenState { context.seen.state.value }
  private(set) var query = ""
  /// Whether the rows lag behind the catalog, days, seen state or region. They are rebuilt when
  /// next drawn or used, not on every change: a refresh changes the catalog dozens of times, often
  /// while another screen covers this one, and at ten times today's data a rebuild takes several
  /// milliseconds.
  private var rowsAreStale = false

  init(context: any CategoriesEnvironment) {
    self.context = context
    list.theme = context.theme
    scope = context.scope
    let seen = context.seen.state.asObservable().observe(on: context.mainScheduler)
    Observable.combineLatest(context.catalog, context.scopes, seen, context.alertsOnly.asObservable())
      .subscribe(onNext: { [unowned self] catalog, scope, _, _ in
        self.catalog = catalog
        self.scope = scope
        self.rowsAreStale = true
        self.context.host.setNeedsRedraw()
      })
      .disposed(by: bag)
  }

  var breadcrumb: String { "" }

  /// Whether the rows count only the events an alert rule marks (shared with the events lists).
  private var alertsOnly: Bool { context.alertsOnly.value && !context.alerts.isEmpty }

  /// The window's heading, with the alerts-only view when it is on (it stays in every form).
  private var windowHeading: String {
    scope.window.heading + (alertsOnly ? ScopeSummary.separator + "alerts only" : "")
  }

  /// The scope in one line (the marked categories, the filters set, the window), then where the
  /// data comes from.
  var headerRight: String {
    let marked = marks.isEmpty ? nil : markedTitle + " marked"
    let line = ScopeSummary.line(
      title: marked, scope: scope, placeName: scope.region.flatMap(context.placeName(for:)),
      tail: windowHeading, ascii: context.ascii)
    // A past range downloaded after it ended does not change: said, so no one waits for news.
    let final = catalog.isFinalRange ? " · final" : ""
    return line + ScopeSummary.separator + ProvenanceText.describe(catalog.provenance) + final
  }

  /// What gives way first on a narrow header: the provenance's words (its date stays), then the
  /// filters' long forms, then the filters themselves (their count stays), then the marked
  /// categories' names; the window and the data's date stay in every form.
  var header: HeaderText {
    let separator = ScopeSummary.separator
    let final = catalog.isFinalRange ? separator + "final" : ""
    let window = windowHeading
    let placeName = scope.region.flatMap(context.placeName(for:))
    let marked = marks.isEmpty ? nil : markedTitle + " marked"
    let fewMarked = marks.isEmpty ? nil : "\(marks.count) marked"
    let short = ProvenanceText.short(catalog.provenance) + final
    let filters = ScopeSummary.filterParts(of: scope, placeName: placeName, ascii: context.ascii)
    let shortFilters = ScopeSummary.filterParts(
      of: scope, placeName: placeName, ascii: context.ascii, short: true)
    let count = filters.isEmpty ? [] : [Formatting.count(filters.count, "filter")]
    func line(_ parts: [String?], _ provenance: String) -> String {
      (parts.compactMap { $0 } + [window, provenance]).joined(separator: separator)
    }
    return HeaderText(forms: [
      headerRight,
      line([marked] + filters, short),
      line([marked] + shortFilters, short),
      line([fewMarked] + shortFilters, short),
      line([fewMarked] + count, short),
      line(count, short),
      line([], short),
      line([], ProvenanceText.word(catalog.provenance) + final),
    ])
  }

  /// The marked categories by title, in the list's order: `Wildfires + Volcanoes`.
  private var markedTitle: String {
    let marks = self.marks
    let titles = catalog.items.filter { marks.contains($0.category.id) }.map(\.category.title)
    return (titles.isEmpty ? marks.sorted() : titles).joined(separator: " + ")
  }

  var position: String? {
    refreshRows()
    return list.rowCount == 0 ? nil : "\(list.selectedIndex + 1)/\(Formatting.count(list.rowCount))"
  }

  var showsMap: Bool { false }

  func setQuery(_ text: String) {
    query = text
    rebuildRows()
    context.host.setNeedsRedraw()
  }

  func bindings() -> [Binding] {
    refreshRows()
    return [
      Binding(.open) { [unowned self] _ in openSelection() },
      .run(.nextNew) { [unowned self] _ in selectNextChanged() },
      .run(.markSeen) { [unowned self] _ in markSelectionSeen() },
      // Before the list's keys: Space marks here rather than paging.
      .run(.mark) { [unowned self] _ in toggleMark() },
    ] + Binding.listNavigation { [unowned self] key in list.handle(key: key) }
  }

  /// Opens the marked categories' events together when some are marked, else the selected
  /// category's.
  private func openSelection() -> ScreenAction {
    let marks = self.marks
    if !marks.isEmpty { return .push(context.eventsScreen(categories: marks)) }
    guard let id = list.selectedID else { return .handled }
    return .push(context.eventsScreen(categoryID: id))
  }

  /// Space: marks the selected category, or unmarks it.
  private func toggleMark() {
    guard let id = list.selectedID else { return }
    guard id != EventListViewModel.allCategoriesID else {
      return context.say("All categories is every category: mark categories one by one", isError: true)
    }
    var filters = context.filters.value
    var marks = filters.categories ?? []
    let title = catalog.item(id: id)?.category.title ?? id
    let marking = !marks.contains(id)
    if marking { marks.insert(id) } else { marks.remove(id) }
    filters.categories = marks.isEmpty ? nil : marks
    context.filters.accept(filters)
    rebuildRows()
    context.say(
      (marking ? "Marked \(title)" : "Unmarked \(title)")
        + (marks.isEmpty
          ? ""
          : " · \(Formatting.count(marks.count, "categor", plural: "ies marked", singular: "y marked")): Enter opens them together, X clears")
    )
  }

  /// Marks every event of the selected category (or of all) seen.
  private func markSelectionSeen() {
    guard let id = list.selectedID else { return }
    let items =
      id == EventListViewModel.allCategoriesID ? catalog.items : catalog.item(id: id).map { [$0] } ?? []
    context.seen.markSeen(items.lazy.flatMap(\.events))
    context.say(
      "Marked every event of \(items.count == 1 ? items[0].category.title : "every category") seen")
  }

  func handleMouse(_ event: MouseEvent) -> ScreenAction {
    refreshRows()
    switch list.handleMouse(event) {
    case .open?: return openSelection()
    case .moved?: return .handled
    case nil: return .unhandled
    }
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    refreshRows()
    let (area, _) = rect.splitLeft(min(rect.width, Self.maximumWidth))
    list.render(into: &buffer, rect: area)
  }

  func close() {}

  /// Selects the next category (after the selection, wrapping) with new or updated events.
  private func selectNextChanged() {
    let ids = list.rows.map(\.id)
    guard !ids.isEmpty else { return }
    let start = list.selectedIndex
    for step in 1...ids.count {
      let index = (start + step) % ids.count
      if let item = catalog.item(id: ids[index]),
        !seen.hasSeen(item.events(in: rowScope, endingAt: catalog.windowEnd))
      {
        list.select(index)
        return
      }
    }
    context.say("Nothing new: every event is seen")
  }

  /// Rebuilds the rows if something changed since they were built.
  private func refreshRows() {
    if rowsAreStale { rebuildRows() }
  }

  private func rebuildRows() {
    rowsAreStale = false
    let needle = query.lowercased()
    let scope = rowScope
    let rules = context.alerts
    let only: ((EOEvent) -> Bool)? = alertsOnly ? { rules.marks($0) } : nil
    var rows: [ListRow]
    if needle.isEmpty, !catalog.items.isEmpty {
      // The All row and every category, counted in one pass.
      rows = Rows.categoryList(catalog, scope: scope, seen: seen, only: only, theme: context.theme)
    } else {
      let items = catalog.items.filter { $0.category.title.lowercased().contains(needle) }
      rows = items.map { item in
        guard let only else {
          return Rows.category(
            item, scope: scope, windowEnd: catalog.windowEnd, newestFetch: catalog.newestFetch, seen: seen,
            theme: context.theme)
        }
        let events = item.events(in: scope, endingAt: catalog.windowEnd).filter(only)
        return Rows.category(
          item, scope: scope, windowEnd: catalog.windowEnd, newestFetch: catalog.newestFetch,
          changes: Changes(events, seen: seen), count: events.count, theme: context.theme)
      }
    }
    let marks = self.marks
    if !marks.isEmpty {
      for index in rows.indices where marks.contains(rows[index].id) {
        rows[index].text = Self.markSymbol + " " + rows[index].text
      }
    }
    list.replaceRows(rows)
    if catalog.items.isEmpty {
      list.emptyMessage =
        catalog.isLoading || catalog.provenance == .nothing ? "Loading categories…" : "No categories"
    } else {
      list.emptyMessage = "No category matches “\(query)”"
    }
  }
}
