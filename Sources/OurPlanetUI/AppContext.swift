import Dispatch
import EONETKit
import Foundation
import OurPlanet
import RxCore
import TerminalUI

/// Opens a link without blocking: calls back (on any thread) with a failure message, or `nil` once
/// the opener ran successfully.
public typealias LinkOpening =
  @Sendable (_ url: String, _ completion: @escaping @Sendable (String?) -> Void) -> Void

/// What every screen shares: the host, the catalog, the days window, the map, the schedulers and
/// the messages. Everything here is used on the main thread only.
final class AppContext {
  let host: AppHost
  let catalogModel: CatalogViewModel
  /// The catalog, delivered on the main scheduler, replaying the latest to each new screen.
  let catalog: Observable<Catalog>
  /// The latest catalog (kept by the shell).
  var latestCatalog = Catalog.empty
  /// The days window all screens share.
  let days: BehaviorRelay<Int>
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
  /// Whether `m` has turned the world map on.
  var showMap = false
  /// The map, shared by the events and detail screens.
  var map = MapPane()
  /// Whether keys go to the map (Tab) rather than the list.
  var mapFocused = false

  /// The hint shown when the map takes the focus.
  static let mapHint =
    "Map: + - zoom, arrows/hjkl pan, 0 reset, c centre, Space next marker, f filter to view, Tab list"

  /// Handles a mouse event over the map: the wheel zooms, a drag pans, a click picks a marker.
  ///
  /// - Returns: `nil` when the event is not over a shown map, else the event picked (or `""`).
  func handleMapMouse(_ event: MouseEvent) -> String? {
    guard showMap, let rect = map.lastRect, rect.contains(event.point) else { return nil }
    switch event.kind {
    case .wheelUp: map.zoom(by: 2)
    case .wheelDown: map.zoom(by: 0.5)
    case .drag(let from):
      guard rect.contains(from) else { return nil }
      map.pan(columns: from.x - event.point.x, rows: from.y - event.point.y)
    case .click, .doubleClick:
      return map.eventID(at: event.point) ?? ""
    }
    return ""
  }

  /// Handles `key` on the focused map of a screen whose selection is `selected`.
  ///
  /// - Returns: `nil` when it is not a map key (or the map is not focused), else the event picked
  ///   (or `""` when the map only moved).
  func handleMapKey(_ key: Key, selected: EOEvent?) -> String? {
    guard showMap, mapFocused else { return nil }
    switch key {
    case .char("f"):
      guard let region = map.visibleRegion else {
        say("Zoom in first (+): the whole world is no region")
        return ""
      }
      self.region.accept(region)
      say("Only events \(region.label); F clears the region")
      return ""
    default:
      break
    }
    switch map.handle(key, selected: selected) {
    case .moved: return ""
    case .picked(let id): return id
    case .ignored: return nil
    }
  }
  /// A one-line answer to the last key ("Opening …", "Nothing to refresh offline"), cleared by the
  /// next key.
  var notice: (text: String, isError: Bool)?

  init(
    host: AppHost, catalogModel: CatalogViewModel, days: BehaviorRelay<Int>, dayRange: ClosedRange<Int>,
    mainScheduler: SchedulerType, messages: MessageLog, openLink: @escaping LinkOpening, seen: SeenTracker,
    clock: @escaping @Sendable () -> Date, region: Region?, sort: EventSort
  ) {
    self.region = BehaviorRelay(value: region)
    self.sort = BehaviorRelay(value: sort)
    self.seen = seen
    self.clock = clock
    self.host = host
    self.catalogModel = catalogModel
    // The first launch's baseline is taken before any screen sees a catalog, so no frame ever
    // counts as new what the first refresh brought.
    self.catalog = catalogModel.catalog.asObservable()
      .observe(on: mainScheduler)
      .do(onNext: { [seen, catalogModel] catalog in
        seen.absorbBaseline(catalog, online: catalogModel.isOnline)
      })
      .share(replay: 1, scope: .whileConnected)
    self.days = days
    self.dayRange = dayRange
    self.mainScheduler = mainScheduler
    self.messages = messages
    self.openLink = openLink
  }

  var symbols: Symbols { host.symbols }
  var ascii: Bool { host.symbols.isASCII }

  /// Shows `text` on the status line until the next key.
  func say(_ text: String, isError: Bool = false) {
    notice = (text, isError)
    host.setNeedsRedraw()
  }

  /// Writes `events` as `format` beside the user, off the main thread; the outcome reaches the status
  /// line and the messages.
  func export(_ events: [EOEvent], as format: EventExport.Format, name: String) {
    let directory = exportDirectory
    let day = Formatting.day(clock())
    let messages = self.messages
    say("Writing \(Formatting.count(events.count, "event")) as \(format.rawValue)…")
    DispatchQueue.global(qos: .userInitiated).async {
      switch ExportFile.write(events, as: format, name: name, day: day, directory: directory) {
      case .success(let file):
        messages.post("Wrote \(Formatting.count(events.count, "event")) to \(file) in \(directory.path)")
      case .failure(let error):
        messages.post("Export failed: \(error.message)")
      }
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
