import Foundation
import TestSupport
import Testing

/// Regions from the command line, checked against an independent great-circle computation, and
/// the map that zooms, pans and follows the mouse in a real terminal.
@Suite("ourplanet regions and the map, end to end", .serialized, .tags(.spawnsProcess))
struct RegionEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// Wildfires spread over the world, Fiji's on both sides of the antimeridian.
  private static let places: [(id: String, longitude: Double, latitude: Double)] = [
    ("EONET_1", -100, 40), ("EONET_2", -120.5, 38.25), ("EONET_3", -75, 45), ("EONET_4", 2.35, 48.85),
    ("EONET_5", 179.5, -17), ("EONET_6", -179.5, -16.5), ("EONET_7", 151.2, -33.9), ("EONET_8", -99, 19.4),
  ]

  private func withServer(_ body: (FixtureServer, TemporaryDirectory, String) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    var fires = Self.places.enumerated().map { index, place in
      FixtureAPI.Event(
        id: place.id, title: "Fire \(index + 1)", daysAgo: Double(index + 1), longitude: place.longitude,
        latitude: place.latitude)
    }
    fires[1].records = 3  // a track, moving east: positions at -120.5, -119.5, -118.5
    let api = try FixtureAPI(in: temporary.url, events: ["wildfires": fires])
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    try body(server, temporary, binary)
  }

  private func run(
    _ binary: String, _ arguments: [String], _ server: FixtureServer, _ temporary: TemporaryDirectory
  )
    throws -> CommandRun
  {
    try CommandRun.run(
      [binary] + arguments + [
        "--api", server.baseURL.absoluteString, "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin"])
  }

  /// Great-circle distance by the spherical law of cosines: a second formula, not the app's.
  private static func kilometres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let r = Double.pi / 180
    let cosine =
      sin(a.1 * r) * sin(b.1 * r) + cos(a.1 * r) * cos(b.1 * r) * cos((b.0 - a.0) * r)
    return acos(min(1, max(-1, cosine))) * 6_371.0088
  }

  /// The ids `events --json` printed.
  private func ids(_ run: CommandRun) throws -> Set<String> {
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
    return Set(array.compactMap { $0["id"] as? String })
  }

  @Test("--near returns exactly the events with a position within the radius; categories agrees")
  func near() throws {
    try withServer { server, temporary, binary in
      for (latitude, longitude, radius) in [
        (40.0, -100.0, 3000.0), (48.0, 2.0, 200.0), (-17.0, 180.0, 150.0),
      ] {
        let near = "\(latitude),\(longitude),\(radius)"
        let events = try run(binary, ["events", "wildfires", "--near", near, "--json"], server, temporary)
        #expect(events.status == 0, "\(events)")
        var expected = Set<String>()
        for place in Self.places {
          var positions = [(place.longitude, place.latitude)]
          if place.id == "EONET_2" {
            positions += [(place.longitude + 1, place.latitude), (place.longitude + 2, place.latitude)]
          }
          if positions.contains(where: { Self.kilometres(($0.0, $0.1), (longitude, latitude)) <= radius }) {
            expected.insert(place.id)
          }
        }
        #expect(try ids(events) == expected, "--near \(near)")
        let categories = try run(binary, ["categories", "--near", near, "--json"], server, temporary)
        #expect(
          categories.standardOutput.contains(
            #""id":"wildfires","title":"Wildfires","count":\#(expected.count)"#), "\(categories)")
      }
    }
  }

  @Test("--bbox, across the antimeridian too")
  func boundingBox() throws {
    try withServer { server, temporary, binary in
      let cases: [(String, Set<String>)] = [
        ("-130,30,-90,50", ["EONET_1", "EONET_2"]),
        ("170,-20,-170,-10", ["EONET_5", "EONET_6"]),
        ("-10,40,10,60", ["EONET_4"]),
        ("100,-40,-100,-30", ["EONET_7"]),
      ]
      for (box, expected) in cases {
        let events = try run(binary, ["events", "wildfires", "--bbox", box, "--json"], server, temporary)
        #expect(try ids(events) == expected, "--bbox \(box): \(events.standardOutput)")
      }
    }
  }

  @Test(
    "impossible regions are usage errors that name the problem",
    arguments: [
      (["--near", "91,0"], "latitude"), (["--near", "0,-181"], "longitude"),
      (["--near", "0,0,-5"], "radius"),
      (["--bbox", "0,50,10,40"], "MINLAT"), (["--bbox", "0,0,10"], "MINLON"), (["--near", "a,b"], "LAT,LON"),
    ])
  func impossibleRegions(arguments: [String], problem: String) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let result = try CommandRun.run(
      [binary, "events", "wildfires"] + arguments, in: FileManager.default.temporaryDirectory,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 2, "\(result)")
    #expect(result.standardError.contains(problem), "\(result)")
  }

  @Test(
    "the map zooms, pans, resets, sets the region, and follows the mouse",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func mapMovesAndFollowsTheMouse() throws {
    try withServer { server, temporary, _ in
      let app = try AppHarness.start(
        arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
        cacheDirectory: temporary.url.appendingPathComponent("cache"), columns: 110, rows: 40)
      defer { app.tmux.close() }
      try app.waitFor("Wildfires", "events in 13 categories", timeout: .seconds(30))
      try app.tmux.sendKeys("G", "Enter", "m")
      try app.waitFor("OurPlanet › Wildfires", "8 events in the last 30 days")
      try app.tmux.sendKeys("Tab")
      try app.waitFor("Map: + - zoom")
      try app.tmux.sendKeys("+", "+")
      var screen = try app.waitFor("4× · ")
      let caption = screen.split(separator: "\n").first { $0.contains("4× · ") }.map(String.init) ?? ""
      try app.tmux.sendKeys("Left")
      screen = try app.tmux.waitUntil("the map panned west") { screen in
        let line = screen.split(separator: "\n").first { $0.contains("4× · ") }.map(String.init) ?? ""
        return !line.isEmpty && line != caption
      }
      try app.tmux.sendKeys("f")
      screen = try app.waitFor("Only events in ", "Save the view as a place:")
      // Esc keeps the filter without saving a place.
      try app.tmux.sendKeys("Escape")
      try app.tmux.waitUntil("the name line closed") { !$0.contains("Save the view as a place:") }
      // 0 frames the region the view became: zoomed in, as it was.
      try app.tmux.sendKeys("0")
      screen = try app.waitFor("× · ")
      // Without the region, the fires all over the world frame the whole world.
      try app.tmux.sendKeys("F")
      try app.waitFor("8 events in the last 30 days", "Region filter cleared")
      screen = try app.tmux.waitUntil("the whole world again") { !$0.contains("× · ") }
      // The mouse: a click selects a row, the wheel over the map zooms, a double click opens.
      let row = try #require(
        app.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.contains("Fire 3")
        })
      try app.tmux.sendText(
        "\u{1B}[M \(Self.mouse(2))\(Self.mouse(row))\u{1B}[M#\(Self.mouse(2))\(Self.mouse(row))")
      try app.waitFor("3/8")
      let mapLine = try #require(
        app.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
        })
      try app.tmux.sendText("\u{1B}[M`\(Self.mouse(40))\(Self.mouse(mapLine + 2))")
      try app.waitFor("2× · ")
      try app.tmux.sendText(
        "\u{1B}[M \(Self.mouse(2))\(Self.mouse(row))\u{1B}[M#\(Self.mouse(2))\(Self.mouse(row))"
          + "\u{1B}[M \(Self.mouse(2))\(Self.mouse(row))\u{1B}[M#\(Self.mouse(2))\(Self.mouse(row))")
      try app.waitFor("Records:")
      try app.tmux.sendKeys("q")
      #expect(try app.tmux.terminalState().isRestored)
    }
  }

  /// One coordinate of an X10 mouse report (1-based, offset by 32).
  private static func mouse(_ zeroBased: Int) -> Character {
    Character(Unicode.Scalar(UInt8(33 + zeroBased)))
  }
}
