import Foundation
import TestSupport
import Testing

/// The world map in the real binary, in tmux, against the fixture server: `m` shows it in braille with
/// the events on it, beside or below the list, in the detail view, and hides it again.
@Suite("ourplanet world map end to end", .serialized)
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
}
