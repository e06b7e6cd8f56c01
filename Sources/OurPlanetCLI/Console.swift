import Foundation
import TerminalUI

/// Where the commands write: results to stdout, messages to stderr prefixed with the program name.
enum Console {
  /// Writes a line to stdout.
  static func output(_ line: String) {
    print(line)
  }

  /// Writes `text` to stdout as it is, without adding a newline.
  static func write(_ text: String) {
    print(text, terminator: "")
  }

  /// Server text made safe for one line of a terminal or a pipe: line breaks and tabs become
  /// spaces, other control characters (escape sequences included) become `?`.
  static func line(_ text: String) -> String {
    TextSanitizer.sanitize(text, placeholder: "?")
  }

  /// Writes `ourplanet: <message>` to stderr.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("ourplanet: \(message)\n".utf8))
  }
}
