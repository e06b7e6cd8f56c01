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

/// The All categories screen: a slider step, a search keystroke (which rebuilds the timeline too)
/// and a slider step with a region filter, each to the rows of the visible frame.
private func runAllScreenBenchmarks(_ catalog: Catalog, scale: Int, size: Size) {
  let label = scale == 1 ? "1x" : "\(scale)x"
  // Opening the screen: the merged list, its ages and folded titles, the window and the first page.
  // Each run opens fresh arrays of the events, so nothing worked out by an earlier run is reused.
  var shown = 0
  var opens: [Double] = []
  for _ in 0..<5 {
    var fresh = catalog
    fresh.items = catalog.items.map { item in
      CategoryItem(
        category: item.category, events: item.events.map { $0 }, fetchedAt: item.fetchedAt,
        source: item.source,
        state: item.state)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let scheduler = TestScheduler(initialClock: 0)
    let model = EventListViewModel(
      categoryID: EventListViewModel.allCategoriesID, catalog: .just(fresh),
      days: BehaviorRelay(value: 360),
      dayRange: 1...360, scheduler: scheduler)
    var list = ListView()
    var buffer = CellBuffer(size: size)
    let subscription = model.state.subscribe(onNext: { state in
      drawEvents(state, tagged: true, list: &list, buffer: &buffer)
      shown = state.windowCount
    })
    scheduler.advanceTo(1)
    subscription.dispose()
    opens.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  let open = median(opens)
  print(
    "app.all_open        \(format(open * 1000, 2)) ms to open All (\(label), \(Formatting.count(shown)) events "
      + "in 360 days) to its first frame")
  for region in [nil, Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 3_000)] {
    let relay = BehaviorRelay(value: catalog)
    let days = BehaviorRelay(value: 30)
    // Virtual time for the search throttle, so a keystroke's figure is the work, not the wait.
    let scheduler = TestScheduler(initialClock: 0)
    let model = EventListViewModel(
      categoryID: EventListViewModel.allCategoriesID, catalog: relay.asObservable(), days: days,
      dayRange: 1...360, scheduler: scheduler, filters: .just(EventScope(days: 1, region: region)))
    var list = ListView()
    var buffer = CellBuffer(size: size)
    var widest = 0
    let subscription = model.state.subscribe(onNext: { state in
      drawEvents(state, tagged: true, list: &list, buffer: &buffer)
      var timeline = CellBuffer(size: Size(width: size.width, height: 1))
      TimelineView(counts: state.histogram, bounds: 1...360, value: state.days, leadingWidth: 16)
        .render(into: &timeline, rect: timeline.bounds)
      widest = max(widest, state.windowCount)
    })
    scheduler.advanceTo(1)
    let steps = 40
    let step = medianMean(of: steps) {
      for index in 0..<steps { model.adjustDays(by: index % 2 == 0 ? 360 : -360) }
    }
    let events = widest
    if region == nil {
      print(
        "app.all_slider      \(format(step * 1000, 3)) ms per step on All (\(label), 1 ↔ 360 days, "
          + "\(Formatting.count(events)) events at 360), with the timeline")
      // Search keystrokes, narrowing then widening: each refilters, rebuilds the timeline, redraws.
      let keystrokes = ["f", "fi", "fir", "fire", "fir", "fi", "f", ""]
      let perKeystroke = medianMean(of: keystrokes.count) {
        for text in keystrokes {
          model.query.accept(text)
          scheduler.advanceTo(scheduler.clock + 1)
        }
      }
      print(
        "app.all_search      \(format(perKeystroke * 1000, 3)) ms per keystroke on All (\(label)): filter, "
          + "timeline and frame")
      // The worst keystroke: a first letter no earlier search narrows, so every title is searched.
      var worst = 0.0
      for letter in ["w", "e", "a"] {
        model.query.accept("")
        scheduler.advanceTo(scheduler.clock + 1)
        let letterStart = DispatchTime.now().uptimeNanoseconds
        model.query.accept(letter)
        scheduler.advanceTo(scheduler.clock + 1)
        worst = max(worst, Double(DispatchTime.now().uptimeNanoseconds - letterStart) / 1e9)
      }
      print(
        "app.all_search_new  \(format(worst * 1000, 3)) ms for a new first letter on All (\(label)): "
          + "every title searched (worst of 3)")
    } else {
      print(
        "app.all_region      \(format(step * 1000, 3)) ms per step on All (\(label)) within 3,000 km of 40°N 100°W"
      )
    }
    subscription.dispose()
  }
  runAllFilterBenchmark(catalog, label: label, size: size)
}

/// The filter change on All alone, at 1× and 10× (`make bench ARGS=filter`, a few seconds).
func runFilterBenchmarks() {
  guard let snapshot = try? EONETSnapshot.locate() else {
    print("filter              skipped: the bundled snapshot was not found")
    return
  }
  let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-bench-\(UUID())")
  defer { try? FileManager.default.removeItem(at: empty) }
  let client = EONETClient(
    configuration: EONETClient.Configuration(cacheDirectory: empty, offline: true, snapshot: snapshot))
  let everything = waitForFirst(LiveEventFeed(client: client, days: 36_500).stored()) ?? .empty
  let size = Size(width: 120, height: 40)
  runAllFilterBenchmark(everything, label: "1x", size: size)
  runAllFilterBenchmark(tenfold(everything), label: "10x", size: size)
}

/// A filter change on All (the status key `x`, the form's minimum magnitude): the whole list
/// filtered again, with its timeline and the visible frame, through the shared scope as the UI
/// changes it.
private func runAllFilterBenchmark(_ catalog: Catalog, label: String, size: Size) {
  let base = EventScope(days: 30)
  let filters = BehaviorRelay(value: base)
  let scheduler = TestScheduler(initialClock: 0)
  let model = EventListViewModel(
    categoryID: EventListViewModel.allCategoriesID, catalog: .just(catalog), days: BehaviorRelay(value: 30),
    dayRange: 1...360, scheduler: scheduler, filters: filters.asObservable())
  var list = ListView()
  var buffer = CellBuffer(size: size)
  var shown = 0
  let subscription = model.state.subscribe(onNext: { state in
    drawEvents(state, tagged: true, list: &list, buffer: &buffer)
    var timeline = CellBuffer(size: Size(width: size.width, height: 1))
    TimelineView(counts: state.histogram, bounds: 1...360, value: state.days, leadingWidth: 16)
      .render(into: &timeline, rect: timeline.bounds)
    shown = state.windowCount
  })
  scheduler.advanceTo(1)
  var open = base
  open.status = .open
  var large = base
  large.minimumMagnitude = 1_000
  for (name, changed) in [("status open ↔ both", open), ("minimum 1,000 ↔ none", large)] {
    let steps = 40
    var narrowed = 0
    let step = medianMean(of: steps) {
      for index in 0..<steps {
        filters.accept(index % 2 == 0 ? changed : base)
        if index % 2 == 0 { narrowed = shown }
      }
    }
    print(
      "app.all_filter      \(format(step * 1000, 3)) ms per filter change on All (\(label)): \(name) "
        + "(\(Formatting.count(narrowed)) ↔ \(Formatting.count(shown)) events in 30 days), with the timeline")
  }
  subscription.dispose()
}

/// The median over 5 runs of `work`'s time per step (`steps` steps a run), in seconds: one run is
/// a few milliseconds, and a single preemption on this shared machine would dominate it.
private func medianMean(of steps: Int, _ work: () -> Void) -> Double {
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
private func waitForFirst<Element: Sendable>(_ source: Observable<Element>) -> Element? {
  let first = OneShot<Element?>()
  let subscription = source.take(1).subscribe(
    onNext: { first.fulfil($0) }, onError: { _ in first.fulfil(nil) }, onCompleted: { first.fulfil(nil) })
  let value = first.wait(timeout: .seconds(60)) ?? nil
  subscription.dispose()
  return value
}

/// The real release binary in a real terminal (tmux): the time from starting it to its first
/// complete frame, and its peak resident memory. Today's data from the bundled snapshot (a first
/// launch); ten times that from a warm cache (what every later launch reads) and from the snapshot.
func runAppLaunchBenchmark(runs: Int = 5) {
  guard let binary = BuiltProducts.path(of: "ourplanet"), TmuxSession.isAvailable else {
    print("app.launch          skipped: needs tmux and the release ourplanet (make bench builds it)")
    return
  }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-launch-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  let overhead = measureHarness(runs: runs)
  print(
    "app.launch_harness  \(format(overhead, 0)) ms median from Enter to the frame of a program that prints "
      + "it at once: the measuring's own share of the figures below")
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch         ", data: "1x, the bundled snapshot",
    scratch: scratch.appendingPathComponent("1x"), arguments: [])
  // Ten times the data: the bundled snapshot with ten copies of every event, ids shifted and dates
  // moved to today, so the days window holds as many as it would with live data.
  guard let resources = tenfoldResources(in: scratch) else {
    print("app.launch_10x      skipped: the bundled snapshot was not found")
    return
  }
  let warm = scratch.appendingPathComponent("10x-cache")
  if let server = try? FixtureServer(
    fixtures: resources.appendingPathComponent("eonet"), plan: FixtureServer.recordedPlan)
  {
    defer { server.stop() }
    _ = runChild([
      binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir", warm.path,
    ])
  }
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch_10x     ", data: "10x, a warm cache",
    scratch: scratch.appendingPathComponent("10x"), arguments: ["--cache-dir", warm.path],
    expected: "cached data")
  measureSliderInTerminal(binary: binary, cache: warm, scratch: scratch.appendingPathComponent("10x-slider"))
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch_10x_json", data: "10x, the snapshot's JSON",
    scratch: scratch.appendingPathComponent("10x-snapshot"), arguments: [],
    environment: ["OURPLANET_RESOURCES=\(resources.path)"])
}

