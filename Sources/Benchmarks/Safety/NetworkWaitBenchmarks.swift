import EONETKit
import Foundation
import TestSupport

/// CPU seconds per wall-clock second of the release `ourplanet` while it waits: the CLI and `watch`
/// on a server that never answers, `watch` between looks, the UI in tmux while a request hangs and
/// while idle; and the peak memory of `ourplanet categories` against a gzip bomb.
///
/// Waiting must be idle (under 0.05 CPU s/s), whatever it waits on. `OURPLANET_BINARY` picks another
/// build to compare (for example main's).
func runNetworkWaitBenchmarks(window: Double = 5) {
  runNetworkWaitBenchmarks(window: window, tls: false)
  runNetworkWaitBenchmarks(window: window, tls: true)
}

/// The cases over `http://`, or `https://` (the app trusting the test CA through `SSL_CERT_FILE`).
private func runNetworkWaitBenchmarks(window: Double, tls: Bool) {
  guard let binary = BuiltProducts.path(of: "ourplanet"),
    let resources = EONETSnapshot.resourceDirectories().first(where: {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("eonet/categories.json").path)
    })
  else {
    print("safety              skipped: needs the release ourplanet and the bundled snapshot")
    return
  }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-safety-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  let run = NetworkWaitRun(
    binary: binary, fixtures: resources.appendingPathComponent("eonet"), scratch: scratch, window: window,
    tls: tls)
  run.measureCLIHang()
  run.measureWatch()
  run.measureUI()
  run.measureGzipBomb()
}

/// One pass of the cases, over one scheme: what every case needs, and each case as a step.
private struct NetworkWaitRun {
  let binary: String
  let fixtures: URL
  let scratch: URL
  let window: Double
  let tls: Bool

