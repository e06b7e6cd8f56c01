import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import Support
import TerminalUI

/// Opens a link without blocking: calls back (on any thread) with a failure message, or `nil` once
/// the opener ran successfully.
package typealias LinkOpening =
  @Sendable (_ url: String, _ completion: @escaping @Sendable (String?) -> Void) -> Void

/// What the screens share: the host, the catalog, the days window, the map, the schedulers and the
/// messages. Everything here is used on the main thread only.
final class AppContext {
  let host: AppHost
  let catalogModel: CatalogViewModel
  /// The catalog, delivered on the main scheduler, replaying the latest to each new screen.
  let catalog: Observable<Catalog>
  /// The latest catalog (kept by the shell).
  var latestCatalog = Catalog.empty
  /// The days window all screens share.
  let days: BehaviorRelay<Int>
  /// Where the window ends: a past range (`--from`/`--to`, `<` and `>`), `nil` for up to now.
  let rangeEnd: BehaviorRelay<Date?>
  /// Where the data comes from, moved to another range by `<` and `>`.
  private let feed: EventFeed
  /// The slider's bounds.
  let dayRange: ClosedRange<Int>
  /// The main-thread scheduler (virtual time in tests).
  let mainScheduler: SchedulerType
  /// Every message of the session.
  let messages: MessageLog
  /// Opens links.
  let openLink: LinkOpening
  /// What the user has seen.
  let seen: SeenTracker
  /// The wall clock (for "next refresh" times).
  let clock: @Sendable () -> Date
  /// Where `e` and `E` write their exports.
  var exportDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  /// The region filter (`--near`, `--bbox`, or the map's view).
  let region: BehaviorRelay<Region?>
  /// The events list's order (`s` cycles it).
  let sort: BehaviorRelay<EventSort>
  /// The status, magnitude, sources and marked categories (`x`, the form `v`, Space on the
  /// categories, `X` clears them).
  let filters: BehaviorRelay<ScopeFilters>
  /// Whether the lists show only the events an alert rule marks (`a`, the form `v`).
  let alertsOnly = BehaviorRelay<Bool>(value: false)
  /// The config's named places (the region row of the form and `p` offer them), with those the
  /// map's `f` saved.
  var places: [Configuration.Place] = []
  /// What every screen counts and lists: the shared days window (and its end, for a past range),
  /// region and filters, as one scope. The one place the UI's filters meet; a filter the user can
  /// change joins here.
  var scope: EventScope {
    Self.scope(days: days.value, end: rangeEnd.value, region: region.value, filters: filters.value)
  }
  /// ``scope`` as it changes, a new value per change of the window, its end, the region or the
  /// filters, at once: only the main thread writes them (keys, the mouse, the place picker, the
  /// form), so a screen opened has its scope on its first frame.
  private(set) lazy var scopes: Observable<EventScope> = Observable.combineLatest(
    days.asObservable().distinctUntilChanged(), rangeEnd.asObservable().distinctUntilChanged(),
    region.asObservable(), filters.asObservable()
  ) { days, end, region, filters in Self.scope(days: days, end: end, region: region, filters: filters) }

  /// The scope of these filters.
  private static func scope(days: Int, end: Date?, region: Region?, filters: ScopeFilters) -> EventScope {
    var scope = EventScope(days: days, region: region)
    scope.window.end = end
    return filters.applied(to: scope)
  }
  /// The config's alert rules: the lists and the map mark the events they match.
  let alerts: AlertRules
  /// The world map the events and detail screens share; its markers are flagged as the lists'
  /// rows are.
  private(set) lazy var map: MapController = {
    let map = MapController(region: region, theme: theme) { [unowned self] text in say(text) }
    if !alerts.isEmpty { map.pane.isFlagged = alerts.marks }
    return map
  }()
  /// Where exports are written: off the main thread, at a priority below the UI's.
  let exportScheduler: SchedulerType
  /// The titles of EONET's sources by id, from the feed's list (live when loaded, else stored);
  /// empty until it arrives.
  let sourceTitles = BehaviorRelay<[String: String]>(value: [:])
  /// The detail's satellite image (`nil` with `--imagery off`).
  var imagery: ImageryPane?

  /// A one-line answer to the last key ("Opening …", "Nothing to refresh offline"), cleared by the
  /// next key.
  var notice: (text: String, isError: Bool)?

