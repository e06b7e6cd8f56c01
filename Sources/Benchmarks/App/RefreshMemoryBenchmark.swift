import EONETKit
import Foundation
import TestSupport

/// The UI's memory under live refresh: the release app in tmux against the fixture server serving
/// the bundled snapshot with its dates moved to today (no validators, so every refresh downloads
/// and decodes everything again),
/// `--refresh-interval 1s`, for `refreshes` refreshes. Prints the resident memory after the first
/// five refreshes and after the last five (medians), the growth between them (the bound: 10% over
/// an hour of refreshes), and the peak.
func runRefreshMemoryBenchmark(refreshes: Int = 100) {
  let label = "app.refresh_memory "
  guard let binary = BuiltProducts.path(of: "ourplanet"), TmuxSession.isAvailable else {
    print("\(label) skipped: needs tmux and the release ourplanet (make bench builds it)")
    return
  }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-refresh-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  guard let resources = movedResources(in: scratch, copies: 1),
    let server = try? FixtureServer(
      fixtures: resources.appendingPathComponent("eonet"), plan: FixtureServer.recordedPlan)
  else {
    print("\(label) skipped: the bundled snapshot or the fixture server was not found")
    return
  }
  defer { server.stop() }
  let command = [
    "/usr/bin/env", "XDG_STATE_HOME=\(scratch.appendingPathComponent("state").path)", binary,
    "--api", server.baseURL.absoluteString, "--cache-dir", scratch.appendingPathComponent("cache").path,
    "--refresh-interval", "1s", "--log", scratch.appendingPathComponent("log").path,
  ]
  guard let tmux = try? TmuxSession(command: command, columns: 120, rows: 40),
    let pid = try? tmux.programPID()
  else {
    print("\(label) failed: the app did not start")
    return
  }
  defer { tmux.close() }
  /// Refreshes begun so far: each starts with the category list.
  func started() -> Int {
    ((try? server.stats())?.log ?? []).lazy.filter { $0.path == "/categories" }.count
  }
  /// The resident memory as refresh `count` begins (so `count - 1` have ended), `nil` after two
  /// minutes without it.
  func residentOnceStarted(_ count: Int) -> Double? {
    let deadline = ContinuousClock.now + .seconds(120)
    while started() < count {
      guard ContinuousClock.now < deadline else { return nil }
      usleep(100_000)
    }
    return residentMegabytes(ofProcess: pid)
  }
  // One sample per refresh, as the next begins; what the allocator holds at that moment varies with
  // where the decoding threads are, so the first and the last five are each summed up by a median.
  var samples: [Double] = []
  for count in 2...(refreshes + 1) {
    guard let sample = residentOnceStarted(count) else {
      print("\(label) failed: refreshes stopped coming after \(samples.count)")
      return
    }
    samples.append(sample)
  }
  let first = median(Array(samples.prefix(5)))
  let last = median(Array(samples.suffix(5)))
  let peak = peakResidentMegabytes(ofProcess: pid) ?? 0
  print(
    "\(label) \(format(first, 1)) MB after the first refreshes, \(format(last, 1)) MB after \(refreshes) "
      + "(\(last >= first ? "+" : "")\(format((last / first - 1) * 100, 1))%), peak \(format(peak, 1)) MB "
      + "(release UI, --refresh-interval 1s, the bundled snapshot moved to today, no validators)")
}
