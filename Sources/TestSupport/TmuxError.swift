/// What went wrong driving a terminal in tmux.
package enum TmuxError: Error, CustomStringConvertible, Sendable {
  /// tmux is not installed (tests should skip).
  case tmuxMissing
  /// A tmux command failed or did not finish in time.
  case commandFailed(arguments: [String], status: Int32, output: String)
  /// The screen never showed what a test waited for.
  case timeout(waitingFor: String, screen: String)
  /// The program's process could not be found in the pane.
  case processNotFound

  package var description: String {
    switch self {
    case .tmuxMissing:
      "tmux is not installed (apt-get install tmux)"
    case .commandFailed(let arguments, let status, let output):
      "tmux \(arguments.joined(separator: " ")) failed with status \(status): \(output)"
    case .timeout(let waitingFor, let screen):
      "timed out waiting for \(waitingFor); the screen was:\n\(screen)"
    case .processNotFound:
      "the program's process was not found in the tmux pane"
    }
  }
}
