import Dispatch
import EONETKit
import Foundation
import OurPlanet
import OurPlanetUI
import RxCore
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
    var list = ListView(rows: catalog.items.map { Rows.category($0, days: 30) })
    var buffer = CellBuffer(size: size)
    list.render(into: &buffer, rect: buffer.bounds)
  }
  print(
    "app.first_frame     \(format(startup * 1000, 1)) ms from stored data to the categories frame "
      + "(\(catalog.eventCount(inLast: 36_500)) events; excludes process launch and curses set-up)")

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
    list.rows = state.events.map { Rows.event($0) }
    list.render(into: &buffer, rect: buffer.bounds)
    shown = state.events.count
  })
  // The mean over steps that alternate between the narrowest and the widest window, so each one
  // refilters, re-sorts and redraws a different list.
  let steps = 40
  let start = DispatchTime.now().uptimeNanoseconds
  var widest = 0
  for index in 0..<steps {
    model.adjustDays(by: index % 2 == 0 ? 360 : -360)
    widest = max(widest, shown)
  }
  let slider = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(steps)
  print(
    "app.slider_step     \(format(slider * 1000, 2)) ms per step to the redrawn frame "
      + "(1 day ↔ 360 days of \(widest) wildfires, mean of \(steps))")
  let move = best(of: 200) {
    _ = list.handle(key: .down)
    list.render(into: &buffer, rect: buffer.bounds)
  }
  print("app.list_move       \(format(move * 1000, 3)) ms per ↓ to the redrawn frame")
  subscription.dispose()
  let peak = peakResidentMegabytes().map { format($0, 1) } ?? "?"
  print("app.peak_rss        \(peak) MB (this benchmark process, VmHWM)")
}

/// Subscribes and blocks until the first element (or the end) of `source`.
private func waitForFirst<Element>(_ source: Observable<Element>) -> Element? {
  let done = DispatchSemaphore(value: 0)
  let box = ResultBox<Element>()
  let subscription = source.take(1).subscribe(
    onNext: { box.value = $0 }, onError: { _ in done.signal() }, onCompleted: { done.signal() })
  _ = done.wait(timeout: .now() + 60)
  subscription.dispose()
  return box.value
}

private final class ResultBox<Value>: @unchecked Sendable {
  // Written once before the semaphore is signalled, read after the wait.
  var value: Value?
}

/// The real release binary in a real terminal (tmux), offline on the bundled snapshot: the time from
/// starting it to its first complete frame (tmux's own start included), and its peak resident memory.
func runAppLaunchBenchmark(runs: Int = 5) {
  guard let binary = BuiltProducts.path(of: "ourplanet"), TmuxSession.isAvailable else {
    print("app.launch          skipped: needs tmux and the release ourplanet (make bench builds it)")
    return
  }
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-launch-\(UUID())")
  defer { try? FileManager.default.removeItem(at: cache) }
  var times: [Double] = []
  var peaks: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    guard
      let tmux = try? TmuxSession(
        command: [binary, "--offline", "--cache-dir", cache.path, "--log", cache.path + ".log"],
        columns: 120, rows: 40)
    else { break }
    defer { tmux.close() }
    // Poll as fast as tmux answers rather than with the harness's 40 ms steps.
    var framed = false
    while DispatchTime.now().uptimeNanoseconds - start < 10_000_000_000 {
      let screen = (try? tmux.capture()) ?? ""
      if screen.contains("Wildfires") && screen.contains("offline snapshot") {
        framed = true
        break
      }
    }
    guard framed else { break }
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    if let pid = try? tmux.programPID(), let peak = peakResidentMegabytes(ofProcess: pid) {
      peaks.append(peak)
    }
    try? tmux.sendKeys("q")
  }
  guard !times.isEmpty else {
    print("app.launch          failed: no complete frame within 10 s")
    return
  }
  let sorted = times.sorted()
  print(
    "app.launch          \(format(sorted[sorted.count / 2], 0)) ms median (best \(format(sorted[0], 0)) ms) "
      + "from start to the first complete frame, tmux start included; peak RSS "
      + "\(peaks.max().map { format($0, 1) } ?? "?") MB (release, offline, 5,662-event snapshot)")
}
