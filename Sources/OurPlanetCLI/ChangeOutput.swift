import EONETKit
import Foundation
import OurPlanetModel
import Support

/// How `watch` tells about one change: a line on standard output (text or JSON), written whole and
/// at once so a pipe sees it immediately, the bell, the `--exec` program, and the actions of the
/// config's `[[alert]]` rules that match it (a desktop notification, a program). Each is a view of
/// the event's ``EventRecord``.
struct ChangeOutput {
  let json: Bool
  let bell: Bool
  /// The `--exec` program (a path, found before the first look) and its arguments.
  let exec: (program: String, arguments: [String])?
  /// How long a program may run.
  let timeout: Int
  /// Whether programs' output goes to /dev/null rather than stderr.
  let quiet: Bool
  /// Where `--near` measures distance and bearing from, if given.
  let point: EOCoordinate?
  /// The config's rules; none: the lines carry no `alerts`.
  var alerts = AlertRules()
  /// Each rule's program (a path, found before the first look) and its arguments, by rule name.
  var programs: [String: (program: String, arguments: [String])] = [:]
  /// Where `notify-send` is; `nil` when it is missing (said once at start).
  var notifier: String?
  /// The `--log` file's descriptor: each change's text line goes there too, after the time.
  var log: Int32?

  /// The placeholders an `--exec` or rule `exec` argument may be, each replaced by the change's
  /// text as one whole argument (never split, never through a shell): `{change}`, `{id}`,
  /// `{title}`, `{summary}` (the notification's first line) and `{details}` (its other lines).
  static let placeholders = ["{change}", "{id}", "{title}", "{summary}", "{details}"]

  /// The longest field, in characters, that goes into an argument or the environment: the kernel
  /// refuses a string over 128 KiB (`Argument list too long`); the whole record is on stdin.
  static let fieldLimit = 2_048

  /// Tells about `change` of `event`, which the rules `matched` match: once, however many match.
  ///
  /// The line and the bell come first; then the `--exec` program, one notification naming every
  /// matching rule that notifies, and each distinct rule program, each through `step` by a name
  /// that says which (`line`, `exec`, `notify`, `alert:<rule>:exec`): `step` runs it unless it
  /// finished before, and records that it has when the action says it ran (`true`); an action
  /// that could not start says so and returns `false`, to be tried again.
  func announce(
    _ event: EOEvent, change: ChangeDescription, matched: [AlertRule] = [],
    step: (_ name: String, _ action: () -> Bool) -> Void = { _ = $1() }
  ) {
    let record = EventRecord(event, from: point)
    let names = alerts.isEmpty ? nil : matched.map(\.name)
    step("line") {
      let line =
        json
        ? Self.json(record, change: change, alerts: names).serialized()
        : Self.text(record, change: change, alerts: names ?? [])
      Console.writeNow(line + "\n")
      if let log {
        let text = json ? Self.text(record, change: change, alerts: names ?? []) : line
        let entry = ISO8601.format(Date()) + " " + text + "\n"
        _ = Array(entry.utf8).withUnsafeBytes { FileDescriptor.writeAll($0, to: log) }
      }
      if bell || matched.contains(where: \.bell) { Console.bell() }
      return true
    }
    let input = Data((Self.json(record, change: change, alerts: names).serialized() + "\n").utf8)
    let message = Self.notification(event, record: record, change: change, rules: matched, point: point)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(Self.environment(record, change: change, message: message, alerts: names)) { _, new in
      new
    }
    let values = [
      "{change}": change.kind.rawValue, "{id}": Self.flat(record.id), "{title}": Self.flat(record.title),
      "{summary}": Self.flat(message.title), "{details}": Self.argument(message.body),
    ]
    func expand(_ arguments: [String]) -> [String] { arguments.map { values[$0] ?? $0 } }
    if let exec {
      step("exec") {
        run(
          exec.program, expand(exec.arguments), what: "--exec", for: record, input: input,
          environment: environment)
      }
    }
    let notifying = matched.filter(\.notify)
    if !notifying.isEmpty, let notifier {
      let what = "alert '\(notifying.map(\.name).joined(separator: "', '"))': notify"
      step("notify") {
        // `--` before server text: notify-send reads options anywhere before it.
        run(
          notifier,
          ["--app-name=OurPlanet", "--", Self.argument(message.title), Self.argument(message.body)],
          what: what, for: record, input: Data(), environment: ProcessInfo.processInfo.environment)
      }
    }
    // One run per distinct program and arguments, however many rules name it.
    var started: [[String]] = []
    for rule in matched {
      guard let program = programs[rule.name] else { continue }
      let command = [program.program] + program.arguments
      guard !started.contains(command) else { continue }
      started.append(command)
      step("alert:\(rule.name):exec") {
        run(
          program.program, expand(program.arguments), what: "alert '\(rule.name)': exec", for: record,
          input: input, environment: environment)
      }
    }
  }

  /// Text for one argument or variable: controls stripped (line breaks kept), at most
  /// ``fieldLimit`` characters, cut with `…`.
  static func argument(_ text: String) -> String {
    TextSanitizer.capped(TextSanitizer.strippingControls(text), limit: fieldLimit)
  }

