import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import TerminalUI

/// The app around the screens: routes keys (overlays, the search line, then the bindings of the
/// top screen and the app's) and draws the header, the screen, the search line and the status line.
///
/// It runs on any ``AppHost``: the terminal in the app, a headless host in tests, so every screen
/// can be driven and read back without a terminal.
///
/// One concern per file: the keys (`AppShell+Keys`), the filter keys and form (`+Filters`), the
/// config's places (`+Places`), the settings remembered between launches (`+Remembered`) and the
/// drawing (`+Drawing`).
package final class AppShell {
  let context: AppContext
  let navigator: Navigator
  let status: StatusPresenter
  /// The alert rules' count and bell.
  let alerts: AlertTracker
  private let bag = DisposeBag()
  /// The overlay over the screen (help, messages, the filter form…), which takes every key.
  var overlay: Overlay?
  /// The search line being typed, which takes the keys before the bindings.
  var search: SearchField?
  private var postedFailures = 0
  /// Which keys ask for which command.
  let keymap: Keymap
  /// The name of the command the last key ran (tests read it).
  var lastCommand: String?
  /// Remembers the settings each key changes.
  var recorder: SettingsRecorder
  /// The remembered category, opened when the first catalog that names it arrives.
  var pendingCategory: String?
  /// EONET's magnitudes, which the filter form reads units against (``AppOptions/magnitudeKinds``).
  let magnitudeKinds: [EOMagnitudeKind]

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
  ///   - exportScheduler: Where `e` and `E` write (`backgroundScheduler` when `nil`).
  ///   - keymap: Which keys ask for which command.
  ///   - memory: Where the days, order, region, category and map are remembered as they change.
  ///   - imagery: Where the detail's satellite images come from (`nil`: no images).
  ///   - layers: The image layers `L` cycles through.
  package init(
    host: AppHost, feed: EventFeed, options: AppOptions, messages: MessageLog, mainScheduler: SchedulerType,
    backgroundScheduler: SchedulerType, openLink: @escaping LinkOpening, seen: SeenTracker? = nil,
    clock: (@Sendable () -> Date)? = nil, exportDirectory: URL? = nil, exportScheduler: SchedulerType? = nil,
    keymap: Keymap = .standard, memory: SettingsMemory? = nil, imagery: ImageryClient? = nil,
    layers: ImageryLayers = ImageryLayers(names: [])
  ) {
    self.keymap = keymap
    recorder = SettingsRecorder(memory: memory, remembered: options.remembered)
    magnitudeKinds = options.magnitudeKinds
    pendingCategory = options.category
    let model = CatalogViewModel(
      feed: feed, offline: options.offline, scheduler: backgroundScheduler,
      refreshInterval: options.refreshInterval, timerScheduler: mainScheduler, now: clock)
    let range = options.dayRange
    let days = BehaviorRelay(value: min(max(options.days, range.lowerBound), range.upperBound))
    context = AppContext(
      host: host, catalogModel: model, feed: feed, rangeEnd: options.rangeEnd, days: days, dayRange: range,
      mainScheduler: mainScheduler,
      messages: messages, openLink: openLink, seen: seen ?? SeenTracker(file: nil, messages: messages),
      clock: clock ?? { Date(timeIntervalSince1970: 0) }, region: options.region, sort: options.sort,
      exportScheduler: exportScheduler ?? backgroundScheduler, alerts: options.alerts,
      filters: options.filters)
    context.places = options.places
    if let exportDirectory { context.exportDirectory = exportDirectory }
    // The tracker hears each catalog before any screen, so no frame counts as new what the first
    // refresh brought.
    context.seen.follow(context.catalog, online: model.isOnline, days: context.days.asObservable())
      .disposed(by: bag)
    alerts = AlertTracker(rules: options.alerts, ringsForNews: options.bell, context: context)
    status = StatusPresenter(context: context, alerts: alerts)
    navigator = Navigator(root: CategoriesScreen(context: context))
    context.map.isShown = options.mapShown
    context.imagery = imagery.map { client in
      ImageryPane(
        client: client, layers: layers, isShown: options.imageShown, mainScheduler: mainScheduler,
        clock: clock ?? { Date() }, redraw: { [weak host] in host?.setNeedsRedraw() })
    }
    if let file = options.configFile {
      context.map.offerToSave = { [unowned self] region in offerToSave(region, in: file) }
    }
    recorder.start(from: currentSettings())
    context.catalog
      .subscribe(onNext: { [unowned self] catalog in self.catalogChanged(catalog) })
      .disposed(by: bag)
    // The list is read and decoded where the feed works; only the finished table reaches the main
    // thread.
    feed.sources()
      .map { list in Dictionary(list.map { ($0.id, $0.title) }) { first, _ in first } }
      .observe(on: mainScheduler)
      .subscribe(onNext: { [unowned self] titles in
        context.sourceTitles.accept(titles)
        context.host.setNeedsRedraw()
      })
      .disposed(by: bag)
  }

  /// The screen on top.
  var screen: Screen { navigator.top }

  /// Emits once each time loading ends: the stored data's, then each refresh's (the catalog stops
  /// loading). The composition root returns the memory a refresh freed to the system then.
  package var loadsEnded: Observable<Void> {
    context.catalog.map(\.isLoading).distinctUntilChanged().filter { !$0 }.map { _ in () }
  }

  /// Applies what a screen asked for; a screen that opens, or comes back to the top, starts with the
  /// keys on its list, never on a map the user left focused elsewhere. A screen that opens has its
  /// map framed on what it shows; one that comes back has its map as it was left.
  func perform(_ action: ScreenAction) {
    switch action {
    case .push:
      context.map.isFocused = false
      context.map.pane.screenOpened()
    case .pop:
      context.map.isFocused = false
      if navigator.stack.count > 1 { context.map.pane.screenClosed() }
    case .handled, .unhandled: break
    }
    navigator.perform(action)
  }

  private func catalogChanged(_ catalog: Catalog) {
    restoreCategory(catalog)
    context.latestCatalog = catalog
    context.host.isAnimating = catalog.isLoading
    for message in catalog.messages(since: postedFailures) { context.messages.post(message) }
    postedFailures = catalog.messagesAdded
    context.host.setNeedsRedraw()
  }
}
