import EONETKit
import Foundation
import OurPlanet
import RxCore
import TerminalUI

/// The app around the screens: routes keys (overlays, the search line, the global keys, then the
/// top screen) and draws the header, the screen, the search line and the status line.
///
/// It runs on any ``AppHost``: the terminal in the app, a headless host in tests, so every screen
/// can be driven and read back without a terminal.
public final class AppShell {
  let context: AppContext
  let navigator: Navigator
  let status: StatusPresenter
  private let bag = DisposeBag()
  private var overlay: Overlay?
  private var search: SearchField?
  private var postedFailures = 0

  /// Wires the screens to the model; loading starts at once.
  ///
  /// - Parameters:
  ///   - host: The terminal (or a test host).
  ///   - feed: Where the data comes from.
  ///   - options: The days filter's start, offline mode.
  ///   - messages: The session's messages (warnings raised before the shell existed included).
  ///   - mainScheduler: The main thread's scheduler (`MainScheduler.instance`, or virtual time).
  ///   - backgroundScheduler: Where loading runs.
  ///   - openLink: Opens a link in the desktop's browser.
  ///   - seen: What the user has seen (in memory, first launch, when `nil`).
  ///   - clock: The wall clock, for the next refresh's time (none shown when `nil`).
  ///   - exportDirectory: Where `e` and `E` write (the current folder when `nil`).
  public init(
    host: AppHost, feed: EventFeed, options: AppOptions, messages: MessageLog, mainScheduler: SchedulerType,
    backgroundScheduler: SchedulerType, openLink: @escaping LinkOpening, seen: SeenTracker? = nil,
    clock: (@Sendable () -> Date)? = nil, exportDirectory: URL? = nil
  ) {
    let model = CatalogViewModel(
      feed: feed, offline: options.offline, scheduler: backgroundScheduler,
      refreshInterval: options.refreshInterval, timerScheduler: mainScheduler, now: clock)
    let range = options.dayRange
    let days = BehaviorRelay(value: min(max(options.days, range.lowerBound), range.upperBound))
    context = AppContext(
      host: host, catalogModel: model, days: days, dayRange: range, mainScheduler: mainScheduler,
      messages: messages, openLink: openLink, seen: seen ?? SeenTracker(file: nil, messages: messages),
      clock: clock ?? { Date(timeIntervalSince1970: 0) }, region: options.region, sort: options.sort)
    if let exportDirectory { context.exportDirectory = exportDirectory }
    status = StatusPresenter(context: context)
    navigator = Navigator(root: CategoriesScreen(context: context))
    context.catalog
      .subscribe(onNext: { [unowned self] catalog in self.catalogChanged(catalog) })
      .disposed(by: bag)
  }

  /// The screen on top.
  var screen: Screen { navigator.top }

  /// Emits once each time loading ends: the stored data's, then each refresh's (the catalog stops
  /// loading). The composition root returns the memory a refresh freed to the system then.
  public var loadsEnded: Observable<Void> {
    context.catalog.map(\.isLoading).distinctUntilChanged().filter { !$0 }.map { _ in () }
  }

  // MARK: - Keys

  /// Handles one key press.
  public func handle(_ key: Key) {
    defer { context.host.setNeedsRedraw() }
    switch key {
    case .resize: return
    case .ctrl("l"):
      context.host.redrawAll()
      return
    default: break
    }
    if let overlay {
      if !overlay.handle(key) { self.overlay = nil }
      return
    }
    if case .mouse(let event) = key {
      // While a search is typed the mouse selects and scrolls, as the arrows do; it opens nothing.
      if search != nil, event.kind == .doubleClick { return }
      navigator.perform(screen.handleMouse(event))
      return
    }
    if let search {
      if !search.handle(key) { self.search = nil }
      return
    }
    context.notice = nil
    if handleGlobal(key) { return }
    let action = screen.handle(key)
    if case .unhandled = action, key == .escape || key == .backspace || key == .char("h") {
      navigator.perform(.pop)
      return
    }
    navigator.perform(action)
  }

  private func handleGlobal(_ key: Key) -> Bool {
    switch key {
    case .char("q"):
      context.host.stop()
    case .char("?"):
      overlay = ListOverlay.help()
    case .char("!"):
      overlay = ListOverlay.messages(status.messages, received: status.messagesReceived)
    case .char("r"):
      if context.catalogModel.isOnline {
        context.catalogModel.refresh()
      } else {
        context.say(
          "Offline (--offline): nothing to refresh; start without --offline to download", isError: true)
      }
    case .char("/"):
      if let target = screen as? Searchable & Screen {
        search = SearchField(target: target)
      } else {
        context.say("Search works on the categories and events lists")
      }
    case .tab:
      if screen.showsMap && context.showMap {
        context.mapFocused.toggle()
        if context.mapFocused { context.say(AppContext.mapHint) }
      } else {
        context.say("Tab moves between the list and the map: show the map with m first")
      }
    case .char("F"):
      if context.region.value == nil {
        context.say("No region filter to clear")
      } else {
        context.region.accept(nil)
        context.say("Region filter cleared: the whole world")
      }
    case .char("m"):
      if screen.showsMap {
        context.showMap.toggle()
        if !context.showMap { context.mapFocused = false }
      } else {
        context.say("The map shows on the events and detail screens: open a category first")
      }
    default:
      return false
    }
    return true
  }

  // MARK: - Data

  private func catalogChanged(_ catalog: Catalog) {
    context.latestCatalog = catalog
    context.host.isAnimating = catalog.isLoading
    for message in catalog.messages(since: postedFailures) { context.messages.post(message) }
    postedFailures = catalog.messagesAdded
    context.host.setNeedsRedraw()
  }

  // MARK: - Drawing

  /// Draws the whole screen into `buffer`.
  public func render(into buffer: inout CellBuffer) {
    let (headerRect, rest) = buffer.bounds.splitTop(1)
    let (content, statusRect) = rest.splitBottom(1)
    let crumbs = navigator.stack.map(\.breadcrumb).filter { !$0.isEmpty }
    HeaderView(breadcrumbs: ["OurPlanet"] + crumbs, rightText: screen.headerRight)
      .render(into: &buffer, rect: headerRect)

    var body = content
    if let target = screen as? Searchable, search != nil || !target.query.isEmpty {
      let split = body.splitBottom(1)
      body = split.rest
      let cursor = search != nil ? "▏" : ""
      let hint = search != nil ? "   Enter keeps · Esc clears · ↑↓ move" : "   / edits · Esc clears"
      buffer.write("/ \(target.query)\(cursor)", at: Point(x: split.bottom.x, y: split.bottom.y))
      let used = DisplayWidth.of("/ \(target.query)\(cursor)")
      if used + DisplayWidth.of(hint) <= split.bottom.width {
        buffer.write(
          hint, at: Point(x: split.bottom.x + used, y: split.bottom.y), style: Theme.standard.secondary)
      }
    }
    screen.render(into: &buffer, rect: body)
    status.line(position: screen.position).render(into: &buffer, rect: statusRect)
    overlay?.render(into: &buffer, rect: content)
  }
}
