import Foundation

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

  /// Writes `ourplanet: <message>` to stderr.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("ourplanet: \(message)\n".utf8))
  }
}
