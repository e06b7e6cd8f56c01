import Dispatch
import EONETKit
import Foundation
import OurPlanetModel
import Support

/// `ourplanet watch`: looks every `--interval` and prints one line per new, updated or closed
/// event, each at least once and, unless cut while announcing it, exactly once, across restarts.
///
/// What it has announced is kept in `announced.json` under the state folder (apart from the UI's
/// `seen.json`, so reading in the UI never swallows an alert). Each change is announced (the line,
/// the bell, the `--exec` program), then committed to the file before the next one: a kill in
/// between announces that one change again on restart, never skips it (at-least-once). A category
/// enters the baseline silently the first time it loads from the network; until then its events
/// are not announced. One `watch` per state folder: a second one says so and exits 2. A signal
/// ends it at once (``Shutdown``) with its child.
///
/// The config's `[[alert]]` rules add their names to the lines of the changes they match, and
/// their actions (a notification, a program) run once per matching change: each finished action
/// is committed to `actions.json` as it ends, so a restart after a kill re-runs only the one it
/// cut (``ActionProgress``). `--alerts-only` tells only the matching changes.
enum WatchCommand {
  /// Runs until a signal ends it (128+N).
  ///
  /// - Returns: 2 when the `--exec` program or a rule's cannot be found, `--alerts-only` has no
  ///   rules, or another `watch` runs on the state folder.
  static func run(_ options: Options, client: EONETClient, environment: [String: String]) -> Int32 {
    var exec: (program: String, arguments: [String])?
    if let command = options.exec {
      guard let program = ChangeOutput.resolve(command[0]) else {
        Console.error("--exec: no program '\(Console.line(command[0]))' found\nTry 'ourplanet --help'.")
        return 2
      }
      exec = (program.path, Array(command.dropFirst()))
    }
    if options.alertsOnly, options.alerts.isEmpty {
      Console.error("--alerts-only: the config file has no [[alert]] rules, so nothing would be told")
      return 2
    }
    var programs: [String: (program: String, arguments: [String])] = [:]
    for rule in options.alerts.rules {
      guard let command = rule.exec else { continue }
      guard let program = ChangeOutput.resolve(command[0]) else {
        Console.error("alert '\(rule.name)' (line \(rule.line)): exec: no program '\(command[0])' found")
        return 2
      }
      programs[rule.name] = (program.path, Array(command.dropFirst()))
    }
    var notifier: String?
    if options.alerts.rules.contains(where: \.notify) {
      notifier = ChangeOutput.resolve("notify-send")?.path
      if notifier == nil {
        Console.error(
          "watch: notify-send is not installed (or not on PATH): alerts will not show notifications")
      }
    }
    let directory = StateFile<SeenState>.defaultDirectory(environment: environment)
    let lock: FileLock
    do {
      try AtomicFile.createDirectory(directory)
      lock = try FileLock(path: directory.appendingPathComponent("watch.lock").path)
      guard try lock.acquire(blocking: false) else {
        Console.error("watch: another 'watch' is running on the state folder \(directory.path)")
        return 2
      }
    } catch {
      Console.error("watch: \(error)")
      return 1
    }
    // Held for the life of the process; the kernel drops it when the process ends, however.
    defer { withExtendedLifetime(lock) {} }
    // What writers killed mid-write left (their process is gone); a live instance's files stay.
    TemporaryFileSweep.sweep(directory) { StateFile<SeenState>.isStateFileName($0) }
    let file = StateFile<SeenState>(name: "announced.json", directory: directory)
    var announced: SeenState
    switch file.read() {
    case .missing: announced = SeenState(baseline: [])
    case .value(let state): announced = state
    case .damaged(let message):
      Console.error("watch: \(message); starting a new baseline")
      announced = SeenState(baseline: [])
    }
    let output = ChangeOutput(
      json: options.json, bell: options.bell, exec: exec, timeout: options.execTimeout,
      quiet: options.execQuiet, point: options.region?.centre, alerts: options.alerts, programs: programs,
      notifier: notifier)
    let save = { (state: SeenState) in
      if let problem = Shutdown.critical({ file.write(state) }) { Console.error("watch: \(problem)") }
    }
    let actions = StateFile<ActionProgress>(name: "actions.json", directory: directory)
    var progress: ActionProgress?
    switch actions.read() {
    case .missing: break
    case .value(let value): progress = value
    case .damaged(let message): Console.error("watch: \(message); actions cut by the last exit run again")
    }
    var failures = 0
    while true {
      switch look(options, client: client) {
      case .failed(let message):
        failures += 1
        let wait = min(options.interval << min(failures, 3), options.interval * 8)
        Console.error("watch: \(message); trying again in \(Self.describe(seconds: wait))")
        Thread.sleep(forTimeInterval: Double(wait))
        continue
      case .items(let items, let problems):
        failures = 0
        for problem in problems { Console.error("watch: \(problem)") }
        announced = absorbBaseline(items, into: announced, offline: options.offline, save: save)
        for (event, change) in changes(in: items, since: announced) {
          let matched = options.alerts.matching(event, change: change)
          if !options.alertsOnly || !matched.isEmpty {
            var current = progress.flatMap { $0.isFor(event, change: change) ? $0 : nil }
            output.announce(event, change: change, matched: matched) { name, action in
              if current?.hasDone(name) == true { return }
              action()
              var next = current ?? ActionProgress(event, change: change)
              next.done.append(name)
              current = next
              if let problem = Shutdown.critical({ actions.write(next) }) {
                Console.error("watch: \(problem)")
              }
            }
            progress = current ?? progress
          }
          announced.markSeen([event])
          save(announced)
        }
      }
      Thread.sleep(forTimeInterval: Double(options.interval))
    }
  }

