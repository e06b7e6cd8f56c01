import Foundation
import Support

/// A program running in a real terminal: a detached tmux session on a private server.
///
/// The program runs under a small wrapper script that, when it exits, records its exit status and
/// `stty -a` to files, so a test can check the terminal was restored (`terminalState(timeout:)`).
/// Every wait has a deadline and polls the screen; nothing sleeps for a fixed time. The tmux server
/// is private to the session (`tmux -L <unique>`) and is killed by `close()` or `deinit`, so a
/// failing test never leaves one behind.
///
/// ```swift
/// let tmux = try TmuxSession(command: [demoPath], columns: 80, rows: 24)
/// defer { tmux.close() }
/// try tmux.waitForText("Last 30 days")
/// try tmux.sendKeys("Down", "q")
/// let state = try tmux.terminalState()
/// #expect(state.isRestored)
/// ```
package final class TmuxSession: Sendable {
  /// The private server's socket name.
  package let socketName: String
  private let workDirectory: URL
  private let closed = LockedValue(false)
  static let target = "main:0.0"
  static let pollInterval: Duration = .milliseconds(40)
  private static let commandTimeout: Duration = .seconds(10)

  /// Whether tmux is installed.
  package static var isAvailable: Bool {
    (try? run(["tmux", "-V"], timeout: .seconds(5)).status == 0) ?? false
  }

  /// Starts `command` in a new detached tmux session of the given size.
  ///
  /// - Parameters:
  ///   - command: the program and its arguments.
  ///   - columns: terminal width.
  ///   - rows: terminal height.
  ///   - environment: extra environment variables for the program (`TERM` defaults to
  ///     `tmux-256color`, `LANG` to `C.UTF-8`).
  /// - Throws: `TmuxError.tmuxMissing` without tmux, `.commandFailed` if tmux cannot start.
  package init(command: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
    guard TmuxSession.isAvailable else { throw TmuxError.tmuxMissing }
    let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    socketName = "tui-\(unique)"
    workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-harness-\(unique)")
    try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)

    var variables = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]
    variables.merge(environment) { _, new in new }
    let exports = variables.sorted { $0.key < $1.key }
      .map { "export \($0.key)=\(TmuxSession.shellQuoted($0.value))" }
      .joined(separator: "\n")
    // The wrapper is a small job-control shell, like the user's: the program runs as a foreground job
    // in its own process group (so Ctrl-Z really stops it), and the wrapper records how the program
    // left the terminal. When the program stops, the wrapper records the terminal state, prints a
    // marker and waits for a line (`resumeAfterSuspend()`), then resumes it with `fg`.
    let wrapper = """
      set -m
      trap ':' INT TERM
      \(exports)
      "$@"
      status=$?
      while [ "$status" -eq \(suspendedStatus) ]; do
        stty -a > '\(suspendedStateFile.path)' 2>&1
        echo "\(TmuxSession.suspendedMarker)"
        read -r _
        fg > /dev/null
        status=$?
      done
      stty -a > '\(stateFile.path)' 2>&1
      echo "$status" > '\(statusFile.path).tmp' && mv '\(statusFile.path).tmp' '\(statusFile.path)'
      # Keep the pane alive and untouched so the harness can read the cursor and screen state.
      read -r _
      """
    try wrapper.write(to: wrapperFile, atomically: true, encoding: .utf8)
    let configuration = """
      set -g status off
      set -g remain-on-exit on
      set -g default-terminal tmux-256color
      set -g escape-time 0
      set -g history-limit 0
      """
    try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)

    let shell = FileManager.default.isExecutableFile(atPath: "/bin/bash") ? "/bin/bash" : "/bin/sh"
    let shellCommand = ([shell, wrapperFile.path] + command).map(TmuxSession.shellQuoted).joined(
      separator: " ")
    do {
      try tmux([
        "-f", configurationFile.path, "new-session", "-d", "-s", "main", "-x", String(columns), "-y",
        String(rows),
        shellCommand,
      ])
    } catch {
      close()
      throw error
    }
  }

  deinit {
    close()
  }

  // MARK: - Driving

  /// Sends keys by tmux name ("Down", "C-c", "q", "Enter", "S-Left", "PageDown").
  package func sendKeys(_ keys: String...) throws {
    try tmux(["send-keys", "-t", TmuxSession.target] + keys)
  }

  /// Types `text` literally.
  package func sendText(_ text: String) throws {
    try tmux(["send-keys", "-t", TmuxSession.target, "-l", text])
  }

  /// The pane's current text, one line per row.
  package func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", TmuxSession.target])
  }

  /// The pane's current text with its attributes and colours as SGR escape sequences
  /// (`capture-pane -e`): `\e[1m\e[36mOurPlanet`, `\e[38;2;86;180;233m` for an RGB colour.
  package func captureStyled() throws -> String {
    try tmux(["capture-pane", "-e", "-p", "-t", TmuxSession.target])
  }

  /// Waits until the screen contains `text`.
  ///
  /// - Returns: the screen that matched.
  /// - Throws: `TmuxError.timeout` with the last screen if it never appears.
  @discardableResult
  package func waitForText(_ text: String, timeout: Duration = .seconds(30)) throws -> String {
    try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
  }

  /// Waits until `predicate` holds for a whole frame of the screen.
  ///
  /// tmux can be read while the app's frame is still arriving, so a match counts only when a second
  /// capture right after it shows the same screen: a half-drawn frame changes between the two.
  ///
  /// - Parameter styled: whether the screen is read with its styles (``captureStyled()``).
  @discardableResult
  package func waitUntil(
    _ description: String, timeout: Duration = .seconds(30), styled: Bool = false,
    _ predicate: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    let read = styled ? captureStyled : capture
    var screen = ""
    while true {
      screen = try read()
      if predicate(screen), try read() == screen { return screen }
      guard ContinuousClock.now < deadline else {
        throw TmuxError.timeout(waitingFor: description, screen: screen)
      }
      Thread.sleep(forTimeInterval: TmuxSession.seconds(TmuxSession.pollInterval))
    }
  }

  /// Lets programs in the pane set tmux's paste buffer with OSC 52 (`set-clipboard on`), as a
  /// user's tmux.conf would.
  package func acceptClipboard() throws {
    try tmux(["set-option", "-s", "set-clipboard", "on"])
  }

  /// The newest paste buffer, or `nil` when there is none yet.
  package func pasteBuffer() -> String? {
    try? tmux(["show-buffer"])
  }

  /// Resizes the terminal.
  package func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", "main", "-x", String(columns), "-y", String(rows)])
  }

  /// The pane's current size.
  package func paneSize() throws -> (columns: Int, rows: Int) {
    let output = try tmux(["display-message", "-p", "-t", TmuxSession.target, "#{pane_width} #{pane_height}"])
    let numbers = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
    guard numbers.count == 2 else {
      throw TmuxError.commandFailed(arguments: ["display-message"], status: 0, output: output)
    }
    return (numbers[0], numbers[1])
  }

  /// Kills the tmux server and removes the session's files. Idempotent.
  package func close() {
    let alreadyClosed = closed.withLock { value in
      defer { value = true }
      return value
    }
    guard !alreadyClosed else { return }
    _ = try? TmuxSession.run(["tmux", "-L", socketName, "kill-server"], timeout: .seconds(5))
    try? FileManager.default.removeItem(at: workDirectory)
  }

  // MARK: - Files and commands

  private var wrapperFile: URL { workDirectory.appendingPathComponent("wrapper.sh") }
  private var configurationFile: URL { workDirectory.appendingPathComponent("tmux.conf") }
  var statusFile: URL { workDirectory.appendingPathComponent("status") }
  var stateFile: URL { workDirectory.appendingPathComponent("stty") }
  var suspendedStateFile: URL { workDirectory.appendingPathComponent("stty-suspended") }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try TmuxSession.run(
      ["tmux", "-L", socketName] + arguments, timeout: TmuxSession.commandTimeout)
    guard result.status == 0 else {
      throw TmuxError.commandFailed(arguments: arguments, status: result.status, output: result.output)
    }
    return result.output
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
