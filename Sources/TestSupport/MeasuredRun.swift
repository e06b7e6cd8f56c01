import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One finished child process with what the kernel counted for it: CPU time, wall time, peak memory.
///
/// The CPU time comes from `wait4`, so it is the child's own (not this process's other children),
/// which lets a test assert that a program waiting on the network is idle without sleeping a fixed
/// time: run it until it ends by itself and compare its CPU time with its wall time.
///
/// ```swift
/// let run = try MeasuredRun.run(["/path/to/ourplanet", "categories", "--api", url])
/// #expect(run.cpuSeconds < run.wallSeconds * 0.1)
/// ```
package struct MeasuredRun: Sendable {
  /// The exit status, or `128 + signal` when a signal ended it.
  package let status: Int32
  /// User plus system CPU seconds the child used.
  package let cpuSeconds: Double
  /// Seconds from the spawn to the end.
  package let wallSeconds: Double
  /// The child program's peak resident memory in megabytes: the highest `VmHWM` its
  /// `/proc/PID/status` showed while it ran, sampled with its end.
  ///
  /// Not `wait4`'s `ru_maxrss`: a child made by `posix_spawn` (or `fork`) starts out counting its
  /// parent's resident pages, and Linux keeps that maximum across `exec`, so a test process at 190 MB
  /// made even `/bin/true` report 190 MB. `VmHWM` belongs to the program's own memory, made at `exec`.
  /// Only a child that ends before the first sample (10 ms) falls back to `ru_maxrss`.
  package let peakMegabytes: Double
  /// What the child wrote on stderr.
  package let standardError: String

  /// Runs `arguments` (an absolute executable path first) with `environment` and waits for it.
  ///
  /// Stdout is discarded; stderr is kept in a file (a pipe could fill and stall the child).
  ///
  /// - Throws: If it cannot start, or it is still running after `timeout` (then it is killed).
  package static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    timeout: Duration = .seconds(60)
  ) throws -> MeasuredRun {
    let errorPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-measured-\(UUID().uuidString)").path
    defer { unlink(errorPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // A Dispatch worker thread may block signals; the child must not inherit that mask.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    let deadline = start + timeout
    var peakKilobytes: Int?
    while true {
      if let sample = highWaterKilobytes(of: pid) { peakKilobytes = max(peakKilobytes ?? 0, sample) }
      let ended = wait4(pid, &status, WNOHANG, &usage)
      if ended == pid { break }
      if ended < 0, errno != EINTR {
        throw Failure(description: "wait4: \(String(cString: strerror(errno)))")
      }
      if ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        _ = wait4(pid, &status, 0, &usage)
        throw Failure(description: "\(arguments.joined(separator: " ")) still ran after \(timeout)")
      }
      // Polling the child's end; what is measured is the child's CPU time, not this loop's.
      usleep(10_000)
    }
    let elapsed = ContinuousClock.now - start
    let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let exited = status & 0x7f == 0
    let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return MeasuredRun(
      status: code, cpuSeconds: cpu, wallSeconds: wall,
      peakMegabytes: Double(peakKilobytes ?? Int(usage.ru_maxrss)) / 1024,
      standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// `VmHWM` of `pid` in kilobytes, or `nil` once it has ended (a zombie has no memory left to show).
  static func highWaterKilobytes(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
  }

  /// A child that could not be run or measured.
  package struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String
  }
}
