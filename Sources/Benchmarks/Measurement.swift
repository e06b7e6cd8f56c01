import Dispatch
import Foundation

// Helpers every benchmark suite shares.

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

private func peakResidentMegabytes(statusFile: String) -> Double? {
  guard let status = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    return kilobytes.map { $0 / 1024 }
  }
  return nil
}

/// `value` with `decimals` digits after the point.
func format(_ value: Double, _ decimals: Int) -> String {
  String(format: "%.\(decimals)f", value)
}
