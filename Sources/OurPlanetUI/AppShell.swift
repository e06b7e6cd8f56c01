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
public final class AppShell {
  let context: AppContext
  let navigator: Navigator
  let status: StatusPresenter
  /// The alert rules' count and bell.
  let alerts: AlertTracker
  private let bag = DisposeBag()
  private var overlay: Overlay?
  private var search: SearchField?
  private var postedFailures = 0
  /// Which keys ask for which command.
  private let keymap: Keymap
  /// The config's named places (`p` lists them), with those the map's `f` saved: the context's.
  private var places: [Configuration.Place] {
    get { context.places }
    set { context.places = newValue }
  }
  /// The name of the command the last key ran (tests read it).
  private(set) var lastCommand: String?
  /// Where the settings the UI remembers go (`nil`: nowhere, as in tests).
  private let memory: SettingsMemory?
  /// What the state folder holds, with this run's changes over it.
  private var remembered: RememberedSettings
  /// The settings as they stood after the last key: a key that changes one is remembered.
  private var shown = RememberedSettings()
  /// The remembered category, opened when the first catalog that names it arrives.
  private var pendingCategory: String?
  /// EONET's magnitudes, which the filter form reads units against (``AppOptions/magnitudeKinds``).
  private let magnitudeKinds: [EOMagnitudeKind]

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
  public init(
    host: AppHost, feed: EventFeed, options: AppOptions, messages: MessageLog, mainScheduler: SchedulerType,
    backgroundScheduler: SchedulerType, openLink: @escaping LinkOpening, seen: SeenTracker? = nil,
    clock: (@Sendable () -> Date)? = nil, exportDirectory: URL? = nil, exportScheduler: SchedulerType? = nil,
    keymap: Keymap = .standard, memory: SettingsMemory? = nil, imagery: ImageryClient? = nil,
    layers: ImageryLayers = ImageryLayers(names: [])
  ) {
    self.keymap = keymap
    self.memory = memory
    remembered = options.remembered
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
    shown = currentSettings()
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
  public var loadsEnded: Observable<Void> {
    context.catalog.map(\.isLoading).distinctUntilChanged().filter { !$0 }.map { _ in () }
  }

  // MARK: - Keys

  /// Handles one key press.
  public func handle(_ key: Key) {
    defer {
      rememberChanges()
      context.host.setNeedsRedraw()
    }
    if key == .resize { return }
    if let overlay {
      if !overlay.handle(key) { self.overlay = nil }
      return
    }
    if case .mouse(let event) = key {
      // While a search is typed the mouse selects and scrolls, as the arrows do; it opens nothing.
      if search != nil, event.kind == .doubleClick { return }
      perform(screen.handleMouse(event))
      return
    }
    if let search {
      if !search.handle(key) { self.search = nil }
      return
    }
    context.notice = nil
    guard let binding = binding(for: key) else { return sayNothingHere(key) }
    lastCommand = binding.command.name
    let action = binding.action(keymap.declaredKey(for: key, of: binding.command))
    if case .unhandled = action { return sayNothingHere(key) }
    perform(action)
  }

  /// A key that does nothing where it is pressed says why: where it does work, or that `?` lists
  /// the keys that do (the README's promise). A key of the terminal (a resize, the mouse) says
  /// nothing.
  private func sayNothingHere(_ key: Key) {
    if case .mouse = key { return }
    let name = KeyCommand.name(of: key)
    let elsewhere = KeyCommand.all.first { keymap.keys(for: $0).contains(key) }
    let here = screenName
    if let elsewhere, let place = Self.screenNames(of: elsewhere).first(where: { $0 != here }) {
      // "on the events screen: days filter …" says its screen already: the message names it once.
      var help = elsewhere.help
      if help.hasPrefix("on the "), let colon = help.range(of: ": ") {
        help = String(help[colon.upperBound...])
      }
      context.say("\(name) does nothing \(here) (\(place): \(help); ? lists the keys here)")
    } else {
      context.say("\(name) does nothing \(here) (? lists the keys here)")
    }
  }

  /// The top screen, as a message names it.
  private var screenName: String {
    switch screen {
    case is CategoriesScreen: "on the categories"
    case is EventsScreen: "on the events list"
    default: "in the detail"
    }
  }

  /// The screens where `command` is in force, as a message names them (the groups of
  /// ``KeyCommand/inForceTogether`` are the categories', the events list's and the detail's).
  private static func screenNames(of command: KeyCommand) -> [String] {
    let names = ["on the categories", "on the events list", "in the detail"]
    return zip(KeyCommand.inForceTogether, names).compactMap { group, name in
      group.contains(command) ? name : nil
    }
  }

  /// What `key` asks for on the top screen: its bindings first, then the app's.
  func binding(for key: Key) -> Binding? {
    keymap.binding(for: key, in: bindings())
  }

  /// Every binding in force on the top screen, in the order a key is matched.
  func bindings() -> [Binding] {
    screen.bindings() + filterBindings() + appBindings()
  }

  /// What the help lists here: each binding in force with the keys that reach it.
  func helpBindings() -> [(command: KeyCommand, keys: [Key])] {
    keymap.reachingKeys(in: bindings())
  }

  /// The keys of the app, whatever the screen: they come after the screen's own.
  private func appBindings() -> [Binding] {
    [
      .run(.quit) { [unowned self] _ in context.host.stop() },
      .run(.help) { [unowned self] _ in
        overlay = ListOverlay(
          title: "OurPlanet keys", entries: helpEntries(),
          closeKeys: keymap.keys(for: .help), keymap: keymap, theme: context.theme)
      },
      .run(.messages) { [unowned self] _ in
        overlay = ListOverlay.messages(
          status.messages, received: status.messagesReceived, closeKeys: keymap.keys(for: .messages),
          keymap: keymap, theme: context.theme)
        status.markRead()
      },
      .run(.refresh) { [unowned self] _ in refresh() },
      .run(.range) { [unowned self] key in context.moveRange(by: key == .char("<") ? -1 : 1) },
      .run(.search) { [unowned self] _ in openSearch() },
      .run(.focus) { [unowned self] _ in
        if screen.showsMap {
          context.map.toggleFocus()
        } else {
          context.say("Tab moves between the list and the map: show the map with m first")
        }
      },
      .run(.clearRegion) { [unowned self] _ in clearRegion() },
      .run(.places) { [unowned self] _ in openPlaces() },
      .run(.map) { [unowned self] _ in
        if screen.showsMap {
          context.map.toggleShown()
        } else {
          context.say("The map shows on the events and detail screens: open a category first")
        }
      },
      .run(.redraw) { [unowned self] _ in context.host.redrawAll() },
      Binding(.back) { [unowned self] key in back(key) },
    ]
  }

  /// The filter keys, on the lists (the categories and the events screens).
  private func filterBindings() -> [Binding] {
    guard screen is CategoriesScreen || screen is EventsScreen else { return [] }
    return [
      .run(.status) { [unowned self] _ in cycleStatus() },
      .run(.filterForm) { [unowned self] _ in openFilterForm() },
      .run(.clearFilters) { [unowned self] _ in clearFilters() },
      .run(.alertsOnly) { [unowned self] _ in toggleAlertsOnly() },
    ]
  }

  /// Shows only the events an alert rule marks on the lists (and counts only those), or all of
  /// them again.
  private func toggleAlertsOnly() {
    guard !context.alerts.isEmpty else {
      return context.say("No alert rules: add [[alert]] tables to the config file", isError: true)
    }
    context.alertsOnly.accept(!context.alertsOnly.value)
    context.say(
      context.alertsOnly.value
        ? "Showing only the events an alert rule marks (a: all)" : "Showing every event")
    context.host.setNeedsRedraw()
  }

  /// The help's lines: each group's heading, then its commands in force here with the keys that
  /// reach them (what the terminal does itself last, with the app's).
  func helpEntries() -> [HelpEntry] {
    let listed = helpBindings() + KeyCommand.all.filter(\.isTerminal).map { ($0, $0.keys) }
    var entries: [HelpEntry] = []
    for group in KeyCommand.Group.allCases {
      let members = listed.filter { $0.command.group == group }
      guard !members.isEmpty else { continue }
      entries.append(HelpEntry(keys: group.rawValue, action: "", isHeading: true))
      entries += members.map { HelpEntry(keys: KeyCommand.label($0.keys), action: $0.command.help) }
    }
    return entries
  }

  /// Applies what a screen asked for; a screen that opens, or comes back to the top, starts with the
  /// keys on its list, never on a map the user left focused elsewhere. A screen that opens has its
  /// map framed on what it shows; one that comes back has its map as it was left.
  private func perform(_ action: ScreenAction) {
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

  /// `back`: Esc first takes the keys from a focused map, then clears a search; otherwise the screen
  /// below comes back.
  private func back(_ key: Key) -> ScreenAction {
    // Esc leaves the map before it leaves the screen (with the keys on the map, h and ← pan).
    if context.map.isFocused {
      context.map.isFocused = false
      context.say("Keys on the list (Tab: the map)")
      return .handled
    }
    if key == .escape, let target = screen as? Searchable, !target.query.isEmpty {
      target.setQuery("")
      return .handled
    }
    guard navigator.stack.count > 1 else {
      context.say(
        "\(KeyCommand.name(of: key)): the categories are the first screen, nothing is behind them (q quits)")
      return .handled
    }
    return .pop
  }

  private func refresh() {
    if context.latestCatalog.isFinalRange {
      context.say(
        "Nothing to refresh: this past range was downloaded after it ended, so it is final (> comes back to today)"
      )
    } else if context.catalogModel.isOnline {
      context.catalogModel.refresh()
    } else {
      context.say(
        "Offline (--offline): nothing to refresh; start without --offline to download", isError: true)
    }
  }

  private func openSearch() {
    if let target = screen as? Searchable & Screen {
      search = SearchField(target: target, keymap: keymap) { [unowned self] command, key in
        if let binding = screen.bindings().first(where: { $0.command == command }) {
          perform(binding.action(key))
        }
      }
    } else {
      context.say("Search works on the categories and events lists")
    }
  }

  /// The config's places, to filter by one.
  private func openPlaces() {
    guard !places.isEmpty else {
      context.say("No places: name some in the config's [places] (see man ourplanet)")
      return
    }
    overlay = PlacePicker(places: places, closeKeys: keymap.keys(for: .places), theme: context.theme) {
      [unowned self] place in
      context.region.accept(place.region)
      context.say("Only events \(place.region.label) (\(place.name)); F clears the region")
    }
  }

  /// The map's `f` set `region`: a line for a name saves it as a place of `file`, off the main
  /// thread; the place is in `p` at once and in `--near NAME` from the next run.
  private func offerToSave(_ region: Region, in file: String) {
    overlay = PlaceNamePrompt(taken: places.map(\.name), theme: context.theme) { [unowned self] name in
      context.say("Saving '\(name)' in \(file)…")
      let main = context.mainScheduler
      let messages = context.messages
      _ = context.exportScheduler.schedule(()) { [weak self] _ in
        let outcome = Result { () throws(ConfigurationError) in
          try PlaceWriter.save(name: name, region: region, to: file)
        }
        _ = main.schedule(()) { _ in
          self?.placeSaved(outcome, file: file)
          return Disposables.create()
        }
        if case .failure(let error) = outcome { messages.post("The place was not saved: \(error)") }
        return Disposables.create()
      }
    }
  }

  /// What saving a place came to: the place joins `p` and becomes the region filter (rounded as
  /// the file has it), or the failure is said.
  private func placeSaved(_ outcome: Result<Configuration.Place, ConfigurationError>, file: String) {
    switch outcome {
    case .success(let place):
      places.append(place)
      context.region.accept(place.region)
      context.say(
        "Saved place '\(place.name)' in \(file):\(place.line): p lists it, --near \(place.name) takes it")
    case .failure(let error):
      context.say("The place was not saved: \(error)", isError: true)
    }
    rememberChanges()
  }

  // MARK: - Filters

  /// `x`: open and closed → open → closed → open and closed.
  private func cycleStatus() {
    var filters = context.filters.value
    filters.status = ScopeFilters.nextStatus(after: filters.status)
    context.filters.accept(filters)
    switch filters.status {
    case .all: context.say("Open and closed events")
    case .open: context.say("Only open events (x: only closed)")
    case .closed: context.say("Only closed events (x: open and closed)")
    }
  }

  /// `X`: every filter off but the days, saying which were on.
  private func clearFilters() {
    guard let cleared = ScopeSummary.cleared(context.filters.value, region: context.region.value) else {
      return context.say("No filter to clear: only the days are set")
    }
    context.filters.accept(.none)
    if context.region.value != nil { context.region.accept(nil) }
    context.say(cleared)
  }

  /// `v`: the filter form over the current values; Enter applies what it holds.
  private func openFilterForm() {
    let catalog = context.latestCatalog
    var units = Set<String>()
    var sourceCounts: [String: Int] = [:]
    // Every event the slider can reach, each once, whatever the other filters: what the form can
    // offer to filter by.
    catalog.forEachEvent(in: EventScope(days: context.dayRange.upperBound)) { _, event, isFirst in
      guard isFirst else { return }
      if let unit = event.latestMagnitude?.unit, !unit.isEmpty { units.insert(unit) }
      for id in Set(event.sources.map(\.id)) { sourceCounts[id, default: 0] += 1 }
    }
    let form = FilterForm(
      days: context.days.value, dayRange: context.dayRange, filters: context.filters.value,
      region: context.region.value, units: units.sorted(), kinds: magnitudeKinds,
      sources: sourceCounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, places: places,
      alertsOnly: context.alerts.isEmpty ? nil : context.alertsOnly.value)
    overlay = FilterFormOverlay(form: form, theme: context.theme) { [unowned self] outcome in
      applyFilters(outcome)
    }
  }

  /// Applies what the form held, changing only what changed.
  private func applyFilters(_ outcome: FilterForm.Outcome) {
    if outcome.days != context.days.value { context.days.accept(outcome.days) }
    if outcome.region != context.region.value { context.region.accept(outcome.region) }
    if outcome.filters != context.filters.value { context.filters.accept(outcome.filters) }
    if outcome.alertsOnly != context.alertsOnly.value, !context.alerts.isEmpty {
      context.alertsOnly.accept(outcome.alertsOnly)
    }
    let scope = context.scope
    let parts = ScopeSummary.filterParts(
      of: scope, placeName: scope.region.flatMap(context.placeName(for:)), ascii: context.ascii)
    context.say(
      "Filters: " + (parts.isEmpty ? "none" : parts.joined(separator: ScopeSummary.separator))
        + ScopeSummary.separator + scope.window.phrase
        + (context.alertsOnly.value ? ScopeSummary.separator + "alerts only" : ""))
  }

  private func clearRegion() {
    if context.region.value == nil {
      context.say("No region filter to clear")
    } else {
      context.region.accept(nil)
      context.say("Region filter cleared: the whole world")
    }
  }

  // MARK: - Remembered settings

  /// The settings the UI remembers, as the screens show them now.
  private func currentSettings() -> RememberedSettings {
    // Several categories together are this session's: the category remembered is a single one.
    let open = navigator.stack.lazy.compactMap { $0 as? EventsScreen }.first.flatMap {
      $0.categories == nil ? $0.categoryID : nil
    }
    return RememberedSettings(
      days: context.days.value, sort: context.sort.value,
      region: context.region.value.map { region in
        // A place's name when the region is one, so a place the config moves moves with it.
        places.first { $0.region == region }?.name ?? Configuration.Place.text(for: region)
      },
      category: open ?? pendingCategory, map: context.map.isShown, image: context.imagery?.isShown)
  }

  /// Remembers each setting the last key changed (and only those: one the command line set stays
  /// as the file had it, unless the user changes it here).
  private func rememberChanges() {
    let now = currentSettings()
    guard now != shown else { return }
    if now.days != shown.days { remembered.days = now.days }
    if now.sort != shown.sort { remembered.sort = now.sort }
    if now.region != shown.region { remembered.region = now.region }
    if now.category != shown.category { remembered.category = now.category }
    if now.map != shown.map { remembered.map = now.map }
    if now.image != shown.image { remembered.image = now.image }
    shown = now
    memory?.remember(remembered)
  }

  /// Opens the remembered category once a catalog names it, unless the user has opened one first.
  private func restoreCategory(_ catalog: Catalog) {
    guard let id = pendingCategory, !catalog.items.isEmpty else { return }
    pendingCategory = nil
    guard navigator.stack.count == 1 else { return }
    guard id == EventListViewModel.allCategoriesID || catalog.item(id: id) != nil else {
      context.messages.post("The remembered category '\(id)' is not in the catalog: showing the categories")
      return
    }
    perform(.push(EventsScreen(categoryID: id, context: context)))
  }

  // MARK: - Data

  private func catalogChanged(_ catalog: Catalog) {
    restoreCategory(catalog)
    context.latestCatalog = catalog
    context.host.isAnimating = catalog.isLoading
    for message in catalog.messages(since: postedFailures) { context.messages.post(message) }
    postedFailures = catalog.messagesAdded
    context.host.setNeedsRedraw()
  }

  // MARK: - Drawing

  /// The screen's header text in the fullest form that `crumbs` leave room for in `width` (the
  /// screen decides what gives way first), the last form cut with an ellipsis when none fits.
  private func headerRight(beside crumbs: [String], width: Int, symbols: Symbols) -> String {
    let header = screen.header
    let room = width - DisplayWidth.of(crumbs.joined(separator: symbols.breadcrumbSeparator)) - 2
    guard room >= Self.shortestHeaderText else { return header.full }
    return header.fitting(room, ellipsis: symbols.ellipsis)
  }

  /// Below this many columns the header's right text is left out rather than cut.
  private static let shortestHeaderText = 12

  /// Draws the whole screen into `buffer`.
  public func render(into buffer: inout CellBuffer) {
    let (headerRect, rest) = buffer.bounds.splitTop(1)
    let (content, statusRect) = rest.splitBottom(1)
    let crumbs = ["OurPlanet"] + navigator.stack.map(\.breadcrumb).filter { !$0.isEmpty }
    HeaderView(
      breadcrumbs: crumbs,
      rightText: headerRight(beside: crumbs, width: headerRect.width, symbols: buffer.symbols),
      theme: context.theme
    )
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
          hint, at: Point(x: split.bottom.x + used, y: split.bottom.y), style: context.theme.secondary)
      }
    }
    screen.render(into: &buffer, rect: body)
    status.line(position: screen.position, alertCount: screen.alertCount).render(
      into: &buffer, rect: statusRect)
    overlay?.render(into: &buffer, rect: content)
  }
}
