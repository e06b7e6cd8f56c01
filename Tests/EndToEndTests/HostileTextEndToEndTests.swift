import Foundation
import TestSupport
import Testing

/// Text as long as the decoder accepts, and text terminals disagree about, in a real terminal.
@Suite("hostile text in the UI, end to end", .serialized, .tags(.spawnsProcess))
struct HostileTextEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// A 10 MB title and a 2 MB one-word description (wrapping it was quadratic: minutes), a title
  /// of zero-width-joiner sequences, and a plain event below it.
  private static let events: [String: [FixtureAPI.Event]] = [
    "wildfires": [
      FixtureAPI.Event(
        id: "EONET_1", title: "Huge " + String(repeating: "lava ", count: 2_000_000), daysAgo: 1,
        description: "Start " + String(repeating: "m", count: 2_000_000) + " end"),
      FixtureAPI.Event(
        id: "EONET_2", title: "Joined " + String(repeating: "👩‍🚀a\u{200D}", count: 60) + "tail", daysAgo: 2),
      FixtureAPI.Event(id: "EONET_3", title: "Calm Fire", daysAgo: 3),
    ]
  ]

  @Test(
    "an event with a huge title and description opens, scrolls to its end and goes back",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func hugeFields() throws {
    try withApp { app in
      try app.tmux.sendKeys("Enter")
      try app.waitFor("Huge lava lava", "Start", "mmmmmmmm")
      try app.tmux.sendKeys("G")
      // The description is cut with an ellipsis, and the sources after it are still there.
      let screen = try app.waitFor("mmmm…", "Sources (o opens the first")
      #expect(!screen.contains("m end"), "\(screen)")
      try app.tmux.sendKeys("Escape")
      try app.waitFor("Calm Fire", "3 events in the last 30 days")
    }
  }

  @Test(
    "zero-width joiners in a title never push the row into the next one",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func zeroWidthJoiners() throws {
    try withApp { app in
      let screen = try app.waitFor("Joined 👩", "Calm Fire")
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let joined = try #require(lines.firstIndex { $0.contains("Joined") }, "\(screen)")
      #expect(lines[joined + 1].contains("Calm Fire"), "\(screen)")
      // Each row ends with its date in the right-hand column: a row whose joined pictures the
      // terminal drew wider than curses counted had its date pushed along and left a stray digit at
      // the far right (the spill into the next row).
      for row in lines[(joined - 1)...(joined + 1)] {
        let trimmed = row.reversed().drop { $0 == " " }.reversed()
        #expect(String(trimmed).wholeMatch(of: /.* \d{4}-\d{2}-\d{2}/) != nil, "\(screen)")
      }
    }
  }

  @Test("a password in --api never reaches stderr: every message shows the URL as http://***@host")
  func redactedAPI() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    // Nothing listens on the discard port of the loopback: the request fails and the message names
    // the URL.
    let run = try CommandRun.run(
      [
        binary, "events", "wildfires", "--days", "1", "--api", "http://user:hunter2@127.0.0.1:9/api/v3",
        "--cache-dir", temporary.url.appendingPathComponent("cache").path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.standardError.contains("http://***@127.0.0.1:9/api/v3"), "\(run)")
    #expect(!run.standardError.contains("hunter2") && !run.standardOutput.contains("hunter2"), "\(run)")
  }

  @Test("a server's category ids reach stderr as text: no escape sequence, bell or bidi control")
  func hostileCategoryIDs() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI(in: temporary.url, events: [:])
    // A category list whose ids and titles carry a screen clear, a title change, a bell and a
    // right-to-left override.
    let list = api.directory.appendingPathComponent("categories.json")
    var body = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: list)) as? [String: Any])
    var categories = try #require(body["categories"] as? [[String: Any]])
    categories.append(["id": "evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}", "title": "Evil\u{1B}[31m"])
    body["categories"] = categories
    try JSONSerialization.data(withJSONObject: body).write(to: list)
    let server = try FixtureServer(fixtures: api.directory)
    defer { server.stop() }
    let run = try CommandRun.run(
      [
        binary, "events", "no-such-category", "--api", server.baseURL.absoluteString,
        "--cache-dir", temporary.url.appendingPathComponent("cache").path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains("unknown category 'no-such-category'"), "\(run)")
    #expect(run.standardError.contains("evil"), "\(run)")
    for forbidden in ["\u{1B}", "\u{07}", "\u{202E}"] {
      #expect(!run.standardError.contains(forbidden), "\(run.standardError.debugDescription)")
    }
  }

  private func withApp(_ body: (AppHarness) throws -> Void) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try AppHarness.withServed(try FixtureAPI(in: temporary.url, events: Self.events), in: temporary) { app in
      try app.tmux.sendKeys("G", "Enter")  // Wildfires is last
      try app.waitFor("OurPlanet › Wildfires", "3 events in the last 30 days", timeout: .seconds(60))
      try body(app)
    }
  }
}
