import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI

@testable import OurPlanetUI

/// A terminal that is a cell buffer: the screens render into it and tests read it back.
final class HeadlessHost: AppHost {
  let symbols: Symbols
  var theme = Theme.dark
  var animationTick = 0
  var isAnimating = false
  private(set) var redraws = 0
  private(set) var stopped = false
  /// How many times the bell rang.
  private(set) var bells = 0

  init(symbols: Symbols = .unicode) {
    self.symbols = symbols
  }

  func setNeedsRedraw() { redraws += 1 }
  func redrawAll() { redraws += 1 }
  func stop() { stopped = true }
  /// What the app handed to the clipboard, in order.
  private(set) var clipboard: [String] = []
  func copyToClipboard(_ text: String) -> Bool {
    clipboard.append(text)
    return true
  }
  func ringBell() { bells += 1 }
}

/// A feed whose answers are virtual-time test observables.
final class ScriptedFeed: EventFeed, @unchecked Sendable {
  // Only used on the test's thread, inside TestScheduler runs.
  var storedCatalog: Catalog
  var categories: Observable<[EOCategory]>
  var events: [String: Observable<[EOEvent]>]
  /// Answers for later refreshes, by category: the first refresh uses `events`.
  var laterEvents: [String: Observable<[EOEvent]>] = [:]
  /// Answers for the refreshes after the first, in turn, by category (the last one repeats);
  /// before `laterEvents`.
  var laterEventSequence: [String: [[EOEvent]]] = [:]
  private var calls: [String: Int] = [:]
  var fetchedAt: Date
  /// The answer to ``sources()``: nothing unless a test gives one.
  var sourceLists: Observable<[EOSourceInfo]> = .empty()

  init(
    stored: Catalog = .empty, categories: Observable<[EOCategory]>, events: [String: Observable<[EOEvent]>],
    fetchedAt: Date = Fixture.reference
  ) {
    self.storedCatalog = stored
    self.categories = categories
    self.events = events
    self.fetchedAt = fetchedAt
  }

  func stored() -> Observable<Catalog> { .just(storedCatalog) }
  func sources() -> Observable<[EOSourceInfo]> { sourceLists }
  func liveCategories() -> Observable<[EOCategory]> { categories }
  func refreshUpdates() -> Observable<EORefreshUpdate> {
    EONETClient.refresh(categories: liveCategories(), load: liveEvents(of:))
  }
  func liveEvents(of category: EOCategory) -> Observable<EOFetched<[EOEvent]>> {
    let fetchedAt = self.fetchedAt
    calls[category.id, default: 0] += 1
    let call = calls[category.id] ?? 1
    let sequence = laterEventSequence[category.id] ?? []
    let answer =
      call == 1
      ? events[category.id]
      : !sequence.isEmpty
        ? .just(sequence[min(call - 2, sequence.count - 1)])
        : (laterEvents[category.id] ?? events[category.id])
    return (answer ?? .error(EONETError.httpStatus(url: "u", status: 404)))
      .map { EOFetched(value: $0, source: .live, fetchedAt: fetchedAt) }
  }
}

enum Fixture {
  static let reference = Date(timeIntervalSince1970: 1_762_560_000)  // 2025-11-08 00:00 UTC
  static let fires = EOCategory(id: "wildfires", title: "Wildfires")
  static let storms = EOCategory(id: "severeStorms", title: "Severe Storms")
  static let ice = EOCategory(id: "seaLakeIce", title: "Sea and Lake Ice")

  static func event(
    _ id: String, daysAgo: Double, title: String? = nil, category: EOCategory = fires,
    magnitude: (Double, String)? = nil, description: String? = nil
  ) -> EOEvent {
    EOEvent(
      id: id, title: title ?? "Event \(id)", description: description, link: "https://eonet.example/\(id)",
      categories: [category], sources: [EOSource(id: "SRC", url: "https://source.example/\(id)")],
      geometries: [
        EOGeometry(
          date: reference.addingTimeInterval(-daysAgo * 86_400),
          shape: .point(EOCoordinate(longitude: -100, latitude: 40)),
          magnitude: magnitude.map { EOMagnitude(value: $0.0, unit: $0.1) })
      ])
  }

