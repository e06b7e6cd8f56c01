import EONETKit
import Foundation
import OurPlanet
import Support

/// How `watch` tells about one change: a line on standard output (text or JSON), written whole and
/// at once so a pipe sees it immediately, the bell, and the `--exec` program.
struct ChangeOutput {
  let json: Bool
  let bell: Bool
  /// The `--exec` program (a path, found before the first look) and its arguments.
  let exec: (program: String, arguments: [String])?
  /// How long the program may run.
  let timeout: Int
  /// Whether its output goes to /dev/null rather than stderr.
  let quiet: Bool

  func announce(_ event: EOEvent, change: EventChange) {
    let line = json ? Self.json(event, change: change).serialized() : Self.text(event, change: change)
    Console.writeNow(line + "\n")
    if bell { Console.bell() }
    if let exec { run(exec.program, exec.arguments, for: event, change: change) }
  }

  static func text(_ event: EOEvent, change: EventChange) -> String {
    let label = change.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
    var parts = [
      Formatting.minute(event.date), label, Console.line(event.title),
      "(" + event.categories.map { Console.line($0.id) }.joined(separator: ", ") + ")",
    ]
    if let magnitude = event.latestGeometry?.magnitude {
      parts.append(Console.line(Formatting.magnitude(value: magnitude.value, unit: magnitude.unit)))
    }
    if let center = event.latestGeometry?.center { parts.append(Formatting.coordinate(center)) }
    if let link = event.sources.first?.url ?? event.link { parts.append(Console.line(link)) }
    return parts.joined(separator: "  ")
  }

  static func json(_ event: EOEvent, change: EventChange) -> JSONValue {
    let latest = event.latestGeometry
    return .object([
      ("change", .string(change.rawValue)),
      ("id", .string(event.id)),
      ("title", .string(event.title)),
      ("categories", .array(event.categories.map { .string($0.id) })),
      ("date", .string(EventsCommand.format(event.date))),
      ("closed", event.closed.map { .string(EventsCommand.format($0)) } ?? .null),
      ("latitude", latest?.center.map { .number($0.latitude) } ?? .null),
      ("longitude", latest?.center.map { .number($0.longitude) } ?? .null),
      ("magnitude", latest?.magnitude.map { .number($0.value) } ?? .null),
      ("magnitude_unit", latest?.magnitude?.unit.map(JSONValue.string) ?? .null),
      ("link", (event.sources.first?.url ?? event.link).map(JSONValue.string) ?? .null),
    ])
  }

  /// Runs the `--exec` program (no shell) with the event in its environment, and waits for it, up
  /// to ``timeout``: then SIGTERM, and SIGKILL two seconds later. Failures are said on stderr.
  private func run(_ program: String, _ arguments: [String], for event: EOEvent, change: EventChange) {
    let latest = event.latestGeometry
    var environment = ProcessInfo.processInfo.environment
    environment["OURPLANET_CHANGE"] = change.rawValue
    environment["OURPLANET_ID"] = event.id
    environment["OURPLANET_TITLE"] = event.title
    environment["OURPLANET_CATEGORIES"] = event.categories.map(\.id).joined(separator: ",")
    environment["OURPLANET_DATE"] = EventsCommand.format(event.date)
    environment["OURPLANET_LATITUDE"] = latest?.center.map { String($0.latitude) } ?? ""
    environment["OURPLANET_LONGITUDE"] = latest?.center.map { String($0.longitude) } ?? ""
    environment["OURPLANET_MAGNITUDE"] =
      latest?.magnitude.map { Formatting.magnitude(value: $0.value, unit: $0.unit) } ?? ""
    environment["OURPLANET_LINK"] = event.sources.first?.url ?? event.link ?? ""
    let name = URL(fileURLWithPath: program).lastPathComponent
    let child: Child
    do {
      child = try Child.spawn(program, arguments: arguments, environment: environment, quiet: quiet)
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
        "watch: --exec: \(name) for \(event.id) still ran after \(WatchCommand.describe(seconds: timeout)) "
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
