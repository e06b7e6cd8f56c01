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
  private static let target = "main:0.0"
  private static let pollInterval: Duration = .milliseconds(40)
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

  /// The pid of the shell tmux started in the pane (the wrapper script).
  package func panePID() throws -> Int32 {
    let output = try tmux(["display-message", "-p", "-t", TmuxSession.target, "#{pane_pid}"])
    guard let pid = Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TmuxError.processNotFound
    }
    return pid
  }

  /// The pid of the program (the wrapper's child).
  package func programPID(timeout: Duration = .seconds(20)) throws -> Int32 {
    let shell = try panePID()
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let child = TmuxSession.children(of: shell).first { return child }
      Thread.sleep(forTimeInterval: TmuxSession.seconds(TmuxSession.pollInterval))
    }
    throw TmuxError.processNotFound
  }

  /// Sends `signal` to the program.
  package func kill(signal: Int32) throws {
    let pid = try programPID()
    guard Foundation.kill(pid, signal) == 0 else { throw TmuxError.processNotFound }
  }

  /// Sends `signal` to the wrapper shell's process group (the program runs in its own group, as a
  /// job of that shell).
  package func killProcessGroup(signal: Int32) throws {
    let shell = try panePID()
    guard Foundation.kill(-shell, signal) == 0 else { throw TmuxError.processNotFound }
  }

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

  // MARK: - Internals

  private var wrapperFile: URL { workDirectory.appendingPathComponent("wrapper.sh") }
  private var configurationFile: URL { workDirectory.appendingPathComponent("tmux.conf") }
  private var statusFile: URL { workDirectory.appendingPathComponent("status") }
  private var stateFile: URL { workDirectory.appendingPathComponent("stty") }
  private var suspendedStateFile: URL { workDirectory.appendingPathComponent("stty-suspended") }
  /// What the shell reports for a job stopped by SIGTSTP.
  private var suspendedStatus: Int32 { 128 + SIGTSTP }
  /// Printed by the wrapper when the program stopped.
  package static let suspendedMarker = "[harness] program stopped"

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let result = try TmuxSession.run(
      ["tmux", "-L", socketName] + arguments, timeout: TmuxSession.commandTimeout)
    guard result.status == 0 else {
      throw TmuxError.commandFailed(arguments: arguments, status: result.status, output: result.output)
    }
    return result.output
  }

  /// Runs a command with a deadline, returning its status and combined output.
  ///
  /// Spawned directly rather than with `Process`: Foundation notices a child's exit through a
  /// descriptor the child inherits, and the tmux server that `new-session` forks keeps it open, so
  /// `Process` would think the client never exits. Output goes to a file for the same reason.
  private static func run(_ arguments: [String], timeout: Duration) throws -> (status: Int32, output: String)
  {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("tmux-harness-output-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    // A clean signal state: test runners block signals on their worker threads, and a child inherits
    // that mask (the program under test would never see SIGWINCH or SIGTERM).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw TmuxError.commandFailed(
        arguments: arguments, status: -1, output: String(cString: strerror(spawned)))
    }
    let deadline = ContinuousClock.now + timeout
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if ContinuousClock.now >= deadline {
        Foundation.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        throw TmuxError.commandFailed(arguments: arguments, status: -1, output: "timed out after \(timeout)")
      }
      Thread.sleep(forTimeInterval: 0.002)
    }
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // WIFEXITED / WEXITSTATUS, which Swift cannot import: low 7 bits are the signal, next 8 the code.
    let exited = status & 0x7F == 0
    return (exited ? (status >> 8) & 0xFF : -1, text)
  }

  /// Child processes of `pid`, from /proc.
  private static func children(of pid: Int32) -> [Int32] {
    let listing = "/proc/\(pid)/task/\(pid)/children"
    if let text = try? String(contentsOfFile: listing, encoding: .utf8) {
      let pids = text.split(separator: " ").compactMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if !pids.isEmpty { return pids }
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { candidate in
      guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid
    }
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
