/// The state a terminal was left in after a program exited, read by the harness's wrapper script
/// (`stty -a`) and from tmux (alternate screen, cursor).
package struct TerminalState: Hashable, Sendable, CustomStringConvertible {
  /// The program's exit status as the shell saw it (128 + N when killed by signal N).
  package var exitStatus: Int32
  /// Whether `stty` shows echo on.
  package var echo: Bool
  /// Whether `stty` shows canonical (line) mode on.
  package var canonical: Bool
  /// Whether `stty` shows output post-processing (newline to CR-LF) on.
  package var outputProcessing: Bool
  /// Whether the pane was still on the alternate screen.
  package var alternateScreen: Bool
  /// Whether the cursor was visible.
  package var cursorVisible: Bool

  /// Whether everything a curses program changes is back to a shell's normal.
  package var isRestored: Bool {
    echo && canonical && outputProcessing && !alternateScreen && cursorVisible
  }

  /// Parses the flags out of `stty -a` output.
  static func sttyFlags(_ output: String) -> (echo: Bool, canonical: Bool, outputProcessing: Bool) {
    let words = Set(output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    return (words.contains("echo"), words.contains("icanon"), words.contains("opost"))
  }

  package var description: String {
    "exit=\(exitStatus) echo=\(echo) icanon=\(canonical) opost=\(outputProcessing) "
      + "alternateScreen=\(alternateScreen) cursorVisible=\(cursorVisible)"
  }
}
