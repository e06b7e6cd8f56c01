import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// One category's events: the days slider, a line saying what is not live, the list, the map.
///
/// Its keys are its ``bindings()``: the slider, opening an event, the sort, exports, the map's.
/// The days controls are a ``DaysControl``; the header's forms are in `EventsScreen+Header`, the
/// notice row and the empty list's words in `EventsScreen+Notices`.
final class EventsScreen: Screen, Searchable {
  let context: any EventsEnvironment
  private let model: EventListViewModel
  private let subscription = SerialDisposable()
  private let seenSubscription = SerialDisposable()
  private let alertsOnlySubscription = SerialDisposable()
  /// What the user has seen: the tracker's value, never a copy that a hop could leave behind.
  private var seen: SeenState { context.seen.state.value }
  private(set) var state: EventListState?
  /// The shared scope as last heard (the header names its filters).
  private(set) var scope = EventScope(days: 1)
  private let scopeSubscription = SerialDisposable()
  private var list = ListView(emptyMessage: "Loading events…")
  /// The list's width when its rows were last made: the columns are sized for it.
  private var listWidth = 0
  /// The columns the rows were last made with (the column header names them).
  private var columns: EventColumns?
  /// The days slider and the timeline above it.
  private var daysControl = DaysControl()

  /// The events of `categoryID` (``EventListViewModel/allCategoriesID``: every category's, or with
  /// `categories` only theirs, each event once).
  init(categoryID: String, categories: Set<String>? = nil, context: any EventsEnvironment) {
    self.context = context
    list.theme = context.theme
    let model = EventListViewModel(
      categoryID: categoryID, categories: categories, catalog: context.catalog, days: context.days,
      dayRange: context.dayRange, scheduler: context.mainScheduler, filters: context.scopes,
      sort: context.sort.asObservable())
    self.model = model
    context.map.pane.show([])
    subscription.disposable = model.state
      .observe(on: context.mainScheduler)
      .subscribe(onNext: { [unowned self] state in self.stateChanged(state) })
    scopeSubscription.disposable = context.scopes
      .subscribe(onNext: { [unowned self] scope in self.scope = scope })
    seenSubscription.disposable = context.seen.state.asObservable()
      .observe(on: context.mainScheduler)
      .subscribe(onNext: { [unowned self] _ in self.rebuildRows() })
    alertsOnlySubscription.disposable = context.alertsOnly.asObservable()
      .skip(1)
      .subscribe(onNext: { [unowned self] _ in
        self.rebuildRows()
        self.list.select(0)
      })
  }

  deinit { close() }

  /// The category shown (``EventListViewModel/allCategoriesID`` for All categories).
  var categoryID: String { model.categoryID }
  /// The categories shown together (the marked ones), or `nil`.
  var categories: Set<String>? { model.categories }
  /// The events listed: the state's, or with the alerts-only view (`a`, the form) those a rule
  /// marks.
  var events: [EOEvent] {
    let all = state?.events ?? []
    guard alertsOnly else { return all }
    let rules = context.alerts
    return all.filter { rules.marks($0) }
  }
  /// Whether the list shows only the events an alert rule marks (shared with the categories).
  var alertsOnly: Bool { context.alertsOnly.value && !context.alerts.isEmpty }
  /// How many of the rows listed a rule marks, as the rows were last made.
  private(set) var alertCount: Int?
  var selectedEvent: EOEvent? { list.selectedID.flatMap { id in events.first { $0.id == id } } }
  var breadcrumb: String {
    state?.title ?? context.latestCatalog.item(id: model.categoryID)?.category.title ?? ""
  }
  var showsMap: Bool { true }
  var query: String { model.query.value }

  var position: String? {
    guard list.rowCount > 0 else { return nil }
    let above = changedAboveView.count
    // News a refresh put above the visible rows is said until seen: `n` goes there.
    let news = above == 0 ? "" : "↑ \(Formatting.count(above)) new" + ScopeSummary.separator
    return news + "\(Formatting.count(list.selectedIndex + 1))/\(Formatting.count(list.rowCount))"
  }

  /// The rows above the visible ones whose events are new or updated, top first.
  private var changedAboveView: [Int] {
    let events = self.events
    return (0..<min(list.scrollOffset, events.count)).filter { seen.change(of: events[$0]) != nil }
  }

  func setQuery(_ text: String) { model.query.accept(text) }

