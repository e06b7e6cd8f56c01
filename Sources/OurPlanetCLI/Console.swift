import Foundation
import Support
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Where the commands write: results to stdout, messages to stderr prefixed with the program name.
///
/// Writes go straight to `write(2)`: `FileHandle.write` traps on an error, and a reader that went
/// away (`| head -1`) or a full disk (`> /dev/full`) then ended in a crash report.
enum Console {
  /// Writes a line to stdout.
  static func output(_ line: String) {
    writeNow(line + "\n")
  }

  /// Server text made safe for one line of a terminal or a pipe: line breaks and tabs become
  /// spaces, other control characters (escape sequences included) become `?`.
  static func line(_ text: String) -> String {
    TextSanitizer.sanitize(text, placeholder: "?")
  }

  /// Writes `text` to stdout at once, in one write, past any buffering (what `watch` prints must
  /// reach a pipe as it happens).
  ///
  /// When stdout cannot take it (a closed pipe with SIGPIPE ignored, a full disk), says so in one
  /// line on stderr and ends the process with status 1: nothing after it could be delivered.
  static func writeNow(_ text: String) {
    if let code = writeAll(text, to: STDOUT_FILENO) {
      error("cannot write to standard output: \(String(cString: strerror(code)))")
      exit(1)
    }
  }

  /// Writes `ourplanet: <message>` to stderr (a stderr that cannot take it is left alone).
  ///
  /// Every message passes through the one sanitiser, line by line, with any URL's user name and
  /// password replaced by `***`: whatever a message quotes (a category id, a server's list, an
  /// argument) reaches the terminal as text, never as an escape sequence or a secret.
  static func error(_ message: String) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line(URL.redacting(String($0))) }
    _ = writeAll("ourplanet: \(lines.joined(separator: "\n"))\n", to: STDERR_FILENO)
  }

  /// Writes the bell to stderr, when stderr is a terminal: in a log (journald under the systemd
  /// unit, a file) it would be a stray control character, not a sound.
  static func bell() {
    guard isatty(STDERR_FILENO) == 1 else { return }
    _ = writeAll("\u{07}", to: STDERR_FILENO)
  }

  /// Writes all of `text` to `descriptor`.
  ///
  /// - Returns: `errno` when a write failed, else `nil`.
  private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { FileDescriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }
}