  /// One line of server text for the environment (line breaks and tabs as spaces), bounded.
  static func flat(_ text: String) -> String {
    argument(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
  }

  /// The variables of a program run for a change: the record's fields (``EventRecord/environment``),
  /// each on one line and bounded, then `OURPLANET_CHANGE` (`new`, `updated`, `closed`),
  /// `OURPLANET_CHANGES` (what changed, in words), `OURPLANET_SUMMARY` and `OURPLANET_DETAILS` (the
  /// notification's text), `OURPLANET_DATE` and `OURPLANET_ALERTS` (the matching rules, by `;`).
  static func environment(
    _ record: EventRecord, change: ChangeDescription, message: (title: String, body: String),
    alerts: [String]?
  ) -> [String: String] {
    var environment = record.environment.mapValues(flat)
    environment["OURPLANET_CHANGE"] = change.kind.rawValue
    environment["OURPLANET_CHANGES"] = flat(change.text)
    environment["OURPLANET_SUMMARY"] = flat(message.title)
    environment["OURPLANET_DETAILS"] = argument(message.body)
    // The name from before the record: the closed date if closed, else the last date.
    environment["OURPLANET_DATE"] = ISO8601.format(record.date)
    if let alerts { environment["OURPLANET_ALERTS"] = flat(alerts.joined(separator: ";")) }
    return environment
  }

  /// The text line: time, change, title, categories, magnitude, position, distance, what changed,
  /// link, and the names of the rules that match in brackets (`[fires near home]`).
  static func text(_ record: EventRecord, change: ChangeDescription, alerts: [String] = []) -> String {
    let label = change.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
    var parts = [
      Formatting.minute(record.date), label, Console.line(record.title),
      "(" + record.categories.map(Console.line).joined(separator: ", ") + ")",
    ]
    if let magnitude = record.magnitude {
      parts.append(Console.line(Formatting.magnitude(value: magnitude, unit: record.magnitudeUnit)))
    }
    if let position = record.position { parts.append(Formatting.coordinate(position)) }
    if let point = record.point, let position = record.position {
      parts.append(Geodesy.describe(from: point, to: position))
    }
    if !change.facts.isEmpty { parts.append(Console.line(change.text)) }
    // A page to open: the first source's, else EONET's.
    if let link = record.sources.first ?? record.link { parts.append(Console.line(link)) }
    if !alerts.isEmpty { parts.append("[" + alerts.map(Console.line).joined(separator: ", ") + "]") }
    return parts.joined(separator: "  ")
  }

  /// The `watch --json` line: the change's kind and facts (`change`, `changes`), then the record's
  /// fields, then (when the config has rules) `alerts`, the names of those that match.
  static func json(_ record: EventRecord, change: ChangeDescription, alerts: [String]? = nil) -> JSONValue {
    var fields = [("change", JSONValue.string(change.kind.rawValue)), ("changes", change.json)]
    fields += record.fields.map { ($0.name, $0.value) }
    if let alerts { fields.append(("alerts", .array(alerts.map(JSONValue.string)))) }
    return .object(fields)
  }

  /// The desktop notification of a change: the title says what happened to which event (`New:
  /// Juniper Flat Fire`, `Updated: Rim Fire`); the body says in which category, what changed (or
  /// how big a new event is) and where (the distance and direction from the first matching rule's
  /// place, else from `--near`), then the rules that match and where to read more, a line each.
  static func notification(
    _ event: EOEvent, record: EventRecord, change: ChangeDescription, rules: [AlertRule], point: EOCoordinate?
  ) -> (title: String, body: String) {
    let title = "\(change.headline): \(flat(record.title))"
    var first: [String] = []
    if let category = event.categories.first {
      first.append(flat(category.title.isEmpty ? category.id : category.title))
    }
    if !change.facts.isEmpty {
      first.append(change.text)
    } else if let magnitude = record.magnitude {
      first.append(flat(Formatting.magnitude(value: magnitude, unit: record.magnitudeUnit)))
    }
    if let position = record.position {
      if let rule = rules.first(where: { $0.scope.region != nil }), let centre = rule.scope.region?.centre {
        let way = Geodesy.describe(from: centre, to: position)
        let place = rule.place.map(flat)
        first.append(place.map { way == "here" ? "at \($0)" : "\(way) of \($0)" } ?? way)
      } else if let point {
        first.append(Geodesy.describe(from: point, to: position))
      } else {
        first.append(Formatting.coordinate(position))
      }
    }
    var lines = [first.joined(separator: " · ")]
    if !rules.isEmpty { lines.append("Alerts: " + rules.map { flat($0.name) }.joined(separator: ", ")) }
    if let link = record.sources.first ?? record.link { lines.append(flat(link)) }
    return (title, lines.joined(separator: "\n"))
  }

  /// Runs `program` (no shell) with `environment` and `input` on its stdin, and waits for it, up
  /// to ``timeout``: then SIGTERM to its process group, and SIGKILL two seconds later. Failures
  /// are said on stderr, after `what` (`--exec`, `alert 'fires': exec`).
  ///
  /// - Returns: Whether it ran (whatever its exit status); `false` when it could not start.
  private func run(
    _ program: String, _ arguments: [String], what: String, for record: EventRecord, input: Data,
    environment: [String: String]
  ) -> Bool {
    let name = URL(fileURLWithPath: program).lastPathComponent
    let child: Child
    do {
      child = try Shutdown.startChild {
        try Child.spawn(program, arguments: arguments, environment: environment, input: input, quiet: quiet)
      }
    } catch {
      Console.error("watch: \(what): \(error)")
      return false
    }
    defer { Shutdown.childEnded() }
    let status: Int32
    if let ended = child.wait(timeout: .seconds(timeout)) {
      status = ended
    } else {
      Console.error(
        "watch: \(what): \(name) for \(record.id) still ran after \(WatchCommand.describe(seconds: timeout)) "
          + "(--exec-timeout); stopping it")
      status = child.stop(grace: .seconds(2))
    }
    if let problem = Child.describe(status) { Console.error("watch: \(what): \(name) \(problem)") }
    return true
  }
}
