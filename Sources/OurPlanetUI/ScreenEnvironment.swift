import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// What every screen may use: the host (redraws, symbols), the main scheduler and the status line.
///
/// Each screen sees its own environment, one of the protocols below, never the whole
/// ``AppContext``: reading a screen's protocol says everything the screen can touch, and a test can
/// hand a screen a small fake. ``AppContext`` is the one implementation the app uses; it also makes
/// the screens a screen opens, so a screen never needs what only the next one uses.
protocol ScreenEnvironment: AnyObject {
  /// The terminal's side: redraws, symbols, the bell.
  var host: AppHost { get }
  /// The main-thread scheduler (virtual time in tests).
  var mainScheduler: SchedulerType { get }
  /// Shows `text` on the status line until the next key.
  func say(_ text: String, isError: Bool)
}

extension ScreenEnvironment {
  /// Shows `text` on the status line until the next key.
  func say(_ text: String) { say(text, isError: false) }

  /// Whether the terminal shows ASCII only.
  var ascii: Bool { host.symbols.isASCII }

  /// The styles every screen draws with.
  var theme: Theme { host.theme }
}

/// What the categories screen may use: the catalog and the shared window and region to count it
/// in, the seen marks, and the way to a category's events.
protocol CategoriesEnvironment: ScreenEnvironment {
  /// The catalog, on the main scheduler, replaying the latest to each new screen.
  var catalog: Observable<Catalog> { get }
  /// The scope all screens share (the days window, the region and the filters), now and as it
  /// changes.
  var scope: EventScope { get }
  var scopes: Observable<EventScope> { get }
  /// The filters, whose marked categories Space changes.
  var filters: BehaviorRelay<ScopeFilters> { get }
  /// The config's rules, and whether the lists show only the events they mark (shared).
  var alerts: AlertRules { get }
  var alertsOnly: BehaviorRelay<Bool> { get }
  /// What the user has seen.
  var seen: SeenTracker { get }
  /// The config's name for `region`, when it is one of its places (the header names it so).
  func placeName(for region: Region) -> String?
  /// The screen of one category's events (or of all, for ``EventListViewModel/allCategoriesID``).
  func eventsScreen(categoryID: String) -> Screen
  /// The screen of several categories' events together, each event once.
  func eventsScreen(categories: Set<String>) -> Screen
}

/// What an events screen may use: the catalog and the shared window, region and order, the seen
/// marks, the map, the alert rules, exports and links, and the way to an event's detail.
protocol EventsEnvironment: ScreenEnvironment {
  /// The catalog, on the main scheduler, replaying the latest to each new screen.
  var catalog: Observable<Catalog> { get }
  /// The latest catalog (for a title before the first state).
  var latestCatalog: Catalog { get }
  /// The days window all screens share, and the slider's bounds.
  var days: BehaviorRelay<Int> { get }
  var dayRange: ClosedRange<Int> { get }
  /// The scope all screens share, as it changes: the list applies its filters (the window is the
  /// slider's).
  var scopes: Observable<EventScope> { get }
  /// The region filter and the list's order, shared.
  var region: BehaviorRelay<Region?> { get }
  var sort: BehaviorRelay<EventSort> { get }
  /// What the user has seen.
  var seen: SeenTracker { get }
  /// The world map the events and detail screens share.
  var map: MapController { get }
  /// The rules whose matches the rows mark, and whether the lists show only those (shared).
  var alerts: AlertRules { get }
  var alertsOnly: BehaviorRelay<Bool> { get }
  /// The config's name for `region`, when it is one of its places (the header names it so).
  func placeName(for region: Region) -> String?
  /// Writes `events` as `format` off the main thread, saying how it went.
  func export(_ events: [EOEvent], as format: EventExport.Format, name: String)
  /// Copies the event's EONET link through the terminal.
  func copyLink(of event: EOEvent?)
  /// The detail of `event`, stepping through `list` with J and K, saying what changed since the
  /// event looked like `seen` (`nil`: never seen).
  func detailScreen(of event: EOEvent, seen: EventFingerprint?, in list: EventsScreen) -> Screen
}

/// What the detail screen may use: the map, the seen marks, and links.
protocol DetailEnvironment: ScreenEnvironment {
  /// The world map the events and detail screens share.
  var map: MapController { get }
  /// What the user has seen.
  var seen: SeenTracker { get }
  /// Copies the event's EONET link through the terminal.
  func copyLink(of event: EOEvent?)
  /// Opens `url` with the desktop's opener.
  func open(_ url: String)
  /// The titles of EONET's sources by id, as they load (empty until then): the detail names each
  /// source by its title.
  var sourceTitles: BehaviorRelay<[String: String]> { get }
  /// The satellite image pane (`nil` with `--imagery off`).
  var imagery: ImageryPane? { get }
  /// The config's alert rules: the detail names those an event matches.
  var alerts: AlertRules { get }
}

extension DetailEnvironment {
  /// No rules, unless the environment has some.
  var alerts: AlertRules { AlertRules() }
}

extension AppContext: CategoriesEnvironment, EventsEnvironment, DetailEnvironment {
  func eventsScreen(categoryID: String) -> Screen {
    EventsScreen(categoryID: categoryID, context: self)
  }

  func eventsScreen(categories: Set<String>) -> Screen {
    EventsScreen(categoryID: EventListViewModel.allCategoriesID, categories: categories, context: self)
  }

  func detailScreen(of event: EOEvent, seen: EventFingerprint?, in list: EventsScreen) -> Screen {
    DetailScreen(event: event, seen: seen, list: list, context: self)
  }
}
