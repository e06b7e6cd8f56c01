import Foundation
import TestSupport
import Testing

/// `ourplanet events` as text, against the fixture server: a table whose columns stay put.
@Suite("events text columns, end to end", .serialized, .tags(.spawnsProcess))
struct EventsTextEndToEndTests {
  @Test(
    "events all names each event's category, and its columns do not drift with the id's length",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"))
  func columnsStayPut() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 60)
    defer { server.stop() }
    let run = try CommandRun.run(
      [
        binary, "events", "all", "--days", "360", "--api", server.baseURL.absoluteString, "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ],
      in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0, "\(run)")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    // EONET_1 … EONET_30: ids of one and two digits.
    let titles = [
      ("Rim Fire, California", "Fire"), ("Typhoon Example", "Storm"),
      ("Kanlaon Volcano, Philippines", "Volc"),
      ("River Flood Example", "Flood"), ("Cyclone Sample", "Storm"), ("Ioto Volcano, Japan", "Volc"),
    ]
    var starts: Set<Int> = []
    for (title, tag) in titles {
      let line = try #require(lines.first { $0.contains(title) }, "\(run)")
      let start = try #require(line.range(of: title))
      starts.insert(line.distance(from: line.startIndex, to: start.lowerBound))
      #expect(line.contains("  \(tag)  ") || line.contains("  \(tag) "), "the category column: \(line)")
    }
    #expect(starts.count == 1, "titles start in one column:\n\(run.standardOutput)")
  }
}
