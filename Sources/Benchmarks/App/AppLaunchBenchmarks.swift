import Dispatch
import EONETKit
import Foundation
import TestSupport

/// The real release binary in a real terminal (tmux): the time from starting it to its first
/// complete frame, and its peak resident memory. Today's data from the bundled snapshot (a first
/// launch); ten times that from a warm cache (what every later launch reads) and from the snapshot.
func runAppLaunchBenchmark(runs: Int = 5) {
  guard let binary = BuiltProducts.path(of: "ourplanet"), TmuxSession.isAvailable else {
    print("app.launch          skipped: needs tmux and the release ourplanet (make bench builds it)")
    return
  }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-launch-\(UUID())")
  defer { try? FileManager.default.removeItem(at: scratch) }
  let overhead = measureHarness(runs: runs)
  print(
    "app.launch_harness  \(format(overhead, 0)) ms median from Enter to the frame of a program that prints "
      + "it at once: the measuring's own share of the figures below")
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch         ", data: "1x, the bundled snapshot",
    scratch: scratch.appendingPathComponent("1x"), arguments: [])
  // Ten times the data: the bundled snapshot with ten copies of every event, ids shifted and dates
  // moved to today, so the days window holds as many as it would with live data.
  guard let resources = tenfoldResources(in: scratch) else {
    print("app.launch_10x      skipped: the bundled snapshot was not found")
    return
  }
  let warm = scratch.appendingPathComponent("10x-cache")
  if let server = try? FixtureServer(
    fixtures: resources.appendingPathComponent("eonet"), plan: FixtureServer.recordedPlan)
  {
    defer { server.stop() }
    _ = runChild([
      binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir", warm.path,
    ])
  }
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch_10x     ", data: "10x, a warm cache",
    scratch: scratch.appendingPathComponent("10x"), arguments: ["--cache-dir", warm.path],
    expected: "cached data")
  measureSliderInTerminal(binary: binary, cache: warm, scratch: scratch.appendingPathComponent("10x-slider"))
  measureLaunch(
    binary: binary, runs: runs, label: "app.launch_10x_json", data: "10x, the snapshot's JSON",
    scratch: scratch.appendingPathComponent("10x-snapshot"), arguments: [],
    environment: ["OURPLANET_RESOURCES=\(resources.path)"])
}

/// Starts the release app offline in tmux `runs` times (after one launch that is not counted: it
/// takes the first-launch baseline and warms the page cache) and prints the median time from
/// pressing Enter in the waiting terminal to the first complete frame, and the peak memory.
private func measureLaunch(
  binary: String, runs: Int, label: String, data: String, scratch: URL, arguments: [String],
  environment: [String] = [], expected: String = "offline snapshot"
) {
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  let cache = scratch.appendingPathComponent("cache")
  // The seen state goes beside the cache, never into the user's own state folder.
  let state = scratch.appendingPathComponent("state")
  var times: [Double] = []
  var peaks: [Double] = []
  for run in 0...runs {
    let command =
      ["/usr/bin/env", "XDG_STATE_HOME=\(state.path)"] + environment + [
        binary, "--offline", "--cache-dir", cache.path, "--log", scratch.appendingPathComponent("log").path,
      ] + arguments
    guard let elapsed = timeToFrame(command, until: { $0.contains("Wildfires") && $0.contains(expected) })
    else { break }
    if run > 0 {
      times.append(elapsed.milliseconds)
      if let peak = elapsed.peak { peaks.append(peak) }
    }
  }
  guard !times.isEmpty else {
    print("\(label) failed: no complete frame within 10 s")
    return
  }
  print(
    "\(label) \(format(median(times), 0)) ms median (\(format(times.min() ?? 0, 0))–"
      + "\(format(times.max() ?? 0, 0))) from start to the first complete frame; peak RSS "
      + "\(peaks.max().map { format($0, 1) } ?? "?") MB (release, offline, \(data))")
}

/// A slider step on All with ten times the data as a user sees it: from sending ← or → to tmux
/// showing the new header, tmux and the reading of its screen included (each read starts a tmux
/// client). Twenty steps, alternating, a short pause between them.
private func measureSliderInTerminal(binary: String, cache: URL, scratch: URL) {
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  let command = [
    "/usr/bin/env", "XDG_STATE_HOME=\(scratch.appendingPathComponent("state").path)", binary, "--offline",
    "--cache-dir", cache.path, "--log", scratch.appendingPathComponent("log").path,
  ]
  guard let tmux = try? TmuxSession(command: command, columns: 120, rows: 40),
    (try? tmux.waitForText("cached data")) != nil, (try? tmux.sendKeys("Enter")) != nil,
    (try? tmux.waitForText("› All categories")) != nil
  else {
    print("app.slider_tmux     failed: All did not open")
    return
  }
  defer { tmux.close() }
  func header() -> Substring? { (try? tmux.capture())?.split(separator: "\n").first }
  var times: [Double] = []
  for step in 0..<20 {
    guard let before = header() else { break }
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? tmux.sendKeys(step % 2 == 0 ? "Left" : "Right")) != nil else { break }
    while DispatchTime.now().uptimeNanoseconds - start < 2_000_000_000 {
      if let now = header(), now != before {
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        break
      }
    }
    usleep(50_000)
  }
  guard times.count == 20 else {
    print("app.slider_tmux     failed: \(times.count) of 20 steps showed")
    return
  }
  print(
    "app.slider_tmux     \(format(median(times), 0)) ms median (worst \(format(times.max() ?? 0, 0))) from ←/→ to "
      + "the new header on All (10x, release, in tmux; tmux and the reading of its screen included)")
}

