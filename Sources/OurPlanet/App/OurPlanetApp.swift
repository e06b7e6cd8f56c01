import Dispatch
import EONETKit
import Foundation
import RxCore
import TerminalUI

/// The interactive app: binds the view models to the widgets, handles keys, draws the screens.
///
/// Everything here runs on the main thread: data arrives through `observe(on: MainScheduler.instance)`
/// and keys come from the terminal session's loop. The view models do the work; this class only keeps
/// what is on screen (selection, search box, navigation) and draws it.
public final class OurPlanetApp {
  private let session: TerminalSession
  private let catalogModel: CatalogViewModel
  private let days: BehaviorRelay<Int>
  private let bag = DisposeBag()
  private let eventSubscription = SerialDisposable()
  /// Problems reported from other threads (the link opener), shown on the status line.
  private let failures = PublishRelay<String>()

  private var stack: [Screen] = [.categories]
  private var catalog = Catalog.empty
  private var categoryList = ListView(emptyMessage: "Loading categories…")
  private var categoryIDs: [String] = []
  private var categoryQuery = ""
  private var eventModel: EventListViewModel?
  private var eventState: EventListState?
  private var eventList = ListView(emptyMessage: "No events in this window")
  private var eventIDs: [String] = []
  private var detail: DetailPane?
  private var searching = false
  private var showHelp = false
  /// Whether `m` has turned the world map on (events screen and detail view).
  private var showMap = false
  private var map = MapPane()
  private var notice: (text: String, isError: Bool)?

  /// Wires the app to a terminal session and a data feed; loading starts at once.
  ///
  /// - Parameters:
  ///   - session: The terminal.
  ///   - feed: Where the data comes from.
  ///   - options: The days filter's start, offline mode.
  ///   - notices: Problems reported from elsewhere (a damaged cache file), shown on the status line.
  public init(
    session: TerminalSession, feed: EventFeed, options: AppOptions, notices: Observable<String> = .empty()
  ) {
    self.session = session
    self.days = BehaviorRelay(
      value: min(
        max(options.days, EventListViewModel.dayRange.lowerBound), EventListViewModel.dayRange.upperBound))
    self.catalogModel = CatalogViewModel(
      feed: feed, offline: options.offline,
      scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated))

