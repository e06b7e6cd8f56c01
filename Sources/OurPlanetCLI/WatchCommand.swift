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
/// are not announced. One `watch` per state folder: a second one says so and exits 75 (EX_TEMPFAIL). A signal
/// ends it at once (``Shutdown``) with its child.
///
/// The config's `[[alert]]` rules add their names to the lines of the changes they match, and
/// their actions (a notification, a program) run once per matching change: each finished action
/// is committed to `actions.json` as it ends, so a restart after a kill re-runs only the one it
/// cut (``ActionProgress``). `--alerts-only` tells only the matching changes.
enum WatchCommand {
  /// Runs until a signal ends it (128+N).
  ///
  /// - Returns: 2 when the `--exec` program or a rule's cannot be found or `--alerts-only` has no
  ///   rules; ``lockedOut`` (75) when another `watch` runs on the state folder.
  static func run(_ options: Options, client: EONETClient, environment: [String: String]) -> Int32 {
    guard let programs = Programs(options) else { return 2 }
    let directory = StateFile<SeenState>.defaultDirectory(environment: environment)
    let lock: FileLock
    switch lockStateFolder(directory) {
    case .success(let held): lock = held
    case .failure(let status): return status.code
    }
    // Held for the life of the process; the kernel drops it when the process ends, however.
    defer { withExtendedLifetime(lock) {} }
    // What writers killed mid-write left (their process is gone); a live instance's files stay.
    TemporaryFileSweep.sweep(directory) { StateFile<SeenState>.isStateFileName($0) }
    let file = StateFile<SeenState>(name: "announced.json", directory: directory)
    var announced = readAnnounced(file)
    // With --log, each change told of is appended there too, one line each.
    var log: Int32?
    if let path = options.logFile?.path {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        Console.error("watch: cannot open the log \(path): \(String(cString: strerror(errno)))")
        return 1
      }
      log = descriptor
    }
    defer { if let log { close(log) } }
    var teller = Teller(
      options: options,
      output: ChangeOutput(
        json: options.json, bell: options.bell, exec: programs.exec, timeout: options.execTimeout,
        quiet: options.execQuiet, point: options.region?.centre, alerts: options.alerts,
        programs: programs.rules, notifier: programs.notifier, log: log),
      actions: StateFile<ActionProgress>(name: "actions.json", directory: directory))
    let save = { (state: SeenState) in
      if let problem = Shutdown.critical({ file.write(state) }) { Console.error("watch: \(problem)") }
    }
    var failures = 0
    var unreachableSince: Date?
    var first = true
    while true {
      switch look(options, client: client) {
      case .failed(let message):
        failures += 1
        if unreachableSince == nil { unreachableSince = Date() }
        let wait = min(options.interval << min(failures, 3), options.interval * 8)
        Console.error("watch: \(message); trying again in \(Self.describe(seconds: wait))")
        Thread.sleep(forTimeInterval: Double(wait))
        continue
      case .items(let items, let windowStart, let problems):
        if let since = unreachableSince {
          let seconds = max(1, Int(Date().timeIntervalSince(since).rounded()))
          Console.error(
            "watch: the server answers again, after \(Formatting.count(failures, "failed look")) "
              + "over \(Self.describe(duration: seconds))")
        }
        failures = 0
        unreachableSince = nil
        for problem in problems { Console.error("watch: \(problem)") }
        let before = announced.events.count
        announced = Self.look(
          items, into: announced, windowStart: windowStart, offline: options.offline, save: save)
        if first {
          first = false
          Console.error(
            Self.startLine(options, items: items, directory: directory, kept: announced.events.count - before)
          )
        }
        for (event, kind) in changes(in: items, since: announced) {
          guard teller.tell(event, change: kind, since: announced.events[event.id]) else { continue }
          announced.markSeen([event])
          save(announced)
        }
      }
      Thread.sleep(forTimeInterval: Double(options.interval))
    }
  }

  /// The exit status when another `watch` holds the state folder: EX_TEMPFAIL, "try again later"
  /// (the systemd unit restarts on it, unlike on a usage error's 2).
  static let lockedOut: Int32 = 75

  /// How many looks an action that cannot start is tried at before the change is given up.
  static let attempts = 3

  /// The line `watch` says once its first look is done: what it watches and what it kept as seen.
  private static func startLine(_ options: Options, items: [CategoryItem], directory: URL, kept: Int)
    -> String
  {
    var what = [Formatting.count(items.count, "categor", plural: "ies", singular: "y")]
    if let from = options.from {
      what.append("from \(Formatting.day(from)) to \(Formatting.day(options.to ?? options.today))")
    } else {
      what.append("the last \(Formatting.count(options.days, "day"))")
    }
    if let centre = options.region?.centre { what.append("near \(Formatting.coordinate(centre))") }
    if options.alertsOnly { what.append("alerts only") }
    return "watch: watching \(what.joined(separator: ", ")) every \(describe(seconds: options.interval)); "
      + "state in \(directory.path); the first look kept \(Formatting.count(kept, "event")) as seen"
  }

  /// Records the look at every category that loaded from the network (from storage when
  /// offline): what it shows outside the windows looked at before is taken as announced,
  /// silently (``SeenState/look(category:events:windowStart:)``), and the state is saved when that
  /// changed anything.
  private static func look(
    _ items: [CategoryItem], into state: SeenState, windowStart: Date?, offline: Bool,
    save: (SeenState) -> Void
  ) -> SeenState {
    var next = state
    for item in items where item.state == .done && (item.source == .live || offline) {
      // A past range is no look: nothing up to now was shown; its categories enter the baseline.
      if let windowStart {
        next.look(category: item.category.id, events: item.events, windowStart: windowStart)
      } else if next.baseline?.contains(item.category.id) == false {
        next.markSeen(item.events)
        next.baseline?.insert(item.category.id)
      }
    }
    if next != state { save(next) }
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
    /// The events of each category in the window, the window's start when it ends now (`nil`
    /// for a past range), and the categories that failed.
    case items([CategoryItem], windowStart: Date?, problems: [String])
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
      let start =
        catalog.rangeEnd == nil ? windowEnd.map { EventWindow(days: scope.days).start(before: $0) } : nil
      return .items(items, windowStart: start, problems: problems)
    }
  }

  /// A duration in words, to the larger unit: `45 s`, `3 min 12 s`, `2 h 5 min`.
  static func describe(duration seconds: Int) -> String {
    if seconds < 60 { return "\(seconds) s" }
    if seconds < 3600 { return "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s") }
    return "\(seconds / 3600) h" + (seconds % 3600 / 60 == 0 ? "" : " \(seconds % 3600 / 60) min")
  }

  static func describe(seconds: Int) -> String {
    if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\(seconds) s"
  }
}
