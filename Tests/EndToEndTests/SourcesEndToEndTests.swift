import Foundation
import TestSupport
import Testing

/// `ourplanet sources` and the detail's source titles, the real binary against the fixture server
/// serving EONET's real sources list.
@Suite("sources end to end", .serialized, .tags(.spawnsProcess))
struct SourcesEndToEndTests {
  private static let python: Comment = "python3 is not installed"
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The ids each fixture event cites, in turn: listed sources, two at once, and one the list lacks.
  private static let citations = [["InciWeb"], ["GDACS", "InciWeb"], ["JTWC"], ["MYSTERY_SRC"], ["IRWIN"]]

  /// The standard fixture API with each event citing sources in turn, and the real `/sources`.
  private static func api(in folder: URL) throws -> FixtureAPI {
    let api = try FixtureAPI.standard(in: folder)
    var index = 0
    for file in try categoryFiles(of: api) {
      var document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      let events = try #require(document["events"] as? [[String: Any]])
      document["events"] = events.map { event in
        var event = event
        event["sources"] = citations[index % citations.count].map { id in
          ["id": id, "url": "https://example.org/\(id)/\(event["id"] ?? "")"]
        }
        index += 1
        return event
      }
      try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: file)
    }
    // FixtureAPI writes EONET's sources.json beside the categories.
    return api
  }

  private static func categoryFiles(of api: FixtureAPI) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: api.directory.appendingPathComponent("categories"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
  }

  /// The reference: per source id, the events served whose date (closed, else the latest position's)
  /// is in the last `days` days, each event once.
  private static func expectedCounts(_ api: FixtureAPI, days: Double) throws -> [String: Int] {
    let formatter = ISO8601DateFormatter()
    let start = Date().addingTimeInterval(-days * 86_400)
    var seen = Set<String>()
    var counts: [String: Int] = [:]
    for file in try categoryFiles(of: api) {
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      for event in try #require(document["events"] as? [[String: Any]]) {
        let id = try #require(event["id"] as? String)
        let geometries = try #require(event["geometry"] as? [[String: Any]])
        let dateText = (event["closed"] as? String) ?? (geometries.last?["date"] as? String) ?? ""
        let date = try #require(formatter.date(from: dateText))
        guard date >= start, seen.insert(id).inserted else { continue }
        let sources = try #require(event["sources"] as? [[String: Any]])
        for source in Set(sources.compactMap { $0["id"] as? String }) { counts[source, default: 0] += 1 }
      }
    }
    return counts
  }

  /// The real list's entries, as served.
  private static func servedList(_ api: FixtureAPI) throws -> [[String: String]] {
    let data = try Data(contentsOf: api.directory.appendingPathComponent("sources.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(document["sources"] as? [[String: Any]]).map { $0.compactMapValues { $0 as? String } }
  }

  private func sources(
    _ arguments: [String], server: FixtureServer, in folder: URL, cache: String = "cache"
  ) throws -> CommandRun {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    return try CommandRun.run(
      [binary, "sources"] + arguments + [
        "--api", server.baseURL.absoluteString, "--cache-dir", folder.appendingPathComponent(cache).path,
        "--no-config",
      ],
      in: folder, environment: ["PATH": "/usr/bin:/bin"])
  }

  @Test(
    "sources --json: every listed source with its title and home page, and the events citing it in the window",
    .enabled(if: CommandRun.isAvailable("python3"), python))
  func countsMatchTheServedData() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try Self.api(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 60)
    defer { server.stop() }
    let run = try sources(["--json", "--days", "60"], server: server, in: temporary.url)
    #expect(run.status == 0, "\(run)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]], "\(run)")
    let expected = try Self.expectedCounts(api, days: 60)
    let list = try Self.servedList(api)
    #expect(expected.count >= 4 && expected.values.contains { $0 > 1 }, "the data exercises the counts")
    for entry in list {
      let row = try #require(rows.first { $0["id"] as? String == entry["id"] }, "\(entry)")
      #expect(row["title"] as? String == entry["title"])
      #expect(row["link"] as? String == entry["source"])
      #expect(row["events"] as? Int == expected[entry["id"] ?? ""] ?? 0, "\(entry)")
    }
    // A source the events cite that the list lacks is listed too, its id for its title.
    let mystery = try #require(rows.first { $0["id"] as? String == "MYSTERY_SRC" }, "\(run)")
    #expect(mystery["title"] as? String == "MYSTERY_SRC")
    #expect(mystery["events"] as? Int == expected["MYSTERY_SRC"])
    #expect(rows.count == list.count + 1)
    // The scope narrows the counts: a shorter window, fewer citations.
    let week = try sources(["--json", "--days", "7"], server: server, in: temporary.url)
    let weekRows = try #require(
      try JSONSerialization.jsonObject(with: Data(week.standardOutput.utf8)) as? [[String: Any]], "\(week)")
    let expectedWeek = try Self.expectedCounts(api, days: 7)
    for row in weekRows {
      #expect(row["events"] as? Int == expectedWeek[row["id"] as? String ?? ""] ?? 0, "\(row)")
    }
  }

  @Test(
    "sources as text: one aligned line per source; when the list fails, exit 1, said on stderr, the rest printed",
    .enabled(if: CommandRun.isAvailable("python3"), python))
  func textAndFailure() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try Self.api(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 60)
    defer { server.stop() }
    let expected = try Self.expectedCounts(api, days: 60)
    let list = try Self.servedList(api)
    let run = try sources(["--days", "60"], server: server, in: temporary.url)
    #expect(run.status == 0, "\(run)")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == list.count + 1, "\(run)")
    let gdacs = try #require(list.first { $0["id"] == "GDACS" })
    let line = try #require(lines.first { $0.contains(" GDACS ") }, "\(run)")
    #expect(
      line.trimmingCharacters(in: .whitespaces).hasPrefix("\(expected["GDACS"] ?? 0)  GDACS "), "\(line)")
    #expect(line.contains(gdacs["title"] ?? "?") && line.hasSuffix(gdacs["source"] ?? "?"), "\(line)")
    // The list's titles start in one column, whatever the id's length.
    let starts = Set(
      list.compactMap { entry -> Int? in
        guard let id = entry["id"], let title = entry["title"],
          let row = lines.first(where: { $0.contains(" \(id) ") }), let idRange = row.range(of: " \(id) "),
          let range = row.range(of: title, range: idRange.upperBound..<row.endIndex)
        else { return nil }
        return row.distance(from: row.startIndex, to: range.lowerBound)
      })
    #expect(starts.count == 1, "\(run.standardOutput)")

    try server.setPlan(#"{"rules":[{"path":"/sources","fault":"status","code":404}]}"#)
    // A fresh cache: no stored list to fall back on but the bundled one.
    let failed = try sources(["--days", "60"], server: server, in: temporary.url, cache: "other")
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.standardError.contains("cannot load the sources"), "\(failed)")
    // The bundled list stands in, and the counts are still those of the served events.
    let fallback = try #require(failed.standardOutput.split(separator: "\n").first { $0.contains(" GDACS ") })
    #expect(fallback.trimmingCharacters(in: .whitespaces).hasPrefix("\(expected["GDACS"] ?? 0)  GDACS "))
  }

  @Test(
    "the detail names a source by the title the served list gives it",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
  func detailShowsTitle() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try Self.api(in: temporary.url)
    // The served list names IRWIN differently from the bundled one: the title shown is the live one.
    let file = api.directory.appendingPathComponent("sources.json")
    var document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let served = "Wildfire Reports As Served"
    document["sources"] = try #require(document["sources"] as? [[String: Any]]).map { entry in
      var entry = entry
      if entry["id"] as? String == "IRWIN" { entry["title"] = served }
      return entry
    }
    try JSONSerialization.data(withJSONObject: document).write(to: file)
    // Rim Fire cites IRWIN alone.
    let fires = api.directory.appendingPathComponent("categories/wildfires.json")
    var wildfires = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: fires)) as? [String: Any])
    wildfires["events"] = try #require(wildfires["events"] as? [[String: Any]]).map { event in
      var event = event
      if event["id"] as? String == "EONET_1" {
        event["sources"] = [["id": "IRWIN", "url": "https://example.org/IRWIN/EONET_1"]]
      }
      return event
    }
    try JSONSerialization.data(withJSONObject: wildfires).write(to: fires)
    try AppHarness.withServed(api, in: temporary) { app in
      try app.tmux.sendKeys("G", "Enter")  // Wildfires is last
      try app.waitFor("OurPlanet › Wildfires", "4 events in the last 30 days")
      try app.tmux.sendKeys("/")
      try app.tmux.sendText("rim")
      try app.tmux.sendKeys("Enter")
      try app.waitFor("1 of 4 events", "Rim Fire, California")
      try app.tmux.sendKeys("Enter")
      let screen = try app.waitFor(
        "1. \(served) (IRWIN)", "https://example.org/IRWIN/EONET_1", timeout: .seconds(20))
      let lines = screen.split(separator: "\n").map(String.init)
      let named = try #require(lines.firstIndex { $0.hasSuffix("1. \(served) (IRWIN)") }, "\(screen)")
      #expect(lines[named + 1].contains("https://example.org/IRWIN/EONET_1"), "its link under it:\n\(screen)")
    }
  }
}
