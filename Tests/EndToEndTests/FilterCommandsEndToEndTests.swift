import Foundation
import TestSupport
import Testing

/// Issue 28's filters through the real binary's commands against the fixture server, once as a server
/// that honours EONET's parameters and once as one that ignores them: both must print exactly the
/// events a reference computed from the served data keeps.
@Suite("history and filters, end to end", .serialized, .tags(.spawnsProcess))
struct FilterCommandsEndToEndTests {
  /// A command line's filters and the reference reading of them.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var reference: ReferenceFilter
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "the 2024 hurricane season", arguments: ["--from", "2024-06-01", "--to", "2024-11-30"],
      reference: ReferenceFilter(start: "2024-06-01", end: "2024-11-30")),
    Case(
      name: "open events of the last 30 days", arguments: ["--days", "30", "--status", "open"],
      reference: ReferenceFilter(days: 30, status: .open)),
    Case(
      name: "closed events of 2024",
      arguments: ["--from", "2024-01-01", "--to", "2024-12-31", "--status", "closed"],
      reference: ReferenceFilter(start: "2024-01-01", end: "2024-12-31", status: .closed)),
    Case(
      name: "fires of 5,000 acres or more in 2024",
      arguments: ["--from", "2024-01-01", "--to", "2024-12-31", "--min-magnitude", "5000acres"],
      reference: ReferenceFilter(
        start: "2024-01-01", end: "2024-12-31", magnitudeUnit: "acres", minimumMagnitude: 5000)),
    Case(
      name: "hurricanes: 64 to 130 kts in the season",
      arguments: [
        "--from", "2024-06-01", "--to", "2024-11-30", "--min-magnitude", "64kts", "--max-magnitude", "130",
      ],
      reference: ReferenceFilter(
        start: "2024-06-01", end: "2024-11-30", magnitudeUnit: "kts", minimumMagnitude: 64,
        maximumMagnitude: 130)),
    Case(
      name: "what NOAA_NHC or IRWIN reported in 2024",
      arguments: ["--from", "2024-01-01", "--to", "2024-12-31", "--source", "noaa_nhc,IRWIN"],
      reference: ReferenceFilter(start: "2024-01-01", end: "2024-12-31", sources: ["NOAA_NHC", "IRWIN"])),
  ]

  private func ids(ofJSON output: String) throws -> [String] {
    let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    return array.compactMap { $0["id"] as? String }
  }

  @Test(
    "events all: each filter gives the reference's events, whether the server honours the parameters or not",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"),
    arguments: cases, [true, false])
  func eventsAll(filter: Case, honoured: Bool) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(
      fixtures: api.directory, plan: honoured ? "{}" : #"{"honourParameters": false}"#, idleTimeout: 60)
    defer { server.stop() }
    let run = try CommandRun.run(
      [
        binary, "events", "all", "--json", "--api", server.baseURL.absoluteString, "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ] + filter.arguments,
      in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0, "\(run)")
    let printed = try ids(ofJSON: run.standardOutput)
    #expect(printed.count == Set(printed).count, "each event once: \(printed)")
    let expected = filter.reference.ids(in: api)
    #expect(!expected.isEmpty, "the case finds something: \(filter.reference)")
    #expect(Set(printed) == expected, "\(filter.name) (\(honoured ? "honoured" : "ignored"))")
    if honoured {
      // What EONET supports went to the server.
      let queries = try server.stats().log.filter { $0.path.hasPrefix("/categories/") }.map(\.query)
      #expect(!queries.isEmpty)
      for query in queries {
        if filter.arguments.contains("--from") { #expect(query["start"] != nil && query["days"] == nil) }
        if filter.arguments.contains("--source") { #expect(query["source"] == "IRWIN,NOAA_NHC") }
        if filter.arguments.contains("--min-magnitude") {
          // Acres and hectares read each other (issue 38, item 15): such a bound stays local, as the
          // server would leave out the events in the other unit.
          let converts = filter.arguments.contains { $0.hasSuffix("acres") || $0.hasSuffix("ha") }
          #expect(converts ? query["magID"] == nil : (query["magID"] != nil && query["magMin"] != nil))
        }
      }
    }
  }

  @Test(
    "several categories and the other formats and commands apply the same scope",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"))
  func categoriesFormatsAndCounts() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 60)
    defer { server.stop() }
    let common = [
      "--api", server.baseURL.absoluteString, "--cache-dir",
      temporary.url.appendingPathComponent("cache").path,
      "--from", "2024-06-01", "--to", "2024-11-30",
    ]
    func run(_ arguments: [String]) throws -> CommandRun {
      try CommandRun.run(
        [binary] + arguments + common, in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    }
    // Storms and floods together: the event filed under both once.
    let both = try run(["events", "severeStorms,floods", "--json"])
    #expect(both.status == 0, "\(both)")
    let printed = try ids(ofJSON: both.standardOutput)
    let season = ReferenceFilter(
      start: "2024-06-01", end: "2024-11-30", categories: ["severeStorms", "floods"])
    #expect(printed.count == Set(printed).count && Set(printed) == season.ids(in: api), "\(printed)")
    #expect(printed.contains("EONET_H06"))
    // CSV has a row per event of the same scope.
    let csv = try run(["events", "severeStorms,floods", "--format", "csv"])
    #expect(csv.standardOutput.split(whereSeparator: \.isNewline).count == printed.count + 1, "\(csv)")
    // categories: the same counts, and the events a magnitude filter left out for having none.
    let counts = try run(["categories", "--json", "--min-magnitude", "1kts"])
    #expect(counts.status == 0, "\(counts)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(counts.standardOutput.utf8)) as? [[String: Any]])
    let storms = try #require(rows.first { $0["id"] as? String == "severeStorms" })
    let measured = ReferenceFilter(
      start: "2024-06-01", end: "2024-11-30", magnitudeUnit: "kts", minimumMagnitude: 1,
      categories: ["severeStorms"])
    let inSeason = ReferenceFilter(start: "2024-06-01", end: "2024-11-30", categories: ["severeStorms"]).ids(
      in: api)
    #expect(storms["count"] as? Int == measured.ids(in: api).count, "\(storms)")
    #expect(storms["without_magnitude"] as? Int == inSeason.count - measured.ids(in: api).count, "\(storms)")
  }

  @Test(
    "a bad value is exit 2 with a clear message, before any request",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"),
    arguments: [
      (["--from", "2024-02-30"], "not a day of the calendar"),
      (["--from", "2024-06-10", "--to", "2024-06-01"], "is before --from"),
      (["--min-magnitude", "10furlongs"], "not a unit EONET uses"),
      (["--source", "InciWbe"], "did you mean 'InciWeb'"),
      (["--status", "burning"], "not one of open, closed, all"),
    ])
  func badValues(arguments: [String], message: String) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let run = try CommandRun.run(
      [binary, "events", "all", "--api", "http://127.0.0.1:9/api/v3"] + arguments, in: temporary.url,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains(message), "\(run)")
  }

  @Test(
    "watch announces only the changes inside its filters",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"))
  func watchFilters() throws {
    let world = try WatchWorld(json: true)
    defer { world.finish() }
    let watch = try world.start(["--status", "open", "--min-magnitude", "100acres"])
    try world.waitForBaseline()
    // Three new fires (one of 300 acres, two unmeasured), Rim Fire (1,200 acres) moved, Cedar Creek closed.
    try world.change()
    try waitUntil("two changes") { watch.output.split(separator: "\n").count >= 2 }
    try world.settle()
    #expect(try watch.terminate() == 128 + SIGTERM)
    let summary = try watch.output.split(separator: "\n").map { line -> String in
      let change = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return "\(change["change"] as? String ?? "?") \(change["id"] as? String ?? "?")"
    }
    #expect(summary.sorted() == ["new EONET_102", "updated EONET_1"], "\(watch.output)")
  }
}
