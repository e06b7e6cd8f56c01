import Foundation
import Support
import TerminalUI

/// Where the commands write: results to stdout, messages to stderr prefixed with the program name.
enum Console {
  /// Writes a line to stdout.
  static func output(_ line: String) {
    writeNow(line + "\n")
  }

  /// Writes `text` to stdout as it is, without adding a newline.
  static func write(_ text: String) {
    writeNow(text)
  }

  /// Server text made safe for one line of a terminal or a pipe: line breaks and tabs become
  /// spaces, other control characters (escape sequences included) become `?`.
  static func line(_ text: String) -> String {
    TextSanitizer.sanitize(text, placeholder: "?")
  }

  /// Writes `text` to stdout at once, in one write, past any buffering (what `watch` prints must
  /// reach a pipe as it happens).
  static func writeNow(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `ourplanet: <message>` to stderr.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("ourplanet: \(message)\n".utf8))
  }
}
