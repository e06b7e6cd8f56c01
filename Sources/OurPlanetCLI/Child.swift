import Dispatch
import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// A program `watch` runs for a change: started with `posix_spawn` in a process group of its own,
/// holding no descriptor of ours but 0–2, waited for by a thread blocked in `waitpid` (nothing
/// polls).
///
/// Its stdin is a pipe holding what it is given (for `watch`, the change as its `--json` line), then
/// end of file; its stdout is our stderr (or /dev/null), so `watch --json | jq` only ever reads our
/// lines. Descriptors 3 and up are closed in the child before the program starts:
/// `posix_spawn_file_actions_addclosefrom_np`, where Foundation's `Process` could pass on a socket
/// or file opened without `O_CLOEXEC`.
final class Child: Sendable {
  /// The process id.
  let pid: pid_t
  /// Its raw wait status, once `waitpid` has returned it.
  private let exit = OneShot<Int32>()

  private init(pid: pid_t) {
    self.pid = pid
  }

  /// Starts `program` with `arguments` and exactly `environment`, `input` on its stdin.
  ///
  /// - Parameters:
  ///   - input: What it reads on stdin before end of file.
  ///   - quiet: Whether its output goes to /dev/null rather than our stderr.
  /// - Throws: ``SystemFailure`` when it cannot start.
  static func spawn(
    _ program: String, arguments: [String], environment: [String: String], input: Data = Data(), quiet: Bool
  ) throws -> Child {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SystemFailure("pipe", path: program, code: errno) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    // Not for any other child (the Glibc module does not show `pipe2`); this one gets the read end
    // as its stdin by dup2, which clears the flag there.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    if quiet {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    }
    closeFrom3(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The ending signals are ignored here (the dispatch sources see them); the child gets them at
    // their default action, and no signal blocked, so SIGTERM ends it.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in Shutdown.ignoredHere + [SIGPIPE] { sigaddset(&defaults, number) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    // A process group of its own, led by it: stopping it reaches whatever it started too (a
    // script's `sleep`), which would otherwise outlive it, re-parented to init.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    close(readEnd)
    guard result == 0 else {
      close(writeEnd)
      throw SystemFailure("run", path: program, code: result)
    }
    // A thread of its own: a program that never reads must not hold up the wait and its timeout
    // (the pipe takes 64 KiB, a record can be longer). It stops at EPIPE when the program ends.
    let writer = Thread {
      // SIGPIPE for a write is sent to the writing thread: blocked here, a program that ends
      // without reading makes the write fail with EPIPE instead of ending `watch`.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      input.withUnsafeBytes { _ = FileDescriptor.writeAll($0, to: writeEnd) }
      close(writeEnd)
    }
    writer.stackSize = 64 * 1024
    writer.start()
    let child = Child(pid: pid)
    let waiter = Thread { child.reap() }
    waiter.stackSize = 64 * 1024
    waiter.start()
    return child
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module
  /// does not show (it is a GNU extension): looked up once by name.
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let closeFrom: CloseFrom? = {
    guard let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()

  /// Adds the closing of every descriptor from 3 up to `actions`.
  private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
    if let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 { return }
    // An older glibc: close each descriptor open now (none is opened between here and the spawn
    // on this thread; `watch` runs its child between looks, when nothing else opens files).
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  /// Waits in `waitpid` for the end, then wakes whoever waits.
  private func reap() {
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 {
      guard errno == EINTR else {
        raw = 0
        break
      }
    }
    exit.fulfil(raw)
  }

  /// Waits for the end, up to `timeout`.
  ///
  /// - Returns: Its raw wait status, or `nil` when it still runs.
  func wait(timeout: DispatchTimeInterval) -> Int32? {
    exit.wait(timeout: timeout)
  }

  /// Sends SIGTERM to its process group, and SIGKILL if it still runs after `grace`; returns once
  /// it has ended, with whatever else of its group was left ended by SIGKILL.
  ///
  /// - Returns: Its raw wait status.
  @discardableResult
  func stop(grace: DispatchTimeInterval) -> Int32 {
    if let status = wait(timeout: .seconds(0)) {
      kill(-pid, SIGKILL)
      return status
    }
    kill(-pid, SIGTERM)
    let status =
      wait(timeout: grace)
      ?? {
        kill(-pid, SIGKILL)
        return exit.wait()
      }()
    // Its children that outlived it (they ignored SIGTERM, or it ended first).
    kill(-pid, SIGKILL)
    return status
  }

  /// A raw wait status in words: `exited with status 3`, `was killed by signal 9`.
  static func describe(_ status: Int32) -> String? {
    let signal = status & 0x7f
    if signal == 0 {
      let code = (status >> 8) & 0xff
      return code == 0 ? nil : "exited with status \(code)"
    }
    return "was ended by signal \(signal)"
  }
}
