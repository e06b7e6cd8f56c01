import Foundation
import TestSupport
import Testing

/// Each theme's first frame in a real terminal (tmux), read back with its colours
/// (`capture-pane -e`): the header, a failed category's `!` and the categories' descriptions.
@Suite("themes and colour depth, end to end", .serialized, .tags(.spawnsProcess))
struct ThemeEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  /// What a theme's first frame shows, as SGR colours (`nil`: the terminal's default).
  struct Expected: CustomTestStringConvertible, Sendable {
    var theme: String
    var header: String?
    var failed: String?
    var description: String?

    var testDescription: String { theme }
  }

  /// Runs the app against the standard fixtures with Floods failing (HTTP 500), with `arguments` and
  /// `environment`, and returns its first whole frame with its styles.
  ///
  /// `swift test` sets `NO_COLOR=1` for its children, tmux's server among them: the app's `NO_COLOR`
  /// is empty (colours on) unless `environment` says otherwise.
  /// The categories' first frame with Floods failed; with `keys`, the frame after them: All opened,
  /// its map shown (the land, the timeline and the slider drawn).
  private func firstFrame(
    _ arguments: [String], environment: [String: String] = [:], config: String? = nil, keys: [String] = []
  ) throws -> StyledScreen {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let plan = #"{"rules": [{"path": "/categories/floods", "fault": "status", "code": 500}]}"#
    let server = try FixtureServer(fixtures: api.directory, plan: plan, idleTimeout: 120)
    defer { server.stop() }
    if let config {
      let file = temporary.url.appendingPathComponent("config/ourplanet/config.toml")
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(config.utf8).write(to: file)
    }
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString] + arguments,
      cacheDirectory: temporary.url.appendingPathComponent("cache"),
      environment: ["NO_COLOR": ""].merging(environment) { _, given in given })
    defer { app.tmux.close() }
    let raw = try app.tmux.waitUntil("the categories, Floods failed", timeout: .seconds(30), styled: true) {
      $0.contains("Floods: HTTP 500") && $0.contains("About wildfires")
    }
    guard !keys.isEmpty else { return StyledScreen(raw: raw) }
    for key in keys { try app.tmux.sendKeys(key) }
    let opened = try app.tmux.waitUntil("All opened, its map shown", timeout: .seconds(30), styled: true) {
      $0.contains("Last ") && $0.contains("open") && $0.contains("selected")
    }
    return StyledScreen(raw: opened)
  }

  private func check(_ screen: StyledScreen, _ expected: Expected) throws {
    let header = try #require(screen.style(of: "OurPlanet"), "\(screen)")
    #expect(header.foreground == expected.header, "header: \(screen)")
    #expect(header.attributes.contains(1), "the header is bold")
    let floods = try #require(screen.line(containing: "! Floods"), "\(screen)")
    let failed = try #require(floods.style(of: "!"), "\(floods)")
    #expect(failed.foreground == expected.failed, "failed mark: \(screen)")
    #expect(failed.attributes.contains(1), "the failed mark is bold")
    let description = try #require(screen.style(of: "About drought"), "\(screen)")
    #expect(description.foreground == expected.description, "description: \(screen)")
  }

  @Test(
    "at 256 colours each theme's first frame shows its colours; mono shows none",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing),
    arguments: [
      Expected(theme: "dark", header: "36", failed: "31", description: nil),
      Expected(theme: "light", header: "38;5;24", failed: "38;5;124", description: "38;5;59"),
      Expected(theme: "colorblind", header: "38;5;74", failed: "38;5;166", description: nil),
      Expected(theme: "mono", header: nil, failed: nil, description: nil),
    ])
  func themesAt256Colours(expected: Expected) throws {
    let screen = try firstFrame(["--theme", expected.theme])
    try check(screen, expected)
    if expected.theme == "mono" {
      #expect(screen.colorsSet.isEmpty, "\(screen)")
      #expect(screen.style(of: "OurPlanet")?.attributes.contains(4) == true, "underlined: \(screen)")
    } else {
      #expect(screen.style(of: "About drought")?.attributes.contains(2) == (expected.description == nil))
    }
  }

  @Test(
    "with COLORTERM=truecolor and a direct-colour terminfo, RGB themes go out as 38;2 and dark keeps its palette",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing),
    arguments: [
      Expected(theme: "colorblind", header: "38;2;86;180;233", failed: "38;2;213;94;0", description: nil),
      Expected(theme: "light", header: "38;2;0;85;153", failed: "38;2;175;0;0", description: "38;2;96;96;96"),
      Expected(theme: "dark", header: "36", failed: "31", description: nil),
    ])
  func trueColor(expected: Expected) throws {
    let terminfo = try DirectColourTerminfo()
    defer { terminfo.remove() }
    let screen = try firstFrame(
      ["--theme", expected.theme],
      environment: terminfo.environment)
    try check(screen, expected)
  }

  @Test(
    "on an 8-colour terminal RGB themes take the nearest basic colours",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing),
    arguments: [
      Expected(theme: "colorblind", header: "36", failed: "31", description: nil),
      // Issue 38, item 14: a grey that would be the basic black or white is the default foreground.
      Expected(theme: "light", header: "34", failed: "31", description: nil),
    ])
  func eightColours(expected: Expected) throws {
    let screen = try firstFrame(["--theme", expected.theme], environment: ["TERM": "tmux"])
    try check(screen, expected)
    if expected.theme == "light" {
      #expect(!screen.colorsSet.contains("37"), "white on the light theme's white: \(screen)")
    }
  }

  /// Issue 38, item 14: the events screen's land, timeline and slider, on an 8-colour terminal.
  @Test(
    "the light theme on an 8-colour terminal draws nothing in white: land, timeline and slider included",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func lightEightColoursEvents() throws {
    let screen = try firstFrame(["--theme", "light"], environment: ["TERM": "tmux"], keys: ["Enter", "m"])
    #expect(!screen.colorsSet.contains("37"), "white: \(screen)")
  }

  @Test(
    "NO_COLOR wins over --theme and the config's theme: no colour at all, mono's attributes",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func noColorWins() throws {
    let screen = try firstFrame(
      ["--theme", "light"], environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
    #expect(screen.colorsSet.isEmpty, "\(screen)")
    try check(screen, Expected(theme: "mono", header: nil, failed: nil, description: nil))
    #expect(screen.style(of: "OurPlanet")?.attributes.contains(4) == true, "underlined: \(screen)")
    let configured = try firstFrame([], environment: ["NO_COLOR": "1"], config: "theme = \"colorblind\"\n")
    #expect(configured.colorsSet.isEmpty, "\(configured)")
  }

  @Test(
    "the config's theme applies; --theme beats it",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func configTheme() throws {
    let configured = try firstFrame([], config: "theme = \"light\"\n")
    try check(
      configured, Expected(theme: "light", header: "38;5;24", failed: "38;5;124", description: "38;5;59"))
    let overridden = try firstFrame(["--theme", "colorblind"], config: "theme = \"light\"\n")
    try check(
      overridden, Expected(theme: "colorblind", header: "38;5;74", failed: "38;5;166", description: nil))
  }
}
