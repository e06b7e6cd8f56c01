import Foundation
import TestSupport
import Testing

/// `y` in the real binary, in tmux with `set-clipboard on`: the selected event's EONET link reaches
/// the terminal's clipboard (tmux's paste buffer) through OSC 52, and the status line says so.
@Suite("ourplanet copies links end to end")
struct ClipboardEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  @Test(
    "y on an event puts its EONET link on the terminal's clipboard",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func copyLink() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 120)
    defer { server.stop() }
    let app = try AppHarness.start(
      arguments: ["--api", server.baseURL.absoluteString, "--days", "30"],
      cacheDirectory: temporary.url.appendingPathComponent("cache"), columns: 110, rows: 30)
    defer { app.tmux.close() }
    try app.tmux.acceptClipboard()
    try app.waitFor("Wildfires", "live, updated", timeout: .seconds(30))
    try app.tmux.sendKeys("G", "Enter")
    try app.tmux.sendKeys("/")
    try app.tmux.sendText("rim")
    try app.tmux.sendKeys("Enter")
    try app.waitFor("1 of 4 events", "Rim Fire, California")
    #expect(app.tmux.pasteBuffer() == nil, "nothing copied yet")
    try app.tmux.sendKeys("y")
    let link = "https://eonet.gsfc.nasa.gov/api/v3/events/EONET_1"
    try app.waitFor("Copied \(link)")
    let deadline = ContinuousClock.now + .seconds(20)
    while app.tmux.pasteBuffer() != link, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(app.tmux.pasteBuffer() == link)
    try app.tmux.sendKeys("q")
    #expect(try app.tmux.terminalState().isRestored)
  }
}