  var scheme: String { tls ? "https" : "http" }
  // The test CA trusted as a user trusts theirs; CURL_CA_BUNDLE, which would win, emptied.
  var trust: [String: String] {
    tls ? ["SSL_CERT_FILE": FixtureServer.caBundle.path, "CURL_CA_BUNDLE": ""] : [:]
  }
  var trustArguments: [String] { trust.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
  let silent = #"{"rules":[{"pathPrefix":"/","fault":"silent","seconds":600}]}"#

  /// (a) The CLI while its request hangs: the server hangs up after `window` seconds, so the run
  /// ends by itself and wait4 gives the child's own CPU time.
  func measureCLIHang() {
    if let server = try? FixtureServer(
      fixtures: fixtures, plan: #"{"rules":[{"path":"/categories","fault":"silent","seconds":\#(window)}]}"#,
      tls: tls),
      let run = try? MeasuredRun.run(
        [
          binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir",
          scratch.appendingPathComponent("cli").path,
        ], environment: ProcessInfo.processInfo.environment.merging(trust) { $1 })
    {
      server.stop()
      print(
        "safety.cli_hang     \(scheme) \(format(run.cpuSeconds / run.wallSeconds, 4)) CPU s/s: ourplanet categories while "
          + "its request hangs (\(format(run.cpuSeconds, 3)) s CPU in \(format(run.wallSeconds, 2)) s)")
    }
  }

  /// (b) watch: while a look hangs, and idle between looks.
  func measureWatch() {
    for (label, plan, what) in [
      ("safety.watch_hang   ", silent, "ourplanet watch while a look hangs"),
      ("safety.watch_idle   ", nil, "ourplanet watch between looks (--interval 600)"),
    ] {
      guard let server = try? FixtureServer(fixtures: fixtures, plan: plan, tls: tls) else { continue }
      defer { server.stop() }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = [
        "watch", "--api", server.baseURL.absoluteString, "--interval", "600", "--cache-dir",
        scratch.appendingPathComponent("watch-\(plan == nil)").path,
      ]
      process.environment = [
        "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": scratch.appendingPathComponent("state").path,
      ].merging(trust) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { continue }
      defer { process.stop(grace: .seconds(2)) }
      let settled = waitFor(seconds: 30) {
        guard let stats = try? server.stats() else { return false }
        return plan == nil ? stats.requests > 0 && stats.inFlight == 0 : stats.inFlight > 0
      }
      guard settled, let rate = cpuRate(of: process.processIdentifier, over: window) else {
        print("\(label)skipped: watch did not reach the state to measure")
        continue
      }
      print("\(label)\(scheme) \(format(rate, 4)) CPU s/s: \(what), over \(format(window, 0)) s")
    }
  }

  /// (c) The UI in tmux: while its downloads hang, and idle once everything has loaded.
  func measureUI() {
    if TmuxSession.isAvailable {
      for (label, plan, what) in [
        ("safety.ui_hang      ", silent, "the UI while its downloads hang"),
        ("safety.ui_idle      ", nil, "the UI idle after loading (no automatic refresh)"),
      ] {
        guard let server = try? FixtureServer(fixtures: fixtures, plan: plan, tls: tls) else { continue }
        defer { server.stop() }
        let folder = scratch.appendingPathComponent("ui-\(plan == nil)")
        let command =
          [
            "/usr/bin/env", "XDG_STATE_HOME=\(folder.appendingPathComponent("state").path)",
          ] + trustArguments + [
            binary, "--api",
            server.baseURL.absoluteString, "--cache-dir", folder.appendingPathComponent("cache").path,
            "--refresh-interval", "off",
          ]
        guard let tmux = try? TmuxSession(command: command, columns: 120, rows: 40) else { continue }
        defer { tmux.close() }
        let settled = waitFor(seconds: 30) {
          guard let stats = try? server.stats() else { return false }
          return plan == nil ? stats.requests >= 27 && stats.inFlight == 0 : stats.inFlight > 0
        }
        guard settled, let pid = try? tmux.programPID(), let rate = cpuRate(of: pid, over: window) else {
          print("\(label)skipped: the UI did not reach the state to measure")
          continue
        }
        print("\(label)\(scheme) \(format(rate, 4)) CPU s/s: \(what), over \(format(window, 0)) s")
      }
    }
  }

  /// (d) Peak memory against a gzip bomb (4 GiB of zeros) under the 64 MiB cap.
  func measureGzipBomb() {
    if let server = try? FixtureServer(
      fixtures: fixtures, plan: #"{"rules":[{"path":"/categories","fault":"gzip-bomb"}]}"#, tls: tls),
      let run = try? MeasuredRun.run(
        [
          binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir",
          scratch.appendingPathComponent("bomb").path,
        ], environment: ProcessInfo.processInfo.environment.merging(trust) { $1 }, timeout: .seconds(300))
    {
      server.stop()
      let refused = run.standardError.contains("larger than") ? "refused at the cap" : "NOT refused"
      print(
        "safety.gzip_bomb    \(scheme) \(format(run.peakMegabytes, 1)) MB peak: ourplanet categories against a gzip "
          + "bomb of 4 GiB (\(refused), \(format(run.wallSeconds, 2)) s)")
    }
  }
}

/// Polls `condition` every 50 ms for at most `seconds`.
private func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(50_000)
  }
  return false
}

/// CPU seconds per second that process `pid` used over `window` seconds (from /proc/<pid>/stat).
private func cpuRate(of pid: Int32, over window: Double) -> Double? {
  guard let before = cpuSeconds(of: pid) else { return nil }
  let start = Date()
  usleep(useconds_t(window * 1_000_000))
  guard let after = cpuSeconds(of: pid) else { return nil }
  return (after - before) / Date().timeIntervalSince(start)
}

/// User plus system CPU seconds of process `pid` so far.
private func cpuSeconds(of pid: Int32) -> Double? {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return nil }
  // Fields after the command name, which may contain spaces: state is field 3, utime 14, stime 15.
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
  return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
