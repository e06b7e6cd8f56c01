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

  /// Tells about `change` of `event`, which the rules `matched` match.
  ///
  /// The line and the bell come first, every time; then each program and notification runs
  /// through `step`, by a name that says which (`exec`, `alert:<rule>:notify`, `alert:<rule>:exec`):
  /// `step` runs it unless it finished before a restart, and records that it has.
  func announce(
    _ event: EOEvent, change: EventChange, matched: [AlertRule] = [],
    step: (_ name: String, _ action: () -> Void) -> Void = { $1() }
  ) {
    let record = EventRecord(event, from: point)
    let names = alerts.isEmpty ? nil : matched.map(\.name)
    let line =
      json
      ? Self.json(record, change: change, alerts: names).serialized()
      : Self.text(record, change: change, alerts: names ?? [])
    Console.writeNow(line + "\n")
    if bell || matched.contains(where: \.bell) { Console.bell() }
    let input = Data((Self.json(record, change: change, alerts: names).serialized() + "\n").utf8)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(record.environment) { _, new in new }
    environment["OURPLANET_CHANGE"] = change.rawValue
    // The name from before the record: the closed date if closed, else the last date.
    environment["OURPLANET_DATE"] = ISO8601.format(record.date)
    if let names { environment["OURPLANET_ALERTS"] = names.joined(separator: ";") }
    if let exec {
      step("exec") {
        run(exec.program, exec.arguments, what: "--exec", for: record, input: input, environment: environment)
      }
    }
    for rule in matched {
      if rule.notify, let notifier {
        step("alert:\(rule.name):notify") {
          let message = Self.notification(event, record: record, rule: rule)
          run(
            notifier, [message.title, message.body], what: "alert '\(rule.name)': notify", for: record,
            input: Data(), environment: ProcessInfo.processInfo.environment)
        }
      }
      if let program = programs[rule.name] {
        step("alert:\(rule.name):exec") {
          run(
            program.program, program.arguments, what: "alert '\(rule.name)': exec", for: record, input: input,
            environment: environment)
        }
      }
    }
  }

  /// The text line: time, change, title, categories, magnitude, position, distance, link, and the
  /// names of the rules that match in brackets (`[fires near home]`).
  static func text(_ record: EventRecord, change: EventChange, alerts: [String] = []) -> String {
    let label = change.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
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
    // A page to open: the first source's, else EONET's.
    if let link = record.sources.first ?? record.link { parts.append(Console.line(link)) }
    if !alerts.isEmpty { parts.append("[" + alerts.map(Console.line).joined(separator: ", ") + "]") }
    return parts.joined(separator: "  ")
  }

  /// The `watch --json` line: the change, then the record's fields, then (when the config has
  /// rules) `alerts`, the names of those that match.
  static func json(_ record: EventRecord, change: EventChange, alerts: [String]? = nil) -> JSONValue {
    var fields = [("change", JSONValue.string(change.rawValue))] + record.fields.map { ($0.name, $0.value) }
    if let alerts { fields.append(("alerts", .array(alerts.map(JSONValue.string)))) }
    return .object(fields)
  }

  /// A rule's desktop notification: the title is the category and the event's title; the body
  /// says where (the position, and the distance and direction from the rule's place, else from
  /// `--near`), how big and where to read more, a line each.
  static func notification(_ event: EOEvent, record: EventRecord, rule: AlertRule) -> (
    title: String, body: String
  ) {
    let category = event.categories.first.map { Console.line($0.title.isEmpty ? $0.id : $0.title) }
    let title = [category, Console.line(record.title)].compactMap { $0 }.joined(separator: ": ")
    var lines: [String] = []
    if let position = record.position {
      var place = Formatting.coordinate(position)
      if let centre = rule.scope.region?.centre {
        place +=
          ", " + Geodesy.describe(from: centre, to: position)
          + (rule.place.map { " of \(Console.line($0))" } ?? "")
      } else if let point = record.point {
        place += ", " + Geodesy.describe(from: point, to: position)
      }
      lines.append(place)
    }
    if let magnitude = record.magnitude {
      lines.append(Console.line(Formatting.magnitude(value: magnitude, unit: record.magnitudeUnit)))
    }
    if let link = record.sources.first ?? record.link { lines.append(Console.line(link)) }
    return (title, lines.joined(separator: "\n"))
  }

  /// Runs `program` (no shell) with `environment` and `input` on its stdin, and waits for it, up
  /// to ``timeout``: then SIGTERM, and SIGKILL two seconds later. Failures are said on stderr,
  /// after `what` (`--exec`, `alert 'fires': exec`).
  private func run(
    _ program: String, _ arguments: [String], what: String, for record: EventRecord, input: Data,
    environment: [String: String]
  ) {
    let name = URL(fileURLWithPath: program).lastPathComponent
    let child: Child
    do {
      child = try Shutdown.startChild {
        try Child.spawn(program, arguments: arguments, environment: environment, input: input, quiet: quiet)
      }
    } catch {
      Console.error("watch: \(what): \(error)")
      return
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
  }

  /// `name` as a path, or found on `PATH`.
  static func resolve(_ name: String) -> URL? {
    Executable.find(name)
  }
}
