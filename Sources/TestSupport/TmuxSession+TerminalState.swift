import Foundation

/// How the program left the terminal: the `stty -a` and exit status the wrapper records, and the
/// pane's screen and cursor modes.
extension TmuxSession {
  /// Waits for the program to exit and reports how it left the terminal.
  ///
  /// - Throws: `TmuxError.timeout` if it has not exited by the deadline.
  package func terminalState(timeout: Duration = .seconds(30)) throws -> TerminalState {
    let deadline = ContinuousClock.now + timeout
    while !FileManager.default.fileExists(atPath: statusFile.path) {
      guard ContinuousClock.now < deadline else {
        throw TmuxError.timeout(waitingFor: "the program to exit", screen: (try? capture()) ?? "")
      }
      Thread.sleep(forTimeInterval: TmuxSession.seconds(TmuxSession.pollInterval))
    }
    let status = (try? String(contentsOf: statusFile, encoding: .utf8)) ?? ""
    return try readState(
      stty: stateFile, exitStatus: Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
  }

  private func readState(stty file: URL, exitStatus: Int32) throws -> TerminalState {
    let stty = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let flags = TerminalState.sttyFlags(stty)
    let pane = try tmux(
      ["display-message", "-p", "-t", TmuxSession.target, "#{alternate_on} #{cursor_flag}"]
    ).split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    return TerminalState(
      exitStatus: exitStatus,
      echo: flags.echo, canonical: flags.canonical, outputProcessing: flags.outputProcessing,
      alternateScreen: pane.first == "1", cursorVisible: pane.count > 1 && pane[1] == "1")
  }

  /// Waits until the program has stopped (Ctrl-Z) and reports the terminal state it left behind.
  package func suspendedState(timeout: Duration = .seconds(30)) throws -> TerminalState {
    try waitForText(TmuxSession.suspendedMarker, timeout: timeout)
    return try readState(stty: suspendedStateFile, exitStatus: suspendedStatus)
  }

  /// Resumes a program stopped by Ctrl-Z, as `fg` in a shell would (the wrapper waits for a line).
  package func resumeAfterSuspend() throws {
    try sendKeys("Enter")
  }

  /// What the shell reports for a job stopped by SIGTSTP.
  var suspendedStatus: Int32 { 128 + SIGTSTP }
  /// Printed by the wrapper when the program stopped.
  package static let suspendedMarker = "[harness] program stopped"
}