  /// Takes the events of every category not yet in the baseline that loaded from the network
  /// (from storage when offline) as announced, silently, and saves when that changed anything.
  private static func absorbBaseline(
    _ items: [CategoryItem], into state: SeenState, offline: Bool, save: (SeenState) -> Void
  ) -> SeenState {
    guard let baseline = state.baseline else { return state }
    let entering = items.filter {
      !baseline.contains($0.category.id) && $0.state == .done && ($0.source == .live || offline)
    }
    guard !entering.isEmpty else { return state }
    var next = state
    next.markSeen(entering.lazy.flatMap(\.events))
    next.baseline = baseline.union(entering.map(\.category.id))
    save(next)
    return next
  }

  /// The changes to announce, oldest first: events of categories in the baseline, each once.
  private static func changes(in items: [CategoryItem], since state: SeenState) -> [(EOEvent, EventChange)] {
    var seen = Set<String>()
    var changes: [(EOEvent, EventChange)] = []
    for item in items where state.isInBaseline(item.category.id) {
      for event in item.events where seen.insert(event.id).inserted {
        if let change = state.change(of: event) { changes.append((event, change)) }
      }
    }
    return changes.sorted { $0.0.date < $1.0.date }
  }

  private enum Look {
    case items([CategoryItem], problems: [String])
    case failed(String)
  }

  /// One look: every category's events in the days window.
  private static func look(_ options: Options, client: EONETClient) -> Look {
    let scope = options.scope
    let feed = LiveEventFeed(client: client, query: options.query)
    switch waitForLast(
      feed.refreshUpdates().scan(Catalog(rangeEnd: feed.rangeEnd)) { $0.applying(.update($1)) })
    {
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
      let windowEnd = catalog.windowEnd
      let items = catalog.items.map { item in
        CategoryItem(
          category: item.category, events: item.events(in: scope, endingAt: windowEnd),
          fetchedAt: item.fetchedAt, source: item.source, state: item.state)
      }
      return .items(items, problems: problems)
    }
  }

  static func describe(seconds: Int) -> String {
    if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\(seconds) s"
  }
}
