import Foundation
import Testing

/// A folder holding `Tests/Tools/tmux-direct.terminfo` compiled (tmux with 24-bit colour), and the
/// environment that makes the app read it.
struct DirectColourTerminfo {
  let folder: TemporaryDirectory

  /// Compiles the entry with `tic` (ncurses-bin) into a fresh temporary folder.
  ///
  /// - Throws: When `tic` fails (recorded with its output).
  init() throws {
    folder = try TemporaryDirectory()
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tools/tmux-direct.terminfo")
    let tic = try CommandRun.run(
      ["tic", "-x", "-o", folder.url.path, source.path], in: folder.url,
      environment: ["PATH": "/usr/bin:/bin"])
    try #require(tic.status == 0, "tic (ncurses-bin) compiles the test's terminfo: \(tic)")
  }

  /// `COLORTERM=truecolor` and `TERMINFO_DIRS` naming the folder first.
  var environment: [String: String] {
    ["COLORTERM": "truecolor", "TERMINFO_DIRS": folder.url.path + ":"]
  }

  func remove() { folder.remove() }
}
