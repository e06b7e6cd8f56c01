import EONETKit
import Foundation
import OurPlanet
import Support

/// How `watch` tells about one change: a line on standard output (text or JSON), written whole and
/// at once so a pipe sees it immediately, the bell, and the `--exec` program. Each is a view of the
/// event's ``EventRecord``.
struct ChangeOutput {
  let json: Bool
  let bell: Bool
  /// The `--exec` program (a path, found before the first look) and its arguments.
  let exec: (program: String, arguments: [String])?
  /// How long the program may run.
  let timeout: Int
  /// Whether its output goes to /dev/null rather than stderr.
  let quiet: Bool
  /// Where `--near` measures distance and bearing from, if given.
  let point: EOCoordinate?

  func announce(_ event: EOEvent, change: EventChange) {
    let record = EventRecord(event, from: point)
    let line = json ? Self.json(record, change: change).serialized() : Self.text(record, change: change)
    Console.writeNow(line + "\n")
    if bell { Console.bell() }
    if let exec { run(exec.program, exec.arguments, for: record, change: change) }
  }

  static func text(_ record: EventRecord, change: EventChange) -> String {
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
    return parts.joined(separator: "  ")
  }

  /// The `watch --json` line: the change, then the record's fields.
  static func json(_ record: EventRecord, change: EventChange) -> JSONValue {
    .object([("change", .string(change.rawValue))] + record.fields.map { ($0.name, $0.value) })
  }

  /// Runs the `--exec` program (no shell) with the record in its environment and the `--json`
  /// line on its stdin, and waits for it, up to ``timeout``: then SIGTERM, and SIGKILL two seconds
  /// later. Failures are said on stderr.
  private func run(_ program: String, _ arguments: [String], for record: EventRecord, change: EventChange) {
    var environment = ProcessInfo.processInfo.environment
    environment.merge(record.environment) { _, new in new }
    environment["OURPLANET_CHANGE"] = change.rawValue
    // The name from before the record: the closed date if closed, else the last date.
    environment["OURPLANET_DATE"] = ISO8601.format(record.date)
    let input = Data((Self.json(record, change: change).serialized() + "\n").utf8)
    let name = URL(fileURLWithPath: program).lastPathComponent
    let child: Child
    do {
      child = try Child.spawn(
        program, arguments: arguments, environment: environment, input: input, quiet: quiet)
    } catch {
      Console.error("watch: --exec: \(error)")
      return
    }
    Shutdown.setChild(child)
    defer { Shutdown.setChild(nil) }
    let status: Int32
    if let ended = child.wait(timeout: .seconds(timeout)) {
      status = ended
    } else {
      Console.error(
        "watch: --exec: \(name) for \(record.id) still ran after \(WatchCommand.describe(seconds: timeout)) "
          + "(--exec-timeout); stopping it")
      status = child.stop(grace: .seconds(2))
    }
    if let problem = Child.describe(status) { Console.error("watch: --exec: \(name) \(problem)") }
  }

  /// `name` as a path, or found on `PATH`.
  static func resolve(_ name: String) -> URL? {
    Executable.find(name)
  }
}