  /// Selects the event `offset` rows away (the detail's next / previous) and returns it.
  func selectEvent(after id: String, offset: Int) -> EOEvent? {
    guard let index = events.firstIndex(where: { $0.id == id }), events.indices.contains(index + offset)
    else { return nil }
    list.select(index + offset)
    return events[index + offset]
  }

  func bindings() -> [Binding] {
    let map = context.map.bindings(
      selected: { [unowned self] in selectedEvent }, pick: { [unowned self] id in list.select(id: id) })
    // The slider's ← → come before `open`, whose keys include → (it opens on the categories): here
    // → adds a day, as the help, the manual and the README say.
    return map + [
      .run(.days) { [unowned self] key in model.adjustDays(by: key == .left ? -1 : 1) },
      Binding(.open) { [unowned self] _ in openSelection() },
      .run(.nextNew) { [unowned self] _ in selectNextChanged() },
      .run(.sort) { [unowned self] _ in cycleSort() },
      .run(.copyLink) { [unowned self] _ in context.copyLink(of: selectedEvent) },
      .run(.export) { [unowned self] _ in context.export(events, as: .geojson, name: model.categoryID) },
      .run(.exportCSV) { [unowned self] _ in context.export(events, as: .csv, name: model.categoryID) },
      .run(.markSeen) { [unowned self] _ in
        context.seen.markSeen(events)
        context.say("Marked every event of \(breadcrumb) seen")
      },
      .run(.daysStep) { [unowned self] key in
        model.stepDays(forward: !(key == .shiftLeft || key == .char("[")))
      },
    ] + Binding.listNavigation { [unowned self] key in list.handle(key: key) }
  }

  /// Opens the selected event's detail, marking it seen.
  private func openSelection() -> ScreenAction {
    guard let event = selectedEvent else { return .handled }
    // As it was seen, before this opening marks it seen as it is now.
    let before = seen.events[event.id]
    context.seen.markSeen([event])
    return .push(context.detailScreen(of: event, seen: before, in: self))
  }

  /// `s`: the next sort order (distance only with a point to measure from).
  private func cycleSort() {
    let centre = context.region.value?.centre
    let next = context.sort.value.effective(centre: centre).next(hasCentre: centre != nil)
    context.sort.accept(next)
    context.say(
      "Sorted \(next.label)"
        + (next == .date && context.region.value?.centre == nil ? " (distance needs --near)" : ""))
  }

  func handleMouse(_ event: MouseEvent) -> ScreenAction {
    if let days = daysControl.days(at: event, range: model.dayRange) {
      model.days.accept(days)
      return .handled
    }
    if let picked = context.map.handleMouse(event) {
      if !picked.isEmpty { list.select(id: picked) }
      return .handled
    }
    switch list.handleMouse(event) {
    case .open?: return openSelection()
    case .moved?: return .handled
    case nil: return .unhandled
    }
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    let belowControls = daysControl.render(
      days: context.days.value, range: model.dayRange, state: state, theme: context.theme, into: &buffer,
      rect: rect)
    var listRect = renderNotice(into: &buffer, rect: belowControls, screenHeight: rect.height)
    if context.map.isShown {
      let split = MapPane.splitEventsArea(listRect)
      listRect = split.list
      renderMap(into: &buffer, rect: split.map)
    }
    list.isFocused = !(context.map.isShown && context.map.isFocused)
    if listRect.width != listWidth {
      listWidth = listRect.width
      rebuildRows()
    }
    if listRect.height >= Self.rowsKeepingColumnHeader, !events.isEmpty {
      let (headerRect, below) = listRect.splitTop(1)
      drawColumnHeader(into: &buffer, rect: headerRect)
      listRect = below
    }
    renderList(into: &buffer, rect: listRect)
  }

  /// The map beside the list, framed on the region filter with the selected event's track.
  private func renderMap(into buffer: inout CellBuffer, rect: Rect) {
    context.map.pane.showTrack(of: selectedEvent)
    context.map.pane.frame(on: state?.region.map(MapPane.box(of:)))
    context.map.pane.outline(state?.region)
    context.map.pane.render(
      into: &buffer, rect: rect, selectedEventID: list.selectedID, isFocused: context.map.isFocused)
  }