/// Starts the release app offline in tmux `runs` times (after one launch that is not counted: it
/// takes the first-launch baseline and warms the page cache) and prints the median time from
/// pressing Enter in the waiting terminal to the first complete frame, and the peak memory.
private func measureLaunch(
  binary: String, runs: Int, label: String, data: String, scratch: URL, arguments: [String],
  environment: [String] = [], expected: String = "offline snapshot"
) {
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  let cache = scratch.appendingPathComponent("cache")
  // The seen state goes beside the cache, never into the user's own state folder.
  let state = scratch.appendingPathComponent("state")
  var times: [Double] = []
  var peaks: [Double] = []
  for run in 0...runs {
    let command =
      ["/usr/bin/env", "XDG_STATE_HOME=\(state.path)"] + environment + [
        binary, "--offline", "--cache-dir", cache.path, "--log", scratch.appendingPathComponent("log").path,
      ] + arguments
    guard let elapsed = timeToFrame(command, until: { $0.contains("Wildfires") && $0.contains(expected) })
    else { break }
    if run > 0 {
      times.append(elapsed.milliseconds)
      if let peak = elapsed.peak { peaks.append(peak) }
    }
  }
  guard !times.isEmpty else {
    print("\(label) failed: no complete frame within 10 s")
    return
  }
  print(
    "\(label) \(format(median(times), 0)) ms median (\(format(times.min() ?? 0, 0))–"
      + "\(format(times.max() ?? 0, 0))) from start to the first complete frame; peak RSS "
      + "\(peaks.max().map { format($0, 1) } ?? "?") MB (release, offline, \(data))")
}

