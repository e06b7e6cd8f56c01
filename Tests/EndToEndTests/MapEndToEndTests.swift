import Foundation
import TestSupport
import Testing

/// The world map in the real binary, in tmux, against the fixture server: `m` shows it in braille with
/// the events on it, beside or below the list, in the detail view, and hides it again.
@Suite("ourplanet world map end to end", .serialized, .tags(.spawnsProcess))
struct MapEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// Whether `line` holds a braille cell (U+2800–U+28FF): the map's land.
  private static func hasBraille(_ line: some StringProtocol) -> Bool {
    line.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
  }

  @Test(
    "m shows the map below the list with the events on it, follows into the detail view, m hides it",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func toggleBelowTheList() throws {
    try AppHarness.withWildfires(columns: 110, rows: 30) { app in
      #expect(!Self.hasBraille(app.screen))
      try app.tmux.sendKeys("m")
      // The fixture puts every fire in California: one cell, counted, below the list's rows. Wait
      // for the whole frame (a capture can land while the map is half drawn).
      var screen = try app.tmux.waitUntil("the map in braille with the 4 fires counted") { screen in
        screen.split(separator: "\n").contains { Self.hasBraille($0) && $0.contains("4") }
      }
      #expect(screen.contains("Rim Fire, California"), "the list stays:\n\(screen)")

      // One event left: its marker is the selected one.
      try app.tmux.sendKeys("/")
      try app.tmux.sendText("rim")
      try app.tmux.sendKeys("Enter")
      screen = try app.waitFor("1 of 4 events", "◉")
      #expect(Self.hasBraille(screen))

      // The detail view shows the map below the text.
      try app.tmux.sendKeys("Enter")
      screen = try app.waitFor("Magnitude:", "1,200 acres", "◉")
      #expect(Self.hasBraille(screen))

      // m hides it, here and back on the events screen.
      try app.tmux.sendKeys("m")
      screen = try app.tmux.waitUntil("the map gone") { !Self.hasBraille($0) && $0.contains("Magnitude:") }
      #expect(!screen.contains("◉"))
      try app.tmux.sendKeys("Escape")
      screen = try app.waitFor("1 of 4 events")
      #expect(!Self.hasBraille(screen))

      // Too small for a map: a note instead.
      try app.tmux.sendKeys("m")
      try app.tmux.waitUntil("the map again") { Self.hasBraille($0) }
      try app.tmux.resize(columns: 60, rows: 14)
      screen = try app.waitFor("map needs 8 rows, has")
      #expect(!Self.hasBraille(screen))
    }
  }

  @Test(
    "on a wide terminal the map sits beside the list",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func besideTheListWhenWide() throws {
    try AppHarness.withWildfires(columns: 140, rows: 30) { app in
      try app.tmux.sendKeys("m")
      // Wait for the whole frame: tmux can be read while the map's rows are still arriving.
      let screen = try app.tmux.waitUntil("the map beside the list, with the fires' marker") { screen in
        let lines = screen.split(separator: "\n")
        return lines.contains { $0.contains("Rim Fire, California") && Self.hasBraille($0) }
          && lines.contains { Self.hasBraille($0) && $0.contains("4") }
      }
      let lines = screen.split(separator: "\n")
      #expect(
        lines.contains { $0.contains("Rim Fire, California") && Self.hasBraille($0) },
        "a list row and the map share a line:\n\(screen)")
      #expect(lines.contains { Self.hasBraille($0) && $0.contains("4") }, "the fires' marker:\n\(screen)")
    }
  }

  /// Starts the app on a fixture API holding `events`, with `arguments`, waits for the categories,
  /// and hands it to `body`.
  private func withEvents(
    _ events: [String: [FixtureAPI.Event]], arguments: [String] = [], columns: Int, rows: Int,
    _ body: (AppHarness) throws -> Void
  ) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI(in: temporary.url, events: events)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"] + arguments,
      cacheDirectory: temporary.url.appendingPathComponent("cache"), columns: columns, rows: rows)
    defer { app.tmux.close() }
    try app.waitFor("Wildfires", "live, updated", "events in 13 categories", timeout: .seconds(30))
    try body(app)
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }

  /// The map's caption line ("4× · 72.00°S–50.00°S, …"), if the map shows one.
  private static func caption(_ screen: String) -> String? {
    screen.split(separator: "\n").first { $0.contains("× · ") }.map { line in
      String(line[line.range(of: "× · ")!.lowerBound...])
    }
  }

  /// Where the selected marker is on screen.
  private static func selectedMarker(_ screen: String) -> (row: Int, column: Int)? {
    for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.contains("selected") {
      if let column = Array(line).firstIndex(of: "◉") { return (row, column) }
    }
    return nil
  }

  @Test(
    "--near opens the map framed on the region; + keeps the selection where it is",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func nearFramesTheRegionAndZoomKeepsTheSelection() throws {
    let fires = [(-97.74, 30.27), (-98.49, 29.42), (-96.80, 32.78), (-95.37, 29.76)].enumerated().map {
      index, place in
      FixtureAPI.Event(
        id: "EONET_\(800 + index)", title: "Texas Fire \(index + 1)", daysAgo: Double(index + 1),
        longitude: place.0, latitude: place.1)
    }
    let far = FixtureAPI.Event(
      id: "EONET_899", title: "Far Fire", daysAgo: 1, longitude: 139.7, latitude: 35.7)
    try withEvents(
      ["wildfires": fires + [far]], arguments: ["--near", "30.27,-97.74"], columns: 110, rows: 40
    ) {
      app in
      try app.tmux.sendKeys("G", "Enter")
      try app.waitFor("OurPlanet › Wildfires", "4 events in the last 30 days")
      try app.tmux.sendKeys("m")
      // Framed on 500 km around Austin: 4.5° of latitude either side.
      var screen = try app.tmux.waitUntil("the map framed on the region") { Self.caption($0) != nil }
      let caption = try #require(Self.caption(screen))
      // "8× · 24.…°N–36.…°N, 103.…°W–92.…°W" (land may follow on the caption's row): Texas, not the world.
      let longitudes = caption.split(separator: ",").last.map(String.init) ?? ""
      #expect(caption.contains("°N–") && longitudes.components(separatedBy: "°W").count == 3, "\(caption)")
      try app.tmux.sendKeys("j", "j", "j")  // Texas Fire 4, Houston: east of the middle
      screen = try app.waitFor("4/4")
      let start = try #require(Self.selectedMarker(screen), "the selection:\n\(screen)")
      try app.tmux.sendKeys("Tab")
      try app.waitFor("Map: + - zoom")
      try app.tmux.sendKeys("+")
      screen = try app.tmux.waitUntil("zoomed in once") {
        Self.caption($0) != caption && Self.caption($0) != nil
      }
      let after = try #require(Self.selectedMarker(screen), "the selection after +:\n\(screen)")
      #expect(after == start, "the selection stays put:\n\(screen)")
    }
  }
}