    catalogModel.catalog.asObservable()
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [unowned self] in self.catalogChanged($0) })
      .disposed(by: bag)
    session.keys
      .subscribe(onNext: { [unowned self] in self.handle($0) })
      .disposed(by: bag)
    Observable.merge(failures.asObservable(), notices)
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [unowned self] message in
        self.notice = (message, true)
        self.session.setNeedsRedraw()
      })
      .disposed(by: bag)
    bag.insert(eventSubscription)
  }

  /// Runs until the user quits, a signal arrives or the terminal goes away.
  public func run() -> TerminalSession.Ending {
    session.run { [unowned self] buffer in self.render(into: &buffer) }
  }

  private var screen: Screen { stack.last ?? .categories }

  // MARK: - Data

  private func catalogChanged(_ catalog: Catalog) {
    self.catalog = catalog
    session.isAnimating = catalog.isLoading
    rebuildCategoryRows()
    session.setNeedsRedraw()
  }

  private func rebuildCategoryRows() {
    let selectedID = categoryList.selectedRow.flatMap { _ in categoryIDs[safe: categoryList.selectedIndex] }
    let needle = categoryQuery.lowercased()
    let items = catalog.items.filter {
      needle.isEmpty || $0.category.title.lowercased().contains(needle)
    }
    categoryIDs = items.map(\.category.id)
    categoryList.rows = items.map { Rows.category($0, ascii: session.symbols.isASCII) }
    categoryList.emptyMessage =
      catalog.items.isEmpty
      ? (catalog.isLoading || catalog.source == nil ? "Loading categories…" : "No categories")
      : "No category matches “\(categoryQuery)”"
    if let selectedID, let index = categoryIDs.firstIndex(of: selectedID) { categoryList.select(index) }
  }

  private func eventStateChanged(_ state: EventListState) {
    let selectedID = eventIDs[safe: eventList.selectedIndex]
    eventState = state
    eventIDs = state.events.map(\.id)
    eventList.rows = state.events.map { Rows.event($0, ascii: session.symbols.isASCII) }
    map.show(state.events)
    eventList.emptyMessage =
      state.totalCount == 0
      ? (state.state == .downloading || state.state == .queued ? "Downloading…" : "No events")
      : "No events in the last \(state.days) days" + (state.query.isEmpty ? "" : " matching “\(state.query)”")
    if let selectedID, let index = eventIDs.firstIndex(of: selectedID) { eventList.select(index) }
    if case .detail(_, let eventID) = screen, let event = state.events.first(where: { $0.id == eventID }) {
      detail = makeDetail(for: event, keepingScrollOf: detail)
    }
    session.setNeedsRedraw()
  }

  // MARK: - Navigation

  private func openCategory(_ id: String) {
    let model = EventListViewModel(
      categoryID: id, catalog: catalogModel.catalog.asObservable(), days: days,
      scheduler: MainScheduler.instance)
    eventModel = model
    eventState = nil
    eventIDs = []
    map.show([])
    eventList = ListView(emptyMessage: "Loading events…")
    stack.append(.events(categoryID: id))
    eventSubscription.disposable = model.state
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [unowned self] in self.eventStateChanged($0) })
  }

  private func openEvent(categoryID: String, eventID: String) {
    guard let event = eventState?.events.first(where: { $0.id == eventID }) else { return }
    detail = makeDetail(for: event, keepingScrollOf: nil)
    stack.append(.detail(categoryID: categoryID, eventID: eventID))
  }

  private func goBack() {
    guard stack.count > 1 else { return }
    let leaving = stack.removeLast()
    switch leaving {
    case .events:
      eventSubscription.disposable = Disposables.create()
      eventModel = nil
      eventState = nil
    case .detail:
      detail = nil
    case .categories:
      break
    }
  }

  // MARK: - Keys

  private func handle(_ key: Key) {
    defer { session.setNeedsRedraw() }
    if key == .resize { return }
    if key == .ctrl("l") {
      session.redrawAll()
      return
    }
    if showHelp {
      showHelp = false
      return
    }
    if searching {
      handleSearch(key)
      return
    }
    notice = nil
    switch key {
    case .char("q"):
      session.stop()
      return
    case .char("?"):
      showHelp = true
      return
    case .char("r"):
      catalogModel.refresh()
      return
    case .char("/"):
      if case .detail = screen { return }
      searching = true
      return
    case .char("m"):
      if case .categories = screen { return }
      showMap.toggle()
      return
    default:
      break
    }
    switch screen {
    case .categories: handleCategories(key)
    case .events(let id): handleEvents(key, categoryID: id)
    case .detail: handleDetail(key)
    }
  }

  private func handleCategories(_ key: Key) {
    switch key {
    case .enter, .char("l"), .right:
      if let id = categoryIDs[safe: categoryList.selectedIndex] { openCategory(id) }
    case .escape:
      if !categoryQuery.isEmpty {
        categoryQuery = ""
        rebuildCategoryRows()
      }
    default:
      _ = categoryList.handle(key: key)
    }
  }

  private func handleEvents(_ key: Key, categoryID: String) {
    switch key {
    case .enter, .char("l"):
      if let id = eventIDs[safe: eventList.selectedIndex] { openEvent(categoryID: categoryID, eventID: id) }
    case .escape, .backspace, .char("h"):
      if key == .escape, let model = eventModel, !model.query.value.isEmpty {
        model.query.accept("")
      } else {
        goBack()
      }
    case .left: eventModel?.adjustDays(by: -1)
    case .right: eventModel?.adjustDays(by: 1)
    case .shiftLeft, .char("["): eventModel?.adjustDays(by: -30)
    case .shiftRight, .char("]"): eventModel?.adjustDays(by: 30)
    default:
      _ = eventList.handle(key: key)
    }
  }

  private func handleDetail(_ key: Key) {
    switch key {
    case .escape, .backspace, .char("h"), .left:
      goBack()
    case .char("o"):
      openSourceLink()
    default:
      _ = detail?.handle(key: key)
    }
  }

  private func handleSearch(_ key: Key) {
    var text = currentQuery
    switch key {
    case .escape:
      text = ""
      searching = false
    case .enter:
      searching = false
    case .backspace:
      if text.isEmpty { searching = false } else { text.removeLast() }
    case .char(let character):
      text.append(character)
    case .up, .down, .pageUp, .pageDown:
      searching = false
      handle(key)
      return
    default:
      return
    }
    setQuery(text)
  }

  private var currentQuery: String {
    switch screen {
    case .categories: return categoryQuery
    case .events: return eventModel?.query.value ?? ""
    case .detail: return ""
    }
  }

  private func setQuery(_ text: String) {
    switch screen {
    case .categories:
      categoryQuery = text
      rebuildCategoryRows()
    case .events:
      eventModel?.query.accept(text)
    case .detail:
      break
    }
  }

  private func openSourceLink() {
    guard case .detail(_, let eventID) = screen,
      let event = eventState?.events.first(where: { $0.id == eventID })
    else { return }
    guard let url = event.sources.first?.url ?? event.link else {
      notice = ("This event has no source link", true)
      return
    }
    notice = ("Opening \(url)", false)
    LinkOpener.open(url) { [failures] failure in
      if let failure { failures.accept(failure) }
    }
  }

  // MARK: - Drawing

  private func render(into buffer: inout CellBuffer) {
    let (headerRect, rest) = buffer.bounds.splitTop(1)
    let (content, statusRect) = rest.splitBottom(1)
    header().render(into: &buffer, rect: headerRect)

    var body = content
    if searching || !currentQuery.isEmpty {
      let split = body.splitBottom(1)
      body = split.rest
      let cursor = searching ? (session.symbols.isASCII ? "_" : "▏") : ""
      buffer.write("/ \(currentQuery)\(cursor)", at: Point(x: split.bottom.x, y: split.bottom.y))
    }

    switch screen {
    case .categories:
      categoryList.render(into: &buffer, rect: body)
    case .events:
      let (sliderRect, listRect) = body.splitTop(1)
      let slider = SliderView(
        value: days.value, bounds: EventListViewModel.dayRange, step: 1, largeStep: 30,
        label: days.value == 1 ? "Last day" : "Last \(days.value) days")
      slider.render(into: &buffer, rect: sliderRect)
      var listArea = listRect
      if showMap {
        let split = MapPane.splitEventsArea(listRect)
        listArea = split.list
        map.render(into: &buffer, rect: split.map, selectedEventID: eventIDs[safe: eventList.selectedIndex])
      }
      eventList.render(into: &buffer, rect: listArea)
    case .detail(_, let eventID):
      var textArea = body
      if showMap {
        let split = MapPane.splitDetailArea(body)
        textArea = split.text
        map.render(into: &buffer, rect: split.map, selectedEventID: eventID)
      }
      detail?.render(into: &buffer, rect: textArea)
    }

    statusLine().render(into: &buffer, rect: statusRect)
    if showHelp {
      HelpOverlay(title: "OurPlanet keys", entries: KeyBindings.all).render(into: &buffer, rect: content)
    }
  }

  private func header() -> HeaderView {
    var crumbs = ["OurPlanet"]
    switch screen {
    case .categories:
      break
    case .events(let id):
      crumbs.append(catalog.item(id: id)?.category.title ?? id)
    case .detail(let id, let eventID):
      crumbs.append(catalog.item(id: id)?.category.title ?? id)
      crumbs.append(eventState?.events.first { $0.id == eventID }?.title ?? eventID)
    }
    var right = ""
    switch screen {
    case .categories: right = sourceDescription()
    case .events: right = eventState?.summary ?? ""
    case .detail: break
    }
    return HeaderView(breadcrumbs: crumbs, rightText: right)
  }

  private func statusLine() -> StatusLine {
    var line = StatusLine(rightText: "? help")
    line.spinner = Spinner(isSpinning: catalog.isLoading)
    line.tick = session.animationTick
    let events = Formatting.count(catalog.eventCount)
    if catalog.isLoading {
      line.progress = Progress(completed: catalog.completedCount, total: catalog.items.count)
      line.message = "\(catalog.completedCount)/\(catalog.items.count) categories · \(events) events"
    } else if let notice {
      line.message = notice.text
      line.messageKind = notice.isError ? .error : .info
    } else if let failure = catalog.messages.last {
      line.message = failure
      line.messageKind = .error
    } else {
      line.message = "\(events) events · \(sourceDescription())"
    }
    if case .categories = screen, !catalog.isLoading, notice == nil, catalog.messages.isEmpty {
      line.message = "\(events) events in \(catalog.items.count) categories"
    }
    return line
  }

  private func sourceDescription() -> String {
    guard let source = catalog.source else { return "loading" }
    let when = catalog.referenceDate.map(Formatting.minute) ?? "unknown time"
    switch source {
    case .live: return "live, updated \(when)"
    case .cache: return "cached data from \(when)"
    case .snapshot: return "offline snapshot from \(when)"
    }
  }

  private func makeDetail(for event: EOEvent, keepingScrollOf previous: DetailPane?) -> DetailPane {
    var lines: [String] = []
    let categories = event.categories.map(\.title).joined(separator: ", ")
    if !categories.isEmpty { lines.append("Categories: \(categories)") }
    if let closed = event.closed {
      lines.append("Status:     closed \(Formatting.minute(closed))")
    } else {
      lines.append("Status:     open")
    }
    if let first = event.geometries.first?.date {
      lines.append("First seen: \(Formatting.minute(first))")
    }
    if let latest = event.latestGeometry {
      lines.append("Last seen:  \(Formatting.minute(latest.date))")
      if let magnitude = latest.magnitude {
        lines.append("Magnitude:  \(Formatting.magnitude(value: magnitude.value, unit: magnitude.unit))")
      }
      if let center = latest.center {
        lines.append("Location:   \(Formatting.coordinate(center))")
      }
    }
    lines.append("Records:    \(event.geometries.count)")
    if let description = event.description, !description.isEmpty {
      lines.append("")
      lines.append(description)
    }
    if !event.sources.isEmpty {
      lines.append("")
      lines.append("Sources (o opens the first):")
      for source in event.sources { lines.append("  \(source.id): \(source.url)") }
    }
    if let link = event.link {
      lines.append("")
      lines.append("EONET: \(link)")
    }
    var pane = DetailPane(title: event.title, text: lines.joined(separator: "\n"))
    if let previous, previous.title == pane.title {
      for _ in 0..<previous.scrollOffset { _ = pane.handle(key: .down) }
    }
    return pane
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
