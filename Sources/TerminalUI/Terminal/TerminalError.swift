/// Why a terminal session could not start.
package enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (piped, redirected, or no tty at all).
  case notATerminal
  /// `TERM` names a terminal the terminfo database does not know, or one without cursor addressing.
  case unsupportedTerminal(String)
  /// The `--log` file could not be opened.
  case cannotOpenLog(path: String, reason: String)
  /// Another session is already running in this process.
  case sessionAlreadyActive
  /// A system call failed while setting up.
  case systemCall(String, errno: Int32)

  package var description: String {
    switch self {
    case .notATerminal:
      "not a terminal: the interactive interface needs a terminal on standard input and output"
    case .unsupportedTerminal(let name):
      "unsupported terminal type '\(name)': set TERM to one your terminfo database knows (e.g. xterm-256color)"
    case .cannotOpenLog(let path, let reason):
      "cannot open log file \(path): \(reason)"
    case .sessionAlreadyActive:
      "a terminal session is already active in this process"
    case .systemCall(let name, let code):
      "\(name) failed (errno \(code))"
    }
  }
}
