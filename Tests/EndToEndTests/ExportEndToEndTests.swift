import Foundation
import TestSupport
import Testing

/// Export: `events --format csv|geojson` hold exactly the events and positions of `--json`, parsed
/// by Python's standard library; `events all` holds each event once. The All view on screen is
/// `ScreenTests`' headless "All view" test.
@Suite("ourplanet exports and the All view, end to end", .serialized, .tags(.spawnsProcess))
struct ExportEndToEndTests {
  /// Titles that CSV must quote, and an event filed under two categories.
  private static let events: [String: [FixtureAPI.Event]] = [
    "wildfires": [
      FixtureAPI.Event(
        id: "EONET_1", title: "Rim Fire, California", daysAgo: 2, magnitude: (1_200.5, "acres")),
      FixtureAPI.Event(id: "EONET_2", title: "The \"Big\" Fire, Oregon", daysAgo: 3, records: 3),
      FixtureAPI.Event(id: "EONET_3", title: "Line\nbreak Fire", daysAgo: 4, closed: true),
      FixtureAPI.Event(id: "EONET_9", title: "Storm-driven Fire", daysAgo: 1),
    ],
    "severeStorms": [
      FixtureAPI.Event(
        id: "EONET_10", title: "Typhoon Example", daysAgo: 1, magnitude: (95, "kts"), records: 4),
      FixtureAPI.Event(id: "EONET_9", title: "Storm-driven Fire", daysAgo: 1),
    ],
  ]

  private func withServer(_ body: (FixtureServer, TemporaryDirectory, String) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI(in: temporary.url, events: Self.events)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    try body(server, temporary, binary)
  }

  private func ourplanet(
    _ binary: String, _ arguments: [String], server: FixtureServer, temporary: TemporaryDirectory
  ) throws -> CommandRun {
    try CommandRun.run(
      [binary] + arguments + [
        "--api", server.baseURL.absoluteString, "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
  }

  @Test(
    "CSV and GeoJSON parse with standard libraries and hold exactly the events of --json",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"))
  func formatsAgree() throws {
    try withServer { server, temporary, binary in
      for category in ["wildfires", "severeStorms", "all"] {
        var files: [String: URL] = [:]
        for format in ["json", "csv", "geojson"] {
          let run = try ourplanet(
            binary, ["events", category, "--format", format, "--days", "30"], server: server,
            temporary: temporary)
          #expect(run.status == 0, "\(run)")
          let file = temporary.url.appendingPathComponent("\(category).\(format)")
          try Data(run.standardOutput.utf8).write(to: file)
          files[format] = file
        }
        let check = try CommandRun.run(
          ["python3", "-c", Self.checker, files["json"]!.path, files["csv"]!.path, files["geojson"]!.path],
          in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(category): \(check)")
        let expected = category == "all" ? 5 : (category == "wildfires" ? 4 : 2)
        #expect(
          check.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "\(expected) events agree")
      }
    }
  }

  @Test("--json is the same as --format json; --format with categories or a second format is a usage error")
  func formatOptions() throws {
    try withServer { server, temporary, binary in
      let json = try ourplanet(
        binary, ["events", "wildfires", "--json"], server: server, temporary: temporary)
      let format = try ourplanet(
        binary, ["events", "wildfires", "--format", "json"], server: server, temporary: temporary)
      #expect(json.standardOutput == format.standardOutput)
      for arguments in [
        ["categories", "--format", "csv"], ["events", "wildfires", "--json", "--format", "csv"],
        ["events", "wildfires", "--format", "xml"],
      ] {
        let run = try ourplanet(binary, arguments, server: server, temporary: temporary)
        #expect(run.status == 2, "\(arguments): \(run)")
      }
    }
  }

  /// Reads the three exports with Python's json and csv modules and compares ids and positions.
  private static let checker = #"""
    import csv, json, sys
    with open(sys.argv[1]) as f: events = json.load(f)
    with open(sys.argv[2], newline="") as f: rows = list(csv.DictReader(f))
    with open(sys.argv[3]) as f: collection = json.load(f)
    assert collection["type"] == "FeatureCollection", collection["type"]
    features = collection["features"]
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids)), "an event twice"
    assert ids == [r["id"] for r in rows] == [f["id"] for f in features], (ids, rows, features)
    for event, row, feature in zip(events, rows, features):
        assert row["title"] == event["title"] == feature["properties"]["title"], (row, event)
        lon, lat = event["longitude"], event["latitude"]
        assert abs(float(row["longitude"]) - lon) < 1e-9 and abs(float(row["latitude"]) - lat) < 1e-9, row
        geometry = feature["geometry"]
        last = geometry["coordinates"] if geometry["type"] == "Point" else geometry["coordinates"][-1]
        assert geometry["type"] in ("Point", "LineString"), geometry
        assert abs(last[0] - lon) < 1e-9 and abs(last[1] - lat) < 1e-9, (geometry, event)
        magnitude = event["magnitude"]
        if magnitude is None:
            assert row["magnitude"] == "", row
        else:
            assert float(row["magnitude"]) == magnitude, row
    print(f"{len(events)} events agree")
    """#
}
