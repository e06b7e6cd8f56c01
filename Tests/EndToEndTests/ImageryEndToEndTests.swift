import Foundation
import TestSupport
import Testing

/// The detail's satellite image in a real terminal (tmux) against the fixture server's WMS route:
/// the request (box and day), the picture's colours at 24-bit and 256 colours, the cache offline,
/// and one line for each hostile answer.
@Suite("imagery, end to end", .serialized, .tags(.spawnsProcess))
struct ImageryEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// A test's folder, API and server, and the app's arguments for them.
  private struct Setup {
    let temporary: TemporaryDirectory
    let api: FixtureAPI
    let server: FixtureServer
    var arguments: [String] {
      [
        "--api", server.baseURL.absoluteString, "--imagery", "http://127.0.0.1:\(server.port)/wms", "--days",
        "30",
      ]
    }
    var cache: URL { temporary.url.appendingPathComponent("cache") }

    init() throws {
      temporary = try TemporaryDirectory()
      api = try FixtureAPI.standard(in: temporary.url)
      server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    }

    func stop() {
      server.stop()
      temporary.remove()
    }

    /// The WMS requests the server answered.
    func imageRequests() throws -> [FixtureServerStats.Request] {
      try server.stats().log.filter { $0.path == "/wms" }
    }
  }

  /// Starts the app, opens Rim Fire's detail (the newest wildfire) and shows its image with `i`;
  /// `reopened`: a second run, which remembers the category and the pane shown.
  private func openImage(
    _ setup: Setup, extra: [String] = [], environment: [String: String] = [:], waitFor: String = "NASA GIBS",
    reopened: Bool = false
  ) throws -> AppHarness {
    let app = try AppHarness.start(
      arguments: setup.arguments + extra, cacheDirectory: setup.cache,
      environment: ["NO_COLOR": ""].merging(environment) { _, given in given })
    if !reopened {
      try app.waitFor("Wildfires")
      try app.tmux.sendKeys("G")
      try app.tmux.sendKeys("Enter")
    }
    try app.waitFor("Rim Fire, California")
    try app.tmux.sendKeys("Enter")
    try app.waitFor("Latest report")
    if !reopened { try app.tmux.sendKeys("i") }
    try app.waitFor(waitFor)
    return app
  }

  /// The west and east colours (foreground and background) of the picture's middle row, marker left out.
  private func halves(_ screen: StyledScreen) throws -> (
    west: StyledScreen.CellStyle, east: StyledScreen.CellStyle
  ) {
    let rows = screen.raw.split(separator: "\n").filter { $0.contains("▀") }
    let middle = try #require(rows.dropFirst(rows.count / 2 + 1).first, "\(screen)")
    let cells = try #require(StyledScreen(raw: String(middle)).cells(ofLineContaining: "▀"))
      .filter { $0.character == "▀" }
    return (try #require(cells.first).style, try #require(cells.last).style)
  }

  @Test(
    "the request frames the event on its day, and at 256 colours the picture is red west and blue east",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func requestAndColours256() throws {
    let setup = try Setup()
    defer { setup.stop() }
    let app = try openImage(setup)
    defer { app.tmux.close() }
    let request = try #require(try setup.imageRequests().first)
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    let fire = try #require(setup.api.events["wildfires"]?.first)
    #expect(request.query["TIME"] == formatter.string(from: fire.latestDate(now: setup.api.now)))
    #expect(request.query["VERSION"] == "1.3.0" && request.query["CRS"] == "EPSG:4326")
    let box = try #require(request.query["BBOX"]).split(separator: ",").compactMap { Double($0) }
    try #require(box.count == 4)
    // Latitude first (WMS 1.3.0, EPSG:4326), the event in the middle.
    #expect(box[0] < fire.latitude && fire.latitude < box[2], "\(box)")
    #expect(box[1] < fire.longitude && fire.longitude < box[3], "\(box)")
    #expect(abs((box[0] + box[2]) / 2 - fire.latitude) < 0.01, "\(box)")
    let screen = StyledScreen(raw: try app.tmux.captureStyled())
    let (west, east) = try halves(screen)
    #expect(west.foreground == "38;5;160" && west.background == "48;5;160", "\(screen)")
    #expect(east.foreground == "38;5;20" && east.background == "48;5;20", "\(screen)")
    #expect(screen.raw.contains("+"), "the event's marker")
  }

  @Test(
    "with COLORTERM=truecolor the picture goes out in 24-bit colour",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func colours24Bit() throws {
    let terminfo = try DirectColourTerminfo()
    defer { terminfo.remove() }
    let setup = try Setup()
    defer { setup.stop() }
    let app = try openImage(
      setup, environment: terminfo.environment)
    defer { app.tmux.close() }
    let screen = StyledScreen(raw: try app.tmux.captureStyled())
    let (west, east) = try halves(screen)
    #expect(west.foreground == "38;2;220;30;30" && west.background == "48;2;220;30;30", "\(screen)")
    #expect(east.foreground == "38;2;30;30;220" && east.background == "48;2;30;30;220", "\(screen)")
  }

  @Test(
    "offline, the cached image comes back with the time it was fetched, and nothing is requested",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func offlineFromCache() throws {
    let setup = try Setup()
    defer { setup.stop() }
    let first = try openImage(setup)
    first.tmux.close()
    let requests = try setup.imageRequests().count
    #expect(requests == 1)
    let offline = try openImage(setup, extra: ["--offline"], waitFor: "fetched", reopened: true)
    defer { offline.tmux.close() }
    #expect(try offline.tmux.capture().contains("▀"))
    #expect(try setup.imageRequests().count == requests)
    // The pane was remembered as shown: `i` hides it.
    try offline.tmux.sendKeys("i")
    try offline.tmux.waitUntil("the pane hidden", timeout: .seconds(30)) { !$0.contains("NASA GIBS") }
  }

  @Test(
    "each hostile answer gives one line in the pane, and the UI stays responsive",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func hostileAnswers() throws {
    let setup = try Setup()
    defer { setup.stop() }
    let modes: [(rule: String, line: String)] = [
      (#""fault": "png-huge""#, "40000×40000 pixels, larger than"),
      (#""fault": "png-corrupt""#, "the image data is corrupt"),
      (#""fault": "png-crc""#, "bad checksum in its IDAT chunk"),
      (#""fault": "png-truncated""#, "the image is cut off"),
      (#""fault": "wms-exception""#, "the server says: Invalid TIME:"),
      (#""fault": "status", "code": 404"#, "the server has no such image (HTTP 404)"),
      (#""fault": "silent", "seconds": 60"#, "Loading the satellite image"),
    ]
    try setup.server.setPlan(#"{"rules": [{"path": "/wms", \#(modes[0].rule)}]}"#)
    let app = try openImage(setup, waitFor: modes[0].line)
    defer { app.tmux.close() }
    for (index, mode) in modes.enumerated() {
      if index > 0 {
        try setup.server.setPlan(#"{"rules": [{"path": "/wms", \#(mode.rule)}]}"#)
        // Hidden and shown again, a failed image is asked for again.
        try app.tmux.sendKeys("i")
        try app.tmux.waitUntil("hidden", timeout: .seconds(30)) { !$0.contains("no image:") }
        try app.tmux.sendKeys("i")
      }
      let screen = try app.waitFor(mode.line)
      let lines = screen.split(separator: "\n").filter {
        $0.contains("no image:") || $0.contains("Loading the")
      }
      #expect(lines.count == 1, "one line: \(screen)")
      #expect(!screen.contains("▀"), "no picture: \(screen)")
    }
    // While the slow answer is awaited the keys work: J steps to the next event.
    try app.tmux.sendKeys("J")
    try app.tmux.waitUntil("the next event", timeout: .seconds(30)) { !$0.contains("Rim Fire, California") }
  }

  @Test("`image` writes the PNG as served; without an image it exits 1 with the reason")
  func imageCommand() throws {
    let setup = try Setup()
    defer { setup.stop() }
    let binary = try #require(AppHarness.binaryPath)
    let output = setup.temporary.url.appendingPathComponent("fire.png")
    let environment = [
      "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": setup.temporary.url.appendingPathComponent("config").path,
      "XDG_STATE_HOME": setup.temporary.url.appendingPathComponent("state").path,
    ]
    let command = [binary, "image", "EONET_1", "--cache-dir", setup.cache.path, "--output", output.path]
    let written = try CommandRun.run(
      command + setup.arguments + ["--date", "2025-11-07"], in: setup.temporary.url, environment: environment)
    #expect(written.status == 0, "\(written)")
    let png = try Data(contentsOf: output)
    #expect(png.starts(with: [137, 80, 78, 71]))
    #expect(written.standardOutput.contains("2025-11-07") && written.standardOutput.contains("NASA GIBS"))
    let request = try #require(try setup.imageRequests().last)
    #expect(request.query["TIME"] == "2025-11-07" && request.query["WIDTH"] == "1024")
    try setup.server.setPlan(#"{"rules": [{"path": "/wms", "fault": "wms-exception"}]}"#)
    let failed = try CommandRun.run(
      command + setup.arguments + ["--date", "2025-11-06"], in: setup.temporary.url, environment: environment)
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.standardError.contains("no image: the server says: Invalid TIME: 2025-11-06"), "\(failed)")
    let unknown = try CommandRun.run(
      [binary, "image", "EONET_999", "--output", output.path, "--cache-dir", setup.cache.path]
        + setup.arguments,
      in: setup.temporary.url, environment: environment)
    #expect(unknown.status == 1 && unknown.standardError.contains("no event 'EONET_999'"), "\(unknown)")
  }
}
