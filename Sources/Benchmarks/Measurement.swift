import Dispatch
import Foundation
import Support

// Helpers every benchmark suite shares.

/// The repository's root folder (this file is `Sources/Benchmarks/Measurement.swift`).
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The best of `runs` timings of `work`, in seconds.
func best(of runs: Int, _ work: () -> Void) -> Double {
  var fastest = Double.infinity
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return fastest
}

/// This process's peak resident memory (VmHWM) in megabytes, or `nil` where /proc has none.
func peakResidentMegabytes() -> Double? {
  peakResidentMegabytes(statusFile: "/proc/self/status")
}

/// The peak resident memory of process `pid` in megabytes.
func peakResidentMegabytes(ofProcess pid: Int32) -> Double? {
  peakResidentMegabytes(statusFile: "/proc/\(pid)/status")
}

/// The resident memory of process `pid` now (VmRSS) in megabytes.
func residentMegabytes(ofProcess pid: Int32) -> Double? {
  statusMegabytes(statusFile: "/proc/\(pid)/status", field: "VmRSS:")
}

private func peakResidentMegabytes(statusFile: String) -> Double? {
  statusMegabytes(statusFile: statusFile, field: "VmHWM:")
}

private func statusMegabytes(statusFile: String, field: String) -> Double? {
  guard let status = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix(field) {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    return kilobytes.map { $0 / 1024 }
  }
  return nil
}

/// The median of `values` (0 for none).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One run of a child process: its wall time, its own peak resident memory and its exit status.
struct ChildRun {
  let seconds: Double
  let peakMegabytes: Double
  let status: Int32
}

/// Runs `arguments` (the first is the program's path) with output discarded and waits for it;
/// `nil` if it cannot start.
///
/// The peak memory is the child's own VmHWM, read from /proc every 2 ms while it runs. `wait4`'s
/// `ru_maxrss` cannot be used: `posix_spawn` starts the child on this process's address space, and
/// at `exec` Linux carries that space's high-water mark into the child's (this benchmark process
/// after the rx suite: 53 MB reported for a 46 MB child).
func runChild(_ arguments: [String]) -> ChildRun? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
  let peak = PeakSampler(pid: pid)
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { return nil }
  }
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  // Exited normally: the exit code; killed: 128 + the signal, as shells report it.
  let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ChildRun(seconds: seconds, peakMegabytes: peak.stop(), status: code)
}

/// Reads a process's VmHWM every 2 ms on a thread of its own until stopped.
private final class PeakSampler: Sendable {
  private let state = LockedValue((peak: 0.0, running: true))
  private let finished = OneShot<Void>()

  init(pid: pid_t) {
    Thread.detachNewThread { [self] in
      while state.withLock({ $0.running }) {
        if let megabytes = peakResidentMegabytes(ofProcess: pid) {
          state.withLock { $0.peak = max($0.peak, megabytes) }
        }
        usleep(2_000)
      }
      finished.fulfil(())
    }
  }

  /// Stops sampling and returns the highest value read.
  func stop() -> Double {
    state.withLock { $0.running = false }
    finished.wait()
    return state.withLock { $0.peak }
  }
}

/// `value` with `decimals` digits after the point.
func format(_ value: Double, _ decimals: Int) -> String {
  String(format: "%.\(decimals)f", value)
}
