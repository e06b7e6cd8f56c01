import Foundation
import TestSupport
import Testing

/// A hostile server against every output: a category the app has no short name for whose title
/// carries escape sequences, a bell and a bidi override; events whose ids, links and sources are
/// spreadsheet formulas; and a category whose id is an escape sequence (its request fails, so its id
/// reaches stderr). Text and stderr must carry no control character, CSV no cell a spreadsheet
/// evaluates, JSON and GeoJSON no raw control, and the UI must show it as text.
@Suite("hostile server text in every output, end to end", .serialized, .tags(.spawnsProcess))
struct HostileOutputsEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// The hostile category's title: clears the screen, retitles the window, rings, reverses text.
  static let hostileTitle = "Haz\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}ard"
  /// The id of a category whose request fails.
  static let hostileID = "evil\u{1B}[31m\u{07}\u{202E}"
  /// What a spreadsheet evaluates, as EONET fields.
  static let formulas = [
    "+HYPERLINK(\"http://evil.example\",\"x\")", "@SUM(1+1)*cmd|' /C calc'!A0", "=cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
  ]

  /// Characters that must never reach a terminal or a log from the server: ESC, BEL, CSI, the
  /// right-to-left override.
  static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"]

  @Test("text: 'events all' and 'categories' print the unknown category's title as plain text")
  func text() throws {
    try withServer { run in
      let events = try run(["events", "all", "--days", "30"])
      #expect(events.status == 1, "the hostile id's request fails:\n\(events)")
      #expect(events.standardOutput.contains("Haz?[2"), "the tag, cleaned:\n\(events)")
      #expect(events.standardOutput.contains("Calm Fire"), "\(events)")
      Self.expectClean(events.standardOutput)
      let categories = try run(["categories", "--days", "30"])
      #expect(categories.standardOutput.contains("Haz?[2J?]0;pwned?ard"), "\(categories)")
      Self.expectClean(categories.standardOutput)
    }
  }

  @Test("stderr: the failing category's id and every message are plain text")
  func standardError() throws {
    try withServer { run in
      for arguments in [["events", "all"], ["categories"], ["events", "all", "--format", "csv"]] {
        let result = try run(arguments + ["--days", "30"])
        #expect(result.standardError.contains("evil?[31m?"), "\(result)")
        Self.expectClean(result.standardError)
      }
    }
  }

  @Test("CSV: no cell a spreadsheet evaluates, whichever field holds the formula")
  func csv() throws {
    try withServer { run in
      let result = try run(["events", "all", "--days", "30", "--format", "csv"])
      let rows = try Self.parseCSV(result.standardOutput)
      #expect(rows.count == 5, "a header and four events:\n\(result)")
      let header = try #require(rows.first)
      for row in rows {
        #expect(row.count == header.count, "\(row)")
        for cell in row {
          let first = cell.unicodeScalars.first
          let formula = first.map { ["=", "+", "-", "@", "\t", "\r"].contains($0) } ?? false
          #expect(!formula || Double(cell) != nil, "a cell a spreadsheet evaluates: \(cell.debugDescription)")
        }
      }
      // The formulas are still there, as text, in the cells they came in.
      let cells = rows.dropFirst().flatMap { $0 }
      for formula in Self.formulas {
        #expect(cells.contains { $0.hasPrefix("'" + formula) }, "\(formula) in \(rows)")
      }
      #expect(cells.contains("'" + Self.formulas[1]), "the id, guarded: \(rows)")
      Self.expectClean(result.standardOutput, allowing: ["\r"])
    }
  }

  @Test("JSON and GeoJSON: the server's text as it came, minus its controls, with no raw control")
  func json() throws {
    try withServer { run in
      for format in ["json", "geojson"] {
        let result = try run(["events", "all", "--days", "30", "--format", format])
        #expect(result.status == 1, "\(result)")
        Self.expectClean(result.standardOutput)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let text = "\(parsed)"
        #expect(text.contains("Calm Fire"), "\(result)")
        for formula in ["=cmd|' /C calc'!A0", "@SUM(1+1)"] {
          #expect(result.standardOutput.contains(formula), "JSON keeps \(formula):\n\(result)")
        }
      }
    }
  }

  @Test(
    "the UI: the All list tags the hostile category with its title as text, and the terminal is restored",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func userInterface() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try Self.server(in: temporary)
    defer { server.stop() }
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
      cacheDirectory: temporary.url.appendingPathComponent("cache"))
    defer { app.tmux.close() }
    var screen = try app.waitFor("All categories", "Wildfires", "Haz", timeout: .seconds(60))
    #expect(!screen.contains("pwned") || screen.contains("]0;pwned"), "\(screen)")
    try app.tmux.sendKeys("g", "Enter")
    screen = try app.waitFor("OurPlanet › All categories", "Calm Fire", "Haz", timeout: .seconds(30))
    // The title's escape is drawn as a placeholder followed by the rest of the sequence as text:
    // had it reached the terminal, "[2J" would have cleared the screen instead of being shown.
    #expect(screen.contains("[2"), "\(screen)")
    for scalar in Self.forbidden {
      #expect(!screen.unicodeScalars.contains(scalar), "\(screen.debugDescription)")
    }
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }

  // MARK: - The hostile server

  /// Runs `body` with a function that runs the binary with the given arguments against the hostile
  /// server (a fresh cache each run).
  private func withServer(_ body: (_ run: ([String]) throws -> CommandRun) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try Self.server(in: temporary)
    defer { server.stop() }
    var runs = 0
    try body { arguments in
      runs += 1
      return try CommandRun.run(
        [binary] + arguments + [
          "--api", server.baseURL.absoluteString,
          "--cache-dir", temporary.url.appendingPathComponent("cache-\(runs)").path,
        ], in: temporary.url,
        environment: [
          "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": temporary.url.appendingPathComponent("config").path,
          "XDG_STATE_HOME": temporary.url.appendingPathComponent("state").path,
        ])
    }
  }

  /// The standard API with a calm wildfire, plus the category `hazard` (hostile title, events with
  /// formulas for ids, links and sources) and a category with a hostile id and no events file.
  private static func server(in temporary: TemporaryDirectory) throws -> FixtureServer {
    let api = try FixtureAPI(
      in: temporary.url,
      events: ["wildfires": [FixtureAPI.Event(id: "EONET_3", title: "Calm Fire", daysAgo: 3)]])
    let list = api.directory.appendingPathComponent("categories.json")
    var body = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: list)) as? [String: Any])
    var categories = try #require(body["categories"] as? [[String: Any]])
    categories.append(["id": "hazard", "title": hostileTitle, "description": "hostile"])
    categories.append(["id": hostileID, "title": "Evil", "description": "hostile"])
    body["categories"] = categories
    try JSONSerialization.data(withJSONObject: body).write(to: list)

    let category: [String: Any] = ["id": "hazard", "title": hostileTitle]
    func event(id: String, link: String, sources: [String], daysAgo: Double) -> [String: Any] {
      [
        "id": id, "title": "Hostile \(id.prefix(4))", "description": NSNull(), "link": link,
        "closed": NSNull(),
        "categories": [category],
        "sources": sources.enumerated().map { ["id": "Evil\($0.offset)", "url": $0.element] },
        "geometry": [
          [
            "date": FixtureAPI.iso(api.now.addingTimeInterval(-daysAgo * 86_400)), "type": "Point",
            "coordinates": [-120.5, 38.25], "magnitudeValue": NSNull(), "magnitudeUnit": NSNull(),
          ]
        ],
      ]
    }
    let events = [
      event(id: "EONET_90", link: formulas[0], sources: [formulas[0], formulas[1]], daysAgo: 1),
      event(id: formulas[1], link: formulas[2], sources: [formulas[2]], daysAgo: 2),
      event(id: "EONET_91", link: formulas[3], sources: [formulas[3]], daysAgo: 4),
    ]
    try JSONSerialization.data(withJSONObject: ["title": "EONET Events: " + hostileTitle, "events": events])
      .write(to: api.directory.appendingPathComponent("categories/hazard.json"))
    return try FixtureServer(fixtures: api.directory, idleTimeout: 120)
  }

  // MARK: - Checks

  /// Expects `text` to hold no character a terminal would act on (line breaks aside).
  private static func expectClean(
    _ text: String, allowing allowed: Set<Unicode.Scalar> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bad = text.unicodeScalars.filter { scalar in
      guard scalar != "\n", !allowed.contains(scalar) else { return false }
      return forbidden.contains(scalar) || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    #expect(
      bad.isEmpty, "control characters \(bad.map(\.value)) in \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  /// RFC 4180, as a spreadsheet reads it: rows of cells, quotes doubled inside quoted cells.
  static func parseCSV(_ text: String) throws -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var cell = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    while let scalar = pending ?? scalars.next() {
      pending = nil
      if quoted {
        if scalar == "\"" {
          let next = scalars.next()
          if next == "\"" { cell.unicodeScalars.append("\"") } else { quoted = false; pending = next }
        } else {
          cell.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where cell.isEmpty: quoted = true
      case ",":
        row.append(cell)
        cell = ""
      case "\r":
        let next = scalars.next()
        guard next == "\n" else { throw CSVError.strayCarriageReturn }
        row.append(cell)
        rows.append(row)
        row = []
        cell = ""
      default: cell.unicodeScalars.append(scalar)
      }
    }
    guard !quoted, cell.isEmpty, row.isEmpty else { throw CSVError.unfinished }
    return rows
  }

  enum CSVError: Error {
    case strayCarriageReturn
    case unfinished
  }
}