  /// A wildfire of `acres` at one point, with no link or sources: the news and alert tests' event.
  static func fire(_ id: String, daysAgo: Double, acres: Double = 100) -> EOEvent {
    EOEvent(
      id: id, title: "Fire \(id)", categories: [fires],
      geometries: [
        EOGeometry(
          date: reference.addingTimeInterval(-daysAgo * 86_400),
          shape: .point(EOCoordinate(longitude: -100, latitude: 40)),
          magnitude: EOMagnitude(value: acres, unit: "acres"))
      ])
  }
}

/// An app shell on a headless host in virtual time, with helpers to press keys and read the screen.
final class ShellHarness {
  let scheduler = TestScheduler(initialClock: 0)
  let host: HeadlessHost
  let messages = MessageLog(clock: { Fixture.reference })
  var shell: AppShell!
  var size: Size
  /// Where `e` and `E` write when the test names no folder: its own, removed with the harness, so
  /// a test pressing every key leaves nothing in the working folder.
  private let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("ourplanet-ui-\(UUID().uuidString)", isDirectory: true)

  init(
    symbols: Symbols = .unicode, size: Size = Size(width: 100, height: 30),
    options: AppOptions = AppOptions(),
    beforeShell: (MessageLog) -> Void = { _ in },
    openLink: @escaping LinkOpening = { _, completion in completion(nil) }, exportDirectory: URL? = nil,
    keymap: Keymap = .standard, theme: Theme = .dark,
    imagery: ((TestScheduler) -> ImageryClient)? = nil, layers: ImageryLayers = ImageryLayers(names: []),
    feed: (TestScheduler) -> EventFeed
  ) {
    host = HeadlessHost(symbols: symbols)
    host.theme = theme
    self.size = size
    beforeShell(messages)
    shell = AppShell(
      host: host, feed: feed(scheduler), options: options, messages: messages, mainScheduler: scheduler,
      backgroundScheduler: scheduler, openLink: openLink,
      seen: SeenTracker(file: nil, messages: nil), clock: { Fixture.reference },
      exportDirectory: exportDirectory ?? scratch,
      exportScheduler: scheduler, keymap: keymap, imagery: imagery?(scheduler), layers: layers)
  }

  deinit { try? FileManager.default.removeItem(at: scratch) }

  /// Lets virtual time run to `time`, then draws a frame, as the main loop does.
  func advance(to time: Int) {
    scheduler.advanceTo(time)
    _ = lines
  }

  /// Presses keys, letting a tick pass and a frame be drawn after each (the main loop's turn:
  /// keys, the main scheduler's work, then a redraw).
  func press(_ keys: Key...) {
    for key in keys {
      shell.handle(key)
      advance(to: scheduler.clock + 1)
    }
  }

  /// Types text.
  func type(_ text: String) {
    for character in text { press(.char(character)) }
  }

  /// The screen, one string per row, trailing blanks trimmed.
  var lines: [String] {
    buffer.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// The screen's cells, styles and all.
  var buffer: CellBuffer {
    var buffer = CellBuffer(size: size, symbols: host.symbols)
    shell.render(into: &buffer)
    return buffer
  }

  var screen: String { lines.joined(separator: "\n") }
  var statusLine: String { lines.last ?? "" }
  var header: String { lines.first ?? "" }
}

extension ShellHarness {
  /// The app on stored data whose refresh cannot reach the server (offline since the reference).
  static func offline(width: Int) -> ShellHarness {
    let stored = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [Fixture.event("old", daysAgo: 2, title: "Stored Fire")],
        fetchedAt: Fixture.reference.addingTimeInterval(-3_600), source: .live, state: .done)
    ])
    let app = ShellHarness(size: Size(width: width, height: 30)) { scheduler in
      let feed = ScreenTests().standardFeed(scheduler)
      feed.storedCatalog = stored
      feed.categories = scheduler.createColdObservable([
        .error(5, EONETError.transport(url: "http://127.0.0.1:9/categories", message: "connection refused"))
      ]).asObservable()
      return feed
    }
    app.advance(to: 100)
    return app
  }
}