  /// The list, under a line saying the news a refresh put above the visible rows, until it is seen
  /// or scrolled into view (`n` goes there).
  private func renderList(into buffer: inout CellBuffer, rect: Rect) {
    var listRect = rect
    var newsRect: Rect?
    if !changedAboveView.isEmpty, listRect.height >= 3 {
      let (top, below) = listRect.splitTop(1)
      newsRect = top
      listRect = below
    }
    list.emptyMessage = emptyMessage
    list.render(into: &buffer, rect: listRect)
    guard let newsRect else { return }
    buffer.clear(newsRect, style: context.theme.text)
    // Counted again: drawing the list may have moved it.
    let above = changedAboveView.count
    guard above > 0 else { return }
    buffer.write(
      TextLayout.truncate(
        "↑ \(Formatting.count(above)) new above", toWidth: newsRect.width, ellipsis: buffer.symbols.ellipsis),
      at: Point(x: newsRect.x, y: newsRect.y), style: context.theme[.new], clip: newsRect)
  }

  /// From this many rows for the list, its first names the columns.
  static let rowsKeepingColumnHeader = 6

  /// The names of the list's columns, aligned as the rows draw them (``ListView``: the glyph column,
  /// a blank, the title; the right-hand columns against the right edge).
  private func drawColumnHeader(into buffer: inout CellBuffer, rect: Rect) {
    let style = context.theme.secondary.adding(.underline)
    buffer.clear(rect, style: context.theme.text)
    let glyphColumn = rect.width >= Rows.eventGlyphWidth + 3 ? Rows.eventGlyphWidth + 1 : 0
    let tagged = model.categoryID == EventListViewModel.allCategoriesID
    let right = columns?.header(ascii: context.ascii) ?? ""
    let rightWidth = DisplayWidth.of(right)
    let title = tagged ? "kind   title" : "title"
    buffer.write(title, at: Point(x: rect.x + glyphColumn, y: rect.y), style: style, clip: rect)
    if rightWidth > 0, rect.width - glyphColumn >= rightWidth + 1 + DisplayWidth.of(title) {
      buffer.write(right, at: Point(x: rect.maxX - rightWidth, y: rect.y), style: style, clip: rect)
    }
  }

  func close() {
    subscription.dispose()
    scopeSubscription.dispose()
    seenSubscription.dispose()
    alertsOnlySubscription.dispose()
  }

  private func rebuildRows() {
    // All, or the marked categories together: each row says its category.
    let tagged = model.categoryID == EventListViewModel.allCategoriesID
    let centre = state?.region?.centre
    let events = self.events
    let seen = self.seen
    let ascii = context.ascii
    let alerts = context.alerts
    let theme = context.theme
    let match = state?.query ?? ""
    let columns = EventColumns(
      events, centre: centre, sort: state?.sort ?? .date, width: listWidth, rangeEnd: state?.rangeEnd,
      ascii: ascii)
    self.columns = columns
    alertCount = alerts.isEmpty ? nil : events.reduce(0) { $0 + (alerts.marks($1) ? 1 : 0) }
    // Only the rows on screen are made: a slider step costs the same at any list length.
    list.replaceRows(
      count: events.count, glyphWidth: Rows.eventGlyphWidth, id: { events[$0].id },
      row: {
        Rows.event(
          events[$0], change: seen.change(of: events[$0]), tagged: tagged, from: centre,
          alerting: !alerts.isEmpty && alerts.marks(events[$0]), ascii: ascii, match: match, columns: columns,
          theme: theme)
      })
  }

  /// Selects the next event (after the selection, wrapping) that is new or updated; the topmost
  /// of those above the visible rows first, when a refresh put some there.
  private func selectNextChanged() {
    guard !events.isEmpty else { return }
    if let top = changedAboveView.first {
      list.select(top)
      return
    }
    for step in 1...events.count {
      let index = (list.selectedIndex + step) % events.count
      if seen.change(of: events[index]) != nil {
        list.select(index)
        return
      }
    }
    context.say("Nothing new here: every event is seen")
  }

  private func stateChanged(_ state: EventListState) {
    let reordered = self.state.map { $0.sort != state.sort } ?? false
    self.state = state
    rebuildRows()
    // A new order shows its top, as every list tool does: the old selection, kept, would leave the
    // screen on rows the order put far down.
    if reordered { list.select(0) }
    context.map.pane.show(state.events)
    context.host.setNeedsRedraw()
  }
}
