import Dispatch
import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import RxCore
import RxTesting
import Support
import TerminalUI
import TestSupport

/// The app's own work with the real 5,662-event dump (the bundled snapshot): loading it into the first
/// frame, and a slider step or a list move on the 5,580 wildfires, each as far as a rendered frame.
/// One line per case, plus the peak resident memory of this process.
func runAppBenchmarks() {
  guard let snapshot = try? EONETSnapshot.locate() else {
    print("app                 skipped: the bundled snapshot was not found")
    return
  }
  let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-bench-\(UUID())")
  defer { try? FileManager.default.removeItem(at: empty) }
  let size = Size(width: 120, height: 40)

  // Start-up: stored data (here the snapshot) to the first complete frame of the categories list.
  var catalog = Catalog.empty
  let startup = best(of: 5) {
    let client = EONETClient(
      configuration: EONETClient.Configuration(cacheDirectory: empty, offline: true, snapshot: snapshot))
    catalog = waitForFirst(LiveEventFeed(client: client).stored()) ?? .empty
    var list = ListView(rows: catalog.items.map { Rows.category($0, scope: EventScope(days: 30)) })
    var buffer = CellBuffer(size: size)
    list.render(into: &buffer, rect: buffer.bounds)
  }
  print(
    "app.first_frame     \(format(startup * 1000, 1)) ms from stored data to the categories frame "
      + "(\(catalog.eventCount(in: EventScope(days: 36_500))) events; excludes process launch and curses set-up)"
  )

  // A keypress on the events screen: the slider moves, the list is filtered, rebuilt and drawn.
  runEventsScreenBenchmarks(catalog, size: size)
  // The whole dump (every event of the snapshot, whatever its age) for the All screen and export.
  let everything =
    waitForFirst(
      LiveEventFeed(
        client: EONETClient(
          configuration: EONETClient.Configuration(cacheDirectory: empty, offline: true, snapshot: snapshot)),
        days: 36_500
      ).stored()) ?? .empty
  runAllScreenBenchmarks(everything, scale: 1, size: size)
  let tenfoldCatalog = tenfold(everything)
  runAllScreenBenchmarks(tenfoldCatalog, scale: 10, size: size)
  // The slider's range of the 10x data, as the app holds it.
  var inRange = tenfoldCatalog
  inRange.items = tenfoldCatalog.items.map { item in
    CategoryItem(
      category: item.category, events: Array(item.events(inLast: 360)), fetchedAt: item.fetchedAt,
      source: item.source, state: item.state)
  }
  runRefreshUpdatesBenchmark(inRange, size: size)
  runExportBenchmark(everything)
  let peak = peakResidentMegabytes().map { format($0, 1) } ?? "?"
  print("app.peak_rss        \(peak) MB (this benchmark process, VmHWM)")
}

/// A keypress on the wildfires events screen: a slider step (the list filtered, rebuilt and drawn)
/// and a list move, each to the redrawn frame.
private func runEventsScreenBenchmarks(_ catalog: Catalog, size: Size) {
  let relay = BehaviorRelay(value: catalog)
  let days = BehaviorRelay(value: 30)
  let model = EventListViewModel(
    categoryID: "wildfires", catalog: relay.asObservable(), days: days, dayRange: 1...360,
    scheduler: SerialDispatchQueueScheduler(qos: .userInteractive))
  var list = ListView()
  var buffer = CellBuffer(size: size)
  var shown = 0
  let subscription = model.state.subscribe(onNext: { state in
    drawEvents(state, list: &list, buffer: &buffer)
    shown = state.events.count
  })
  // The mean over steps that alternate between the narrowest and the widest window, so each one
  // refilters, re-sorts and redraws a different list.
  let steps = 40
  var widest = 0
  let slider = medianMean(of: steps) {
    for index in 0..<steps {
      model.adjustDays(by: index % 2 == 0 ? 360 : -360)
      widest = max(widest, shown)
    }
  }
  print(
    "app.slider_step     \(format(slider * 1000, 2)) ms per step to the redrawn frame "
      + "(1 day ↔ 360 days of \(widest) wildfires, median of 5 means of \(steps))")
  let move = best(of: 200) {
    _ = list.handle(key: .down)
    list.render(into: &buffer, rect: buffer.bounds)
  }
  print("app.list_move       \(format(move * 1000, 3)) ms per ↓ to the redrawn frame")
  subscription.dispose()
}

/// The median over 5 runs of `work`'s time per step (`steps` steps a run), in seconds: one run is
/// a few milliseconds, and a single preemption on this shared machine would dominate it.
func medianMean(of steps: Int, _ work: () -> Void) -> Double {
  median(
    (0..<5).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      work()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(steps)
    })
}

/// Exporting the whole snapshot as CSV and as GeoJSON.
private func runExportBenchmark(_ catalog: Catalog) {
  let events = catalog.mergedEvents(in: EventScope(days: 36_500)).events
  let csv = best(of: 5) { _ = EventExport.render(events, as: .csv) }
  let geojson = best(of: 5) { _ = EventExport.render(events, as: .geojson) }
  print(
    "app.export          \(format(csv * 1000, 1)) ms CSV, \(format(geojson * 1000, 1)) ms GeoJSON for "
      + "\(Formatting.count(events.count)) events")
}

/// Ten copies of every category's events, ids and positions shifted: today's data ten times over.
func tenfold(_ catalog: Catalog) -> Catalog {
  var copy = catalog
  copy.items = catalog.items.map { item in
    var events: [EOEvent] = []
    for copyIndex in 0..<10 {
      for event in item.events {
        let shifted = event.geometries.map { geometry -> EOGeometry in
          guard let center = geometry.center else { return geometry }
          let position = EOCoordinate(
            longitude: max(-180, min(180, center.longitude + Double(copyIndex) * 0.1)),
            latitude: center.latitude)
          return EOGeometry(date: geometry.date, shape: .point(position), magnitude: geometry.magnitude)
        }
        events.append(
          EOEvent(
            id: "\(event.id)-\(copyIndex)", title: event.title, description: event.description,
            link: event.link,
            closed: event.closed, categories: event.categories, sources: event.sources, geometries: shifted))
      }
    }
    return CategoryItem(
      category: item.category, events: events, fetchedAt: item.fetchedAt, source: item.source,
      state: item.state)
  }
  return copy
}

/// Draws an events list as the events screen does: rows are made only for what the frame shows (the
/// list keeps its selection, the screen draws one page), each with its category on All.
func drawEvents(_ state: EventListState, tagged: Bool = false, list: inout ListView, buffer: inout CellBuffer)
{
  let events = state.events
  list.replaceRows(
    count: events.count, glyphWidth: Rows.eventGlyphWidth, id: { events[$0].id },
    row: { Rows.event(events[$0], tagged: tagged) })
  list.render(into: &buffer, rect: buffer.bounds)
}

/// Subscribes and blocks until the first element (or the end) of `source`.
func waitForFirst<Element: Sendable>(_ source: Observable<Element>) -> Element? {
  let first = OneShot<Element?>()
  let subscription = source.take(1).subscribe(
    onNext: { first.fulfil($0) }, onError: { _ in first.fulfil(nil) }, onCompleted: { first.fulfil(nil) })
  let value = first.wait(timeout: .seconds(60)) ?? nil
  subscription.dispose()
  return value
}
