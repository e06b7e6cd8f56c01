import Foundation
import TestSupport
import Testing

/// The event record: for the same events of the real EONET dump (../shared/data), every field reads
/// byte for byte the same in `events --json`, `--format csv`, `--format geojson`, `watch --json`
/// and an `--exec` program's environment and stdin, with and without `--near`.
@Suite("one event record in every format, end to end", .serialized, .tags(.spawnsProcess))
struct RecordEndToEndTests {
  /// The real dump the fixture API serves, split by category.
  private static let dump = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/data/eonet/v3").standardized
  private static let dumpPresent = FileManager.default.fileExists(
    atPath: dump.appendingPathComponent("events-open-all-2025-11.json").path)

  /// Every event of the dump is inside this many days (the oldest observation is from 2002).
  private static let days = "36500"
  /// A point in the western Pacific with storms, volcanoes and ice around it.
  private static let near = "15,120,5000"

  @Test(
    "events --json, --format csv, --format geojson and watch --json agree on every field, with and without --near",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"),
    .enabled(if: dumpPresent, "../shared/data/eonet/v3 is missing"))
  func everyFormatAgrees() throws {
    try withFixture { binary, temporary, api, server in try everyFormatAgrees(binary, temporary, api, server)
    }
  }

  private func everyFormatAgrees(
    _ binary: String, _ temporary: TemporaryDirectory, _ api: URL, _ server: FixtureServer
  ) throws {
    let common = [
      "--days", Self.days, "--api", server.baseURL.absoluteString, "--cache-dir",
      temporary.url.appendingPathComponent("cache").path,
    ]
    // Two watches (one per state folder) take their baseline of the empty categories first.
    var watches: [String: BackgroundRun] = [:]
    for (name, near) in [("plain", [String]()), ("near", ["--near", Self.near])] {
      let state = temporary.url.appendingPathComponent("state-\(name)")
      watches[name] = try BackgroundRun(
        binary: binary, arguments: ["watch", "--interval", "1s", "--json"] + near + common,
        environment: ["XDG_STATE_HOME": state.path, "PATH": "/usr/bin:/bin"])
      let announced = state.appendingPathComponent("ourplanet/announced.json")
      try waitUntil("the \(name) baseline", timeout: .seconds(60)) {
        FileManager.default.fileExists(atPath: announced.path)
      }
    }
    try prepare(api, phase: "full", in: temporary)

    for (name, near) in [("plain", [String]()), ("near", ["--near", Self.near])] {
      var files: [String] = []
      for format in ["json", "csv", "geojson"] {
        let run = try CommandRun.run(
          [binary, "events", "all", "--format", format] + near + common, in: temporary.url,
          environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run)")
        let file = temporary.url.appendingPathComponent("\(name).\(format)")
        try Data(run.standardOutput.utf8).write(to: file)
        files.append(file.path)
      }
      let expected = try count(file: files[0], in: temporary)
      #expect(expected > (near.isEmpty ? 100 : 3), "\(name): \(expected) events")
      let watch = try #require(watches[name])
      try waitUntil("\(name): \(expected) watch lines", timeout: .seconds(120)) {
        watch.output.split(separator: "\n").count >= expected
      }
      #expect(try watch.terminate() == 128 + SIGTERM, "\(watch.errors)")
      let lines = temporary.url.appendingPathComponent("\(name).ndjson")
      try Data(watch.output.utf8).write(to: lines)
      let check = try CommandRun.run(
        ["python3", "-c", Self.checker] + files + [lines.path, near.isEmpty ? "plain" : "near"],
        in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
      #expect(check.status == 0, "\(name): \(check)")
      #expect(
        check.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "\(expected) events agree",
        "\(name): \(check)")
    }
  }

  @Test(
    "an --exec program gets the record in OURPLANET_* variables and as the watch line on stdin",
    .enabled(if: CommandRun.isAvailable("python3"), "python3 is not installed"),
    .enabled(if: dumpPresent, "../shared/data/eonet/v3 is missing"))
  func execGetsTheRecord() throws {
    try withFixture { binary, temporary, api, server in try execGetsTheRecord(binary, temporary, api, server)
    }
  }