  init(
    host: AppHost, catalogModel: CatalogViewModel, feed: EventFeed, rangeEnd: Date?, days: BehaviorRelay<Int>,
    dayRange: ClosedRange<Int>,
    mainScheduler: SchedulerType, messages: MessageLog, openLink: @escaping LinkOpening, seen: SeenTracker,
    clock: @escaping @Sendable () -> Date, region: Region?, sort: EventSort, exportScheduler: SchedulerType,
    alerts: AlertRules = AlertRules(), filters: ScopeFilters = .none
  ) {
    self.alerts = alerts
    self.filters = BehaviorRelay(value: filters)
    self.region = BehaviorRelay(value: region)
    self.sort = BehaviorRelay(value: sort)
    self.seen = seen
    self.clock = clock
    self.host = host
    self.catalogModel = catalogModel
    self.catalog = catalogModel.catalog.asObservable()
      .observe(on: mainScheduler)
      .share(replay: 1, scope: .whileConnected)
    self.days = days
    self.rangeEnd = BehaviorRelay(value: rangeEnd)
    self.feed = feed
    self.dayRange = dayRange
    self.mainScheduler = mainScheduler
    self.messages = messages
    self.openLink = openLink
    self.exportScheduler = exportScheduler
  }

  /// The config's name for `region`, when it is one of its places.
  func placeName(for region: Region) -> String? {
    places.first { $0.region == region }?.name
  }

  /// Moves the window `steps` times its own length through time (`<` back, `>` forward): a past
  /// range of the same length, loaded as the slider's whole range ending there; forward past today
  /// comes back to the last days up to now.
  func moveRange(by steps: Int) {
    let end = EventWindow(days: days.value, end: rangeEnd.value).moved(by: steps, now: clock()).end
    guard end != rangeEnd.value else {
      return say("Already at today: < goes back \(Formatting.count(days.value, "day"))", isError: true)
    }
    rangeEnd.accept(end)
    catalogModel.load(feed.moved(to: EventWindow(days: dayRange.upperBound, end: end)))
    say("Showing \(EventWindow(days: days.value, end: end).phrase)")
  }

  /// Takes the answer away when it has been shown long enough.
  private let noticeExpiry = SerialDisposable()
  /// Hears each answer as it is given (the status line keeps them for `!`), on the main thread,
  /// without the hop a posted message takes.
  var answered: ((String) -> Void)?

  /// Shows `text` on the status line until the next key, or for
  /// ``StatusPresenter/freshSeconds`` seconds, and keeps it for `!` (a line cut on the status line
  /// can be read there whole).
  func say(_ text: String, isError: Bool) {
    notice = (text, isError)
    answered?(text)
    noticeExpiry.disposable = Observable<Int>.timer(
      .seconds(StatusPresenter.freshSeconds), scheduler: mainScheduler
    )
    .subscribe(onNext: { [unowned self] _ in
      notice = nil
      host.setNeedsRedraw()
    })
    host.setNeedsRedraw()
  }

  /// Writes `events` as `format` beside the user, off the main thread; the outcome reaches the status
  /// line and the messages.
  func export(_ events: [EOEvent], as format: EventExport.Format, name: String) {
    let directory = exportDirectory
    let day = Formatting.day(clock())
    // The records every writer makes: with a point to measure from, distance and bearing too.
    let point = region.value?.centre
    let messages = self.messages
    say("Writing \(Formatting.count(events.count, "event")) as \(format.rawValue)…")
    _ = exportScheduler.schedule(()) { _ in
      switch ExportFile.write(events, as: format, name: name, day: day, directory: directory, from: point) {
      case .success(let file):
        messages.post(
          "Wrote \(Formatting.count(events.count, "event")) to \(file) in \(directory.path)", kind: .note)
      case .failure(let error):
        messages.post("Export failed: \(error.message)")
      }
      return Disposables.create()
    }
  }

  /// Copies the event's EONET link through the terminal, and says so (the terminal cannot answer
  /// whether it took it: tmux needs `set-clipboard on`).
  func copyLink(of event: EOEvent?) {
    guard let event else { return say("No event selected", isError: true) }
    guard let link = event.link.map(TextSanitizer.strippingControls), !link.isEmpty else {
      return say("This event has no EONET link", isError: true)
    }
    if host.copyToClipboard(link) {
      say("Copied \(link) (through the terminal)")
    } else {
      say("This link is too long to copy", isError: true)
    }
  }

  /// Opens `url` with the desktop's opener; a failure reaches the status line and the messages.
  func open(_ url: String) {
    say("Opening \(url)")
    let messages = self.messages
    openLink(url) { failure in
      if let failure { messages.post(failure) }
    }
  }
}
