import Foundation
import TestSupport
import Testing

/// `y` in the real binary, in tmux with `set-clipboard on`: the selected event's EONET link reaches
/// the terminal's clipboard (tmux's paste buffer) through OSC 52, and the status line says so.
@Suite("ourplanet copies links end to end", .tags(.spawnsProcess))
struct ClipboardEndToEndTests {
  private static let tmuxMissing: Comment = "tmux is not installed (apt-get install tmux)"

  @Test(
    "y on an event puts its EONET link on the terminal's clipboard",
    .enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func copyLink() throws {
    try AppHarness.withWildfires(columns: 110, rows: 30) { app in
      try app.tmux.acceptClipboard()
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
    }
  }
}
