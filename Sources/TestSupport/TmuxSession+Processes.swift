import Foundation

/// The processes behind the pane: finding the program and signalling it, and running tmux itself.
extension TmuxSession {
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

  /// Runs a command with a deadline, returning its status and combined output.
  ///
  /// Spawned directly rather than with `Process`: Foundation notices a child's exit through a
  /// descriptor the child inherits, and the tmux server that `new-session` forks keeps it open, so
  /// `Process` would think the client never exits. Output goes to a file for the same reason.
  static func run(_ arguments: [String], timeout: Duration) throws -> (status: Int32, output: String) {
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
}