/// A slider step on All with ten times the data as a user sees it: from sending ← or → to tmux
/// showing the new header, tmux and the reading of its screen included (each read starts a tmux
/// client). Twenty steps, alternating, a short pause between them.
private func measureSliderInTerminal(binary: String, cache: URL, scratch: URL) {
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  let command = [
    "/usr/bin/env", "XDG_STATE_HOME=\(scratch.appendingPathComponent("state").path)", binary, "--offline",
    "--cache-dir", cache.path, "--log", scratch.appendingPathComponent("log").path,
  ]
  guard let tmux = try? TmuxSession(command: command, columns: 120, rows: 40),
    (try? tmux.waitForText("cached data")) != nil, (try? tmux.sendKeys("Enter")) != nil,
    (try? tmux.waitForText("› All categories")) != nil
  else {
    print("app.slider_tmux     failed: All did not open")
    return
  }
  defer { tmux.close() }
  func header() -> Substring? { (try? tmux.capture())?.split(separator: "\n").first }
  var times: [Double] = []
  for step in 0..<20 {
    guard let before = header() else { break }
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? tmux.sendKeys(step % 2 == 0 ? "Left" : "Right")) != nil else { break }
    while DispatchTime.now().uptimeNanoseconds - start < 2_000_000_000 {
      if let now = header(), now != before {
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        break
      }
    }
    usleep(50_000)
  }
  guard times.count == 20 else {
    print("app.slider_tmux     failed: \(times.count) of 20 steps showed")
    return
  }
  print(
    "app.slider_tmux     \(format(median(times), 0)) ms median (worst \(format(times.max() ?? 0, 0))) from ←/→ to "
      + "the new header on All (10x, release, in tmux; tmux and the reading of its screen included)")
}