/// The harness's own share: the same measurement of a program that prints the frame at once.
private func measureHarness(runs: Int) -> Double {
  let times = (0..<runs).compactMap { _ in
    timeToFrame(["/bin/sh", "-c", "echo Wildfires; echo done; read -r _"], until: { $0.contains("done") })?
      .milliseconds
  }
  return median(times)
}

/// Starts a terminal whose shell waits for Enter and then runs `command` in its place, presses
/// Enter, and reads the screen every 3 ms until `isFramed`: the time from Enter (tmux's own start is
/// not counted) and the program's peak memory.
private func timeToFrame(
  _ command: [String], until isFramed: (String) -> Bool
) -> (milliseconds: Double, peak: Double?)? {
  let waiting = ["/bin/sh", "-c", "read -r _; exec \"$@\"", "sh"] + command
  guard let tmux = try? TmuxSession(command: waiting, columns: 120, rows: 40) else { return nil }
  defer { tmux.close() }
  // The shell is waiting once it is the pane's foreground program.
  guard (try? tmux.programPID()) != nil else { return nil }
  let start = DispatchTime.now().uptimeNanoseconds
  guard (try? tmux.sendKeys("Enter")) != nil else { return nil }
  while DispatchTime.now().uptimeNanoseconds - start < 10_000_000_000 {
    // A short pause between reads: each read starts a tmux client, and back to back they would take
    // a core from the program being measured (this machine has two).
    usleep(3_000)
    let screen = (try? tmux.capture()) ?? ""
    if isFramed(screen) {
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let peak = (try? tmux.programPID()).flatMap { peakResidentMegabytes(ofProcess: $0) }
      try? tmux.sendKeys("q")
      return (milliseconds, peak)
    }
  }
  return nil
}

/// A copy of the bundled snapshot with ten copies of every event (ids shifted, dates moved so the
/// newest is today), inside `folder`; `nil` when the snapshot is not found.
private func tenfoldResources(in folder: URL) -> URL? {
  movedResources(in: folder, copies: 10)
}

/// A copy of the bundled snapshot with `copies` copies of every event (ids shifted, dates moved so
/// the newest is today), inside `folder`; `nil` when the snapshot is not found.
func movedResources(in folder: URL, copies: Int) -> URL? {
  guard
    let bundled = EONETSnapshot.resourceDirectories().first(where: {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("eonet/snapshot.json").path)
    }),
    let snapshot = try? EONETSnapshot(directory: bundled.appendingPathComponent("eonet"))
  else { return nil }
  let root = folder.appendingPathComponent("resources-\(copies)x")
  let eonet = root.appendingPathComponent("eonet")
  let shift = (Date().timeIntervalSince(snapshot.fetchedAt) / 86_400).rounded(.down) * 86_400
  let formatter = ISO8601DateFormatter()
  func moved(_ value: Any?) -> Any? {
    guard let text = value as? String, let date = formatter.date(from: text) else { return value }
    return formatter.string(from: date.addingTimeInterval(shift))
  }
  do {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: bundled.appendingPathComponent("eonet"), to: eonet)
    // The manifest's date moves too: it is the snapshot's "now".
    let manifest = eonet.appendingPathComponent("snapshot.json")
    if var fields = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any] {
      fields["fetchedAt"] = moved(fields["fetchedAt"])
      try JSONSerialization.data(withJSONObject: fields).write(to: manifest)
    }
    let folder = eonet.appendingPathComponent("categories")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json")
    {
      let file = folder.appendingPathComponent(name)
      guard var response = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        let events = response["events"] as? [[String: Any]]
      else { continue }
      response["events"] = (0..<copies).flatMap { copy in
        events.map { event in
          var event = event
          event["id"] = "\(event["id"] ?? "")-\(copy)"
          event["closed"] = moved(event["closed"]) ?? NSNull()
          if let geometries = event["geometry"] as? [[String: Any]] {
            event["geometry"] = geometries.map { geometry in
              var geometry = geometry
              geometry["date"] = moved(geometry["date"])
              return geometry
            }
          }
          return event
        }
      }
      try JSONSerialization.data(withJSONObject: response).write(to: file)
    }
    return root
  } catch {
    return nil
  }
}
