import Glibc

extension TerminalSession {
  /// Why `run(render:)` returned.
  package enum Ending: Hashable, Sendable {
    /// `stop()` was called.
    case stopped
    /// A terminating signal arrived (SIGINT from Ctrl-C, SIGTERM, SIGHUP, SIGQUIT from Ctrl-\).
    case signal(Int32)
    /// The terminal went away (its window closed, the connection dropped).
    case terminalLost
  }

  /// Ends the process the way `ending` suggests, once the session is closed: by the signal that
  /// stopped it (so the parent sees "killed by SIGINT"), otherwise with `status`.
  package static func exit(for ending: Ending, status: Int32 = 0) -> Never {
    if case .signal(let signal) = ending { SignalRelay.dieOf(signal) }
    Glibc.exit(status)
  }
}