  private func execGetsTheRecord(
    _ binary: String, _ temporary: TemporaryDirectory, _ api: URL, _ server: FixtureServer
  ) throws {
    let received = temporary.url.appendingPathComponent("received")
    try FileManager.default.createDirectory(at: received, withIntermediateDirectories: true)
    let state = temporary.url.appendingPathComponent("state")
    let watch = try BackgroundRun(
      binary: binary,
      arguments: [
        "watch", "--interval", "1s", "--json", "--near", Self.near, "--days", Self.days, "--api",
        server.baseURL.absoluteString, "--cache-dir", temporary.url.appendingPathComponent("cache").path,
        "--exec", "/bin/sh", "-c", #"env > "$0/$OURPLANET_ID.env"; cat > "$0/$OURPLANET_ID.stdin""#,
        received.path,
      ], environment: ["XDG_STATE_HOME": state.path, "PATH": "/usr/bin:/bin"])
    try waitUntil("the baseline", timeout: .seconds(60)) {
      FileManager.default.fileExists(atPath: state.appendingPathComponent("ourplanet/announced.json").path)
    }
    try prepare(api, phase: "storms", in: temporary)
    let storm = received.appendingPathComponent("EONET_15859.stdin")
    try waitUntil("the program's run for EONET_15859", timeout: .seconds(60)) {
      let text = (try? String(contentsOf: storm, encoding: .utf8)) ?? ""
      return text.hasSuffix("\n") && watch.output.contains("EONET_15859")
    }
    #expect(try watch.terminate() == 128 + SIGTERM, "\(watch.errors)")
    let lines = temporary.url.appendingPathComponent("watch.ndjson")
    try Data(watch.output.utf8).write(to: lines)
    let check = try CommandRun.run(
      [
        "python3", "-c", Self.execChecker, lines.path, storm.path,
        received.appendingPathComponent("EONET_15859.env").path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    #expect(check.status == 0, "\(check)")
    #expect(check.standardOutput.contains("exec agrees"), "\(check)")
  }

  /// Runs `body` with the app, a temporary folder, and the fixture API (empty categories) served.
  private func withFixture(_ body: (String, TemporaryDirectory, URL, FixtureServer) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = temporary.url.appendingPathComponent("api")
    try prepare(api, phase: "empty", in: temporary)
    let server = try FixtureServer(fixtures: api, idleTimeout: 180)
    defer { server.stop() }
    try body(binary, temporary, api, server)
  }

  /// Writes the fixture API: the dump's categories, and per category no events (`empty`), a slice
  /// of the dump (`full`: every event but the wildfires past the first 60, and the closed ones), or
  /// the storms alone (`storms`).
  private func prepare(_ api: URL, phase: String, in temporary: TemporaryDirectory) throws {
    let run = try CommandRun.run(
      ["python3", "-c", Self.preparer, Self.dump.path, api.path, phase], in: temporary.url,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0, "\(run)")
  }

  /// The number of events in a `--json` file.
  private func count(file: String, in temporary: TemporaryDirectory) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [Any]).count
  }

