import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// One category's events: the days slider, a line saying what is not live, the list, the map.
///
/// Its keys are its ``bindings()``: the slider, opening an event, the sort, exports, the map's.
final class EventsScreen: Screen, Searchable {
  private let context: any EventsEnvironment
  private let model: EventListViewModel
  private let subscription = SerialDisposable()
  private let seenSubscription = SerialDisposable()
  private let alertsOnlySubscription = SerialDisposable()
  /// What the user has seen: the tracker's value, never a copy that a hop could leave behind.
  private var seen: SeenState { context.seen.state.value }
  private var state: EventListState?
  /// The shared scope as last heard (the header names its filters).
  private var scope = EventScope(days: 1)
  private let scopeSubscription = SerialDisposable()
  private var list = ListView(emptyMessage: "Loading events…")
  /// The list's width when its rows were last made: the columns are sized for it.
  private var listWidth = 0
  /// The columns the rows were last made with (the column header names them).
  private var columns: EventColumns?
  /// Where the slider's and the timeline's tracks were last drawn (their row, first column and
  /// width), for the mouse; both run newest first.
  private var sliderTrack: (y: Int, x: Int, width: Int)?
  private var timelineTrack: (y: Int, x: Int, width: Int)?
  /// The month ticks under the timeline, as last worked out, and what they were worked out for.
  private var scaleTicks: (key: TimelineScale.Key, ticks: [TimelineScale.Tick])?

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
  /// The scope in one line: the filters set, the count in the window, the order (what is listed is
  /// the crumb just left of it).
  var headerRight: String {
    guard let state else { return "" }
    let order = state.sort == .date ? "" : ScopeSummary.separator + state.sort.label
    let alerts = alertsOnly ? ScopeSummary.separator + "alerts only" : ""
    return ScopeSummary.line(
      title: nil, scope: scope, placeName: state.region.flatMap(context.placeName(for:)),
      tail: state.summary, ascii: context.ascii) + order + alerts
  }
  /// What gives way first on a narrow header: the filters' long forms, then the filters (their
  /// count stays), then what the magnitude filter hides, then the filters' count; the count, the
  /// window and the order stay in every form.
  var header: HeaderText {
    guard let state else { return HeaderText("") }
    let separator = ScopeSummary.separator
    // The order and the alerts-only view stay in every form.
    let order =
      (state.sort == .date ? "" : separator + state.sort.label)
      + (alertsOnly ? separator + "alerts only" : "")
    let placeName = state.region.flatMap(context.placeName(for:))
    let shortFilters = ScopeSummary.filterParts(
      of: scope, placeName: placeName, ascii: context.ascii, short: true)
    let filters = ScopeSummary.filterParts(of: scope, placeName: placeName, ascii: context.ascii)
    let count = filters.isEmpty ? [] : [Formatting.count(filters.count, "filter")]
    return HeaderText(forms: [
      headerRight,
      (shortFilters + [state.summary]).joined(separator: separator) + order,
      (count + [state.summary]).joined(separator: separator) + order,
      (count + [state.countSummary]).joined(separator: separator) + order,
      state.countSummary + order,
      Formatting.count(state.windowCount) + separator
        + EventWindow(days: state.days, end: state.rangeEnd).heading
        + order,
    ])
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

  /// The days a click or a drag on the slider's track or the timeline stands for: the slider's cell
  /// is its value; the timeline's column is the day it shows, the newest at the left as the
  /// slider's, so the window reaches back to it.
  private func days(at event: MouseEvent) -> Int? {
    switch event.kind {
    case .click, .drag: break
    default: return nil
    }
    // The timeline's geometry is the slider's: one column per slider value, from the low end.
    let geometry = TimelineView(counts: [], bounds: model.dayRange, value: 0, leadingWidth: 0)
    let point = event.point
    if let track = sliderTrack, point.y == track.y, track.width > 1,
      (track.x..<track.x + track.width).contains(point.x)
    {
      return geometry.columnValue(point.x - track.x, trackWidth: track.width)
    }
    if let track = timelineTrack, point.y == track.y, track.width > 1,
      (track.x..<track.x + track.width).contains(point.x)
    {
      return geometry.columnValue(point.x - track.x, trackWidth: track.width)
    }
    return nil
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
    if let days = days(at: event) {
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

  /// From this height the notice keeps its row when it has nothing to say.
  static let rowsKeepingNotice = 12
  /// From this height on, the timeline has its scale of months under it.
  static let rowsKeepingScale = 16

  func render(into buffer: inout CellBuffer, rect: Rect) {
    let days = context.days.value
    var rest = rect
    // Set again below for what this frame draws.
    sliderTrack = nil
    timelineTrack = nil
    // The label keeps one width, so the slider's track (and the timeline above it) never shifts. It
    // says the window as the header does: a past range's days end on its last day, not today's.
    let end = state?.rangeEnd
    func label(_ days: Int) -> String {
      let heading = EventWindow(days: days, end: end).heading
      return heading.prefix(1).uppercased() + heading.dropFirst()
    }
    let widest = label(model.dayRange.upperBound)
    let label = label(days)
    let padded =
      label + String(repeating: " ", count: max(0, DisplayWidth.of(widest) - DisplayWidth.of(label)))
    if rect.height >= 8 {
      let (timelineRect, below) = rest.splitTop(1)
      var timeline = TimelineView(
        counts: state?.histogram ?? [], bounds: model.dayRange, value: days,
        leadingWidth: DisplayWidth.of(padded) + 2, theme: context.theme)
      // The newest day first, under the slider's low end: the window the slider sets is the bars
      // from the left edge to its knob, one direction for both.
      timeline.showsPeak = true
      timeline.render(into: &buffer, rect: timelineRect)
      timelineTrack = (
        timelineRect.y, timelineRect.x + timeline.leadingWidth, timelineRect.width - timeline.leadingWidth - 1
      )
      rest = below
      // The months under the bars, while the terminal has a row to spare for them.
      if rect.height >= Self.rowsKeepingScale, let windowEnd = state?.windowEnd {
        let (scaleRect, afterScale) = rest.splitTop(1)
        let scale = TimelineScale(timeline: timeline, windowEnd: windowEnd)
        let key = scale.key(width: scaleRect.width)
        if scaleTicks?.key != key { scaleTicks = (key, scale.ticks(trackWidth: key.trackWidth)) }
        scale.render(scaleTicks?.ticks ?? [], into: &buffer, rect: scaleRect)
        rest = afterScale
      }
    }
    let (sliderRect, afterSlider) = rest.splitTop(1)
    SliderView(
      value: days, bounds: model.dayRange, step: 1, largeStep: 30, label: padded, theme: context.theme
    )
    .render(into: &buffer, rect: sliderRect)
    // The label, a blank and the ◀ before the track; the ▶ after it.
    let labelWidth = DisplayWidth.of(padded)
    sliderTrack = (sliderRect.y, sliderRect.x + labelWidth + 2, sliderRect.width - labelWidth - 3)
    rest = afterSlider
    var listRect = rest
    // The notice's row stays while the terminal has rows to spare, said or blank: a notice that came
    // and went with each download moved every row of the list down and back.
    let failed = state?.state?.isFailure == true
    // A failure is marked as its category's row is, so it stands out without colour too.
    let other = (state?.notice ?? provenanceNotice).map { (failed ? "! " : "") + $0 }
    if let notice = Self.notice(other, range: rangeNotice, width: rect.width)
      ?? (rect.height >= Self.rowsKeepingNotice ? "" : nil)
    {
      let (noticeRect, below) = rest.splitTop(1)
      buffer.write(
        TextLayout.truncate(notice, toWidth: noticeRect.width, ellipsis: buffer.symbols.ellipsis),
        at: Point(x: noticeRect.x, y: noticeRect.y), style: context.theme[failed ? .failed : .offline],
        clip: noticeRect)
      listRect = below
    }
    if context.map.isShown {
      let split = MapPane.splitEventsArea(listRect)
      listRect = split.list
      context.map.pane.showTrack(of: selectedEvent)
      context.map.pane.frame(on: state?.region.map(MapPane.box(of:)))
      context.map.pane.outline(state?.region)
      context.map.pane.render(
        into: &buffer, rect: split.map, selectedEventID: list.selectedID, isFocused: context.map.isFocused)
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
    // News a refresh put above the visible rows is said at the top of the list until it is seen
    // or scrolled into view (`n` goes there).
    var newsRect: Rect?
    if !changedAboveView.isEmpty, listRect.height >= 3 {
      let (top, below) = listRect.splitTop(1)
      newsRect = top
      listRect = below
    }
    list.emptyMessage = emptyMessage
    list.render(into: &buffer, rect: listRect)
    // Counted again: drawing the list may have moved it.
    if let newsRect {
      buffer.clear(newsRect, style: context.theme.text)
      let above = changedAboveView.count
      if above > 0 {
        buffer.write(
          TextLayout.truncate(
            "↑ \(Formatting.count(above)) new above", toWidth: newsRect.width,
            ellipsis: buffer.symbols.ellipsis),
          at: Point(x: newsRect.x, y: newsRect.y), style: context.theme[.new], clip: newsRect)
      }
    }
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

  /// What the empty list says: the state's words, and when the filters (not the search) leave
  /// nothing, which filters those are and that `X` clears them.
  private var emptyMessage: String {
    guard let state else { return "Loading events…" }
    let message = state.emptyMessage
    let filters = ScopeSummary.filterParts(
      of: scope, placeName: scope.region.flatMap(context.placeName(for:)), ascii: context.ascii)
    guard state.windowCount == 0, state.query.isEmpty, state.fetchedAt != nil, !filters.isEmpty else {
      return message
    }
    return message + " with " + filters.joined(separator: ScopeSummary.separator) + " (X clears the filters)"
  }

  /// Where the data comes from when it is not live and the category's own notice says nothing of it
  /// (a refresh that failed after a live one, the whole catalog's cache): someone who stays on this
  /// screen for hours still reads it.
  private var provenanceNotice: String? {
    let provenance = context.latestCatalog.provenance
    guard provenance != .nothing, !ProvenanceText.isLive(provenance) else { return nil }
    let text = ProvenanceText.describe(provenance)
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// In a past range, what its dates are: each event as it stood at the range's end; in full, and
  /// short for when another notice shares the row.
  private var rangeNotice: (full: String, short: String)? {
    guard let end = state?.rangeEnd else { return nil }
    let last = Formatting.day(end.addingTimeInterval(-1), in: .utc)
    return (
      "A past range: each event as its last report up to \(last) left it (date, position, magnitude)",
      "Past range to \(last)"
    )
  }

  /// The notice row's text: the category's (or the provenance's) notice, the past range's, or both
  /// on one row: the other notice then the range's short form when both fit `width`, else the
  /// range's short form first, so it is never cut off.
  static func notice(_ other: String?, range: (full: String, short: String)?, width: Int) -> String? {
    guard let range else { return other }
    guard let other else { return range.full }
    let both = other + ScopeSummary.separator + range.short
    return DisplayWidth.of(both) <= width ? both : range.short + ScopeSummary.separator + other
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