/// The harness's own share: the same measurement of a program that prints the frame at once.
private func measureHarness(runs: Int) -> Double {
  let times = (0..<runs).compactMap { _ in
    timeToFrame(["/bin/sh", "-c", "echo Wildfires; echo done; read -r _"], until: { $0.contains("done") })?
      .milliseconds
  }
  return median(times)
}

/// Starts a terminal whose shell waits for Enter and then runs `command` in its place, presses
/// Enter, and reads the screen every 3 ms until `isFramed`: the time from Enter (tmux's own start is
/// not counted) and the program's peak memory.
private func timeToFrame(
  _ command: [String], until isFramed: (String) -> Bool
) -> (milliseconds: Double, peak: Double?)? {
  let waiting = ["/bin/sh", "-c", "read -r _; exec \"$@\"", "sh"] + command
  guard let tmux = try? TmuxSession(command: waiting, columns: 120, rows: 40) else { return nil }
  defer { tmux.close() }
  // The shell is waiting once it is the pane's foreground program.
  guard (try? tmux.programPID()) != nil else { return nil }
  let start = DispatchTime.now().uptimeNanoseconds
  guard (try? tmux.sendKeys("Enter")) != nil else { return nil }
  while DispatchTime.now().uptimeNanoseconds - start < 10_000_000_000 {
    // A short pause between reads: each read starts a tmux client, and back to back they would take
    // a core from the program being measured (this machine has two).
    usleep(3_000)
    let screen = (try? tmux.capture()) ?? ""
    if isFramed(screen) {
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let peak = (try? tmux.programPID()).flatMap { peakResidentMegabytes(ofProcess: $0) }
      try? tmux.sendKeys("q")
      return (milliseconds, peak)
    }
  }
  return nil
}

/// A copy of the bundled snapshot with ten copies of every event (ids shifted, dates moved so the
/// newest is today), inside `folder`; `nil` when the snapshot is not found.
private func tenfoldResources(in folder: URL) -> URL? {
  movedResources(in: folder, copies: 10)
}

/// A copy of the bundled snapshot with `copies` copies of every event (ids shifted, dates moved so
/// the newest is today), inside `folder`; `nil` when the snapshot is not found.
func movedResources(in folder: URL, copies: Int) -> URL? {
  guard
    let bundled = EONETSnapshot.resourceDirectories().first(where: {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("eonet/snapshot.json").path)
    }),
    let snapshot = try? EONETSnapshot(directory: bundled.appendingPathComponent("eonet"))
  else { return nil }
  let root = folder.appendingPathComponent("resources-\(copies)x")
  let eonet = root.appendingPathComponent("eonet")
  let shift = (Date().timeIntervalSince(snapshot.fetchedAt) / 86_400).rounded(.down) * 86_400
  let formatter = ISO8601DateFormatter()
  func moved(_ value: Any?) -> Any? {
    guard let text = value as? String, let date = formatter.date(from: text) else { return value }
    return formatter.string(from: date.addingTimeInterval(shift))
  }
  do {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: bundled.appendingPathComponent("eonet"), to: eonet)
    // The manifest's date moves too: it is the snapshot's "now".
    let manifest = eonet.appendingPathComponent("snapshot.json")
    if var fields = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any] {
      fields["fetchedAt"] = moved(fields["fetchedAt"])
      try JSONSerialization.data(withJSONObject: fields).write(to: manifest)
    }
    let folder = eonet.appendingPathComponent("categories")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json")
    {
      let file = folder.appendingPathComponent(name)
      guard var response = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        let events = response["events"] as? [[String: Any]]
      else { continue }
      response["events"] = (0..<copies).flatMap { copy in
        events.map { event in
          var event = event
          event["id"] = "\(event["id"] ?? "")-\(copy)"
          event["closed"] = moved(event["closed"]) ?? NSNull()
          if let geometries = event["geometry"] as? [[String: Any]] {
            event["geometry"] = geometries.map { geometry in
              var geometry = geometry
              geometry["date"] = moved(geometry["date"])
              return geometry
            }
          }
          return event
        }
      }
      try JSONSerialization.data(withJSONObject: response).write(to: file)
    }
    return root
  } catch {
    return nil
  }
}