  private static let preparer = #"""
    import json, os, sys
    dump, api, phase = sys.argv[1:4]
    categories = json.load(open(os.path.join(dump, "categories.json")))
    events = json.load(open(os.path.join(dump, "events-open-all-2025-11.json")))["events"]
    events += json.load(open(os.path.join(dump, "events-closed-2026-09.json")))["events"]
    fires = [e for e in events if e["categories"][0]["id"] == "wildfires"]
    chosen = [e for e in events if e["categories"][0]["id"] != "wildfires" or e in fires[:60] or e["closed"]]
    os.makedirs(os.path.join(api, "categories"), exist_ok=True)
    def write(path, document):
        with open(path + ".tmp", "w") as f: json.dump(document, f)
        os.replace(path + ".tmp", path)
    write(os.path.join(api, "categories.json"), categories)
    for category in categories["categories"]:
        mine = [e for e in chosen if category["id"] in [c["id"] for c in e["categories"]]]
        if phase == "empty" or (phase == "storms" and category["id"] != "severeStorms"): mine = []
        write(os.path.join(api, "categories", category["id"] + ".json"), {"title": category["title"], "events": mine})
    """#

  /// Compares every field of every event across the four outputs: numbers by their text, lists
  /// joined by `;`, null as an empty cell; a CSV cell may carry the `'` that keeps a formula out.
  private static let checker = #"""
    import csv, json, sys
    def load(text): return json.loads(text, parse_float=str, parse_int=str)
    json_file, csv_file, geojson_file, ndjson_file, mode = sys.argv[1:6]
    events = load(open(json_file).read())
    with open(csv_file, newline="") as f: reader = csv.reader(f); header = next(reader); rows = list(reader)
    features = load(open(geojson_file).read())["features"]
    lines = [load(line) for line in open(ndjson_file).read().splitlines()]
    names = ["id", "title", "categories", "status", "closed_date", "first_date", "last_date", "latitude",
             "longitude", "magnitude", "magnitude_unit", "link", "sources"]
    if mode == "near": names += ["distance_km", "bearing"]
    assert header == names, header
    def flat(value):
        if value is None: return ""
        if isinstance(value, list): return ";".join(value)
        return value
    watched = {line["id"]: line for line in lines}
    assert len(watched) == len(lines), "a watch line twice"
    assert set(watched) == {e["id"] for e in events}, (sorted(set(watched) ^ {e["id"] for e in events}))
    assert len(events) == len(rows) == len(features), (len(events), len(rows), len(features))
    # By id: events of the same date may come in another order from one run to the next.
    rows = {row[0]: row for row in rows}
    features = {feature["id"]: feature for feature in features}
    assert set(rows) == set(features) == set(watched), "the same events"
    for event in events:
        row, feature, line = rows[event["id"]], features[event["id"]], watched[event["id"]]
        assert list(event) == names, list(event)
        assert list(feature["properties"]) == names, list(feature["properties"])
        assert list(line) == ["change", "changes"] + names, list(line)
        assert line["changes"] == [] or line["change"] != "new", line
        assert line["change"] in ("new", "closed"), line
        for name, cell in zip(names, row):
            value = event[name]
            assert feature["properties"][name] == value, (name, feature["properties"][name], value)
            assert line[name] == value, (name, line[name], value)
            text = flat(value)
            assert cell == text or (cell == "'" + text and text[:1] in "=+-@\t\r"), (name, cell, text)
        assert event["status"] == ("closed" if event["closed_date"] else "open"), event
        if mode == "near": assert event["distance_km"] is not None and event["bearing"], event
    print(len(events), "events agree")
    """#

  /// The program's stdin is the watch line for its event; its environment holds each field as
  /// `OURPLANET_<NAME>`, flat as in the CSV.
  private static let execChecker = #"""
    import json, sys
    def load(text): return json.loads(text, parse_float=str, parse_int=str)
    lines = [load(line) for line in open(sys.argv[1]).read().splitlines()]
    line = [l for l in lines if l["id"] == "EONET_15859"][0]
    stdin = open(sys.argv[2]).read()
    assert stdin.count("\n") == 1 and stdin.endswith("\n"), repr(stdin)
    assert load(stdin) == line, (stdin, line)
    env = dict(entry.split("=", 1) for entry in open(sys.argv[3]).read().splitlines() if "=" in entry)
    def flat(value):
        if value is None: return ""
        if isinstance(value, list): return ";".join(value)
        return value
    for name, value in line.items():
        # `changes` is a list of facts in JSON, words in OURPLANET_CHANGES.
        if name == "changes": continue
        key = "OURPLANET_" + name.upper()
        assert env.get(key) == flat(value), (key, env.get(key), value)
    assert env["OURPLANET_DISTANCE_KM"] and env["OURPLANET_BEARING"], env
    print("exec agrees")
    """#
}
