import Dispatch
import EONETKit
import Foundation
import OurPlanet

/// `ourplanet watch`: looks every `--interval` and prints one line per new, updated or closed
/// event, each exactly once, never again after a restart.
///
/// What it has announced is kept in `announced.json` under the state folder (apart from the UI's
/// `seen.json`, so reading in the UI never swallows an alert). Its first look, with no state file,
/// records a baseline and prints nothing. Ctrl-C and SIGTERM end it between two looks, or abandon a
/// look in flight before anything of it is printed: no half line, no half state file.
enum WatchCommand {
  /// Runs until a signal ends it.
  ///
  /// - Returns: 0 when ended by Ctrl-C or SIGTERM.
  static func run(_ options: Options, client: EONETClient, environment: [String: String]) -> Int32 {
    let stop = StopSignal()
    let file = StateFile<SeenState>(
      name: "announced.json", directory: StateFile<SeenState>.defaultDirectory(environment: environment))
    var announced: SeenState?
    switch file.read() {
    case .missing: announced = nil
    case .value(let state): announced = state
    case .damaged(let message): Console.error("watch: \(message); starting a new baseline")
    }
    let output = ChangeOutput(json: options.json, bell: options.bell, exec: options.exec)
    var failures = 0
    while !stop.isSet {
      switch look(options, client: client, stop: stop) {
      case .stopped:
        return 0
      case .failed(let message):
        failures += 1
        let wait = min(options.interval << min(failures, 3), options.interval * 8)
        Console.error("watch: \(message); trying again in \(Self.describe(seconds: wait))")
        if stop.wait(seconds: wait) { return 0 }
        continue
      case .events(let events, let problems):
        failures = 0
        for problem in problems { Console.error("watch: \(problem)") }
        if var state = announced {
          let changes = events.compactMap { event in state.change(of: event).map { (event, $0) } }
            .sorted { $0.0.date < $1.0.date }
          for (event, change) in changes {
            output.announce(event, change: change)
            state.markSeen([event])
          }
          if !changes.isEmpty, let problem = file.write(state) { Console.error("watch: \(problem)") }
          announced = state
        } else {
          var baseline = SeenState()
          baseline.markSeen(events)
          if let problem = file.write(baseline) { Console.error("watch: \(problem)") }
          announced = baseline
        }
      }
      if stop.wait(seconds: options.interval) { return 0 }
    }
    return 0
  }

  private enum Look {
    case events([EOEvent], problems: [String])
    case failed(String)
    case stopped
  }

  /// One look: every category's events in the days window, each event once.
  private static func look(_ options: Options, client: EONETClient, stop: StopSignal) -> Look {
    let feed = LiveEventFeed(client: client, days: options.days)
    let done = DispatchSemaphore(value: 0)
    let outcome = LockedBox<Result<Catalog?, EONETError>>(.success(nil))
    let subscription = feed.refreshUpdates()
      .scan(Catalog.empty) { $0.applying(.update($1)) }
      .subscribe(
        onNext: { catalog in outcome.set(.success(catalog)) },
        onError: { error in
          outcome.set(.failure(EONETError(error)))
          done.signal()
        },
        onCompleted: { done.signal() })
    // Wake up now and then to notice Ctrl-C while a look is in flight.
    while done.wait(timeout: .now() + .milliseconds(200)) == .timedOut, !stop.isSet {}
    subscription.dispose()
    if stop.isSet { return .stopped }
    switch outcome.get() {
    case .failure(let error):
      return .failed("cannot load the categories: \(error)")
    case .success(nil):
      return .failed("no answer")
    case .success(let catalog?):
      let problems = catalog.items.compactMap { item -> String? in
        if case .failed(let message) = item.state { return "\(item.category.id): \(message)" }
        return nil
      }
      if problems.count == catalog.items.count, !problems.isEmpty {
        return .failed("every category failed (\(problems[0]))")
      }
      var seen = Set<String>()
      var events: [EOEvent] = []
      for item in catalog.items {
        for event in item.events(inLast: options.days, in: options.region)
        where seen.insert(event.id).inserted {
          events.append(event)
        }
      }
      return .events(events, problems: problems)
    }
  }

  static func describe(seconds: Int) -> String {
    if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\(seconds) s"
  }
}

/// A value written on one thread and read on another, behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
  // Every access goes through `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func set(_ newValue: Value) { lock.withLock { value = newValue } }
  func get() -> Value { lock.withLock { value } }
}

/// Ctrl-C and SIGTERM, turned into a flag and a wake-up instead of an abrupt end.
final class StopSignal: @unchecked Sendable {
  // `sources` is only touched in init; the flag is behind its box's lock.
  private let flag = LockedBox(false)
  private let wake = DispatchSemaphore(value: 0)
  private var sources: [DispatchSourceSignal] = []

  init() {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [flag, wake] in
        flag.set(true)
        wake.signal()
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Whether the signal came.
  var isSet: Bool { flag.get() }

  /// Waits `seconds`, or less if the signal comes.
  ///
  /// - Returns: whether the signal came.
  func wait(seconds: Int) -> Bool {
    if isSet { return true }
    _ = wake.wait(timeout: .now() + .seconds(seconds))
    return isSet
  }
}
