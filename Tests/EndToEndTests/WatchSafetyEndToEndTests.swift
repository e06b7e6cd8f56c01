import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `watch` left running: signals end it and its child, a hanging `--exec` child is stopped, children
/// keep to stderr and inherit nothing, each change is announced once across a kill -9, a failing
/// category never floods, and two watchers never both announce.
@Suite("ourplanet watch is safe to leave running, end to end", .serialized, .tags(.spawnsProcess))
struct WatchSafetyEndToEndTests {
  /// The process id written in `url`, once it is there.
  private func pid(in url: URL) throws -> Int32 {
    var pid: Int32?
    try waitUntil("the child starts (\(url.lastPathComponent))") {
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      return pid != nil
    }
    return pid!
  }

  private func isAlive(_ pid: Int32) -> Bool {
    // A zombie is dead for this purpose: its parent (watch) is gone and init reaps it.
    guard kill(pid, 0) == 0 else { return false }
    let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return !status.contains(") Z ")
  }

  @Test(
    "a signal ends watch with 128+N while it waits for a hanging --exec child, and ends the child",
    arguments: [SIGTERM, SIGINT, SIGHUP])
  func signalEndsWatchAndChild(signal: Int32) throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let pidFile = setup.file("child")
    let run = try setup.start([
      "--exec", "/bin/sh", "-c", "echo $$ > \"$0\"; exec sleep 600", pidFile.path,
    ])
    try setup.change()
    let child = try pid(in: pidFile)
    defer { kill(child, SIGKILL) }
    let status = try run.end(with: signal)
    #expect(status == 128 + signal, "exit status 128+N:\n\(run.errors)")
    try waitUntil("the child ends too") { !isAlive(child) }
  }

  @Test("SIGQUIT ends watch cleanly: no crash report")
  func sigquit() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let run = try setup.start()
    try setup.waitForBaseline()
    #expect(try run.end(with: SIGQUIT) == 128 + SIGQUIT, "\(run.errors)")
    #expect(run.errors.split(separator: "\n").count <= 1, "at most one line:\n\(run.errors)")
  }

  @Test(
    "a hanging --exec child is stopped after --exec-timeout, looks go on, its output goes to stderr, and it inherits no descriptor but 0-2"
  )
  func hangingChild() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let pids = setup.file("pid")
    let run = try setup.start([
      "--exec-timeout", "3s", "--exec", "/bin/sh", "-c",
      "echo child-says-$OURPLANET_ID; echo $$ > \"$0.$OURPLANET_ID\"; exec sleep 600", pids.path,
    ])
    try setup.change()
    let first = try pid(in: setup.file("pid.EONET_101"))
    defer { kill(first, SIGKILL) }
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(first)/fd")
    #expect(Set(descriptors) == ["0", "1", "2"], "the child inherits only 0, 1, 2: \(descriptors)")
    try waitUntil("five changes, each child stopped in turn", timeout: .seconds(60)) {
      run.output.split(separator: "\n").count >= 5
    }
    let looks = try setup.looks()
    try waitUntil("looks go on") { try setup.looks() >= looks + 2 }
    _ = try run.terminate()
    for line in run.output.split(separator: "\n") {
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil,
        "stdout holds JSON lines only: \(line)")
    }
    #expect(run.errors.contains("child-says-EONET_101"), "the child's output is on stderr:\n\(run.errors)")
    #expect(run.errors.contains("3 s"), "the timeout is reported on stderr:\n\(run.errors)")
    #expect(!isAlive(first), "the hanging child was stopped")
  }

  @Test("--exec with a program that cannot be found is a usage error before the first look")
  func missingProgram() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let run = try CommandRun.run(
      [setup.binary] + setup.arguments(["--exec", "ourplanet-no-such-program"]), in: setup.temporary.url,
      environment: setup.environment, timeout: .seconds(20))
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains("ourplanet-no-such-program"), "\(run)")
    #expect(try setup.server.stats().log.isEmpty, "no look happened")
  }

  @Test(
    "a kill -9 during the third of five --exec runs: the restart re-runs the third and the rest, never the first two"
  )
  func exactlyOnceAcrossKill() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let log = setup.file("log")
    // The third run blocks (its pid in `blocked`) until it is killed; the others return at once.
    let script = """
      echo "$OURPLANET_CHANGE $OURPLANET_ID" >> "$0"
      if [ "$(wc -l < "$0")" -eq 3 ]; then echo $$ > "$0.blocked"; exec sleep 600; fi
      """
    let first = try setup.start(["--exec", "/bin/sh", "-c", script, log.path])
    try setup.change()
    let blocked = try pid(in: setup.file("log.blocked"))
    defer { kill(blocked, SIGKILL) }
    kill(first.pid, SIGKILL)
    _ = try first.waitForEnd("watch to die of SIGKILL")
    kill(blocked, SIGKILL)
    let logged = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(logged.count == 3)

    let second = try setup.start([
      "--exec", "/bin/sh", "-c", "echo \"$OURPLANET_CHANGE $OURPLANET_ID\" >> \"$0\"", log.path,
    ])
    try waitUntil("the rest is announced") {
      ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count >= 6
    }
    try setup.settle()
    _ = try second.terminate()
    let all = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(all.count == 6, "3 before the kill, the interrupted one again and the 2 after it:\n\(all)")
    #expect(Array(all[3...]).first == logged[2], "the interrupted change is re-run first: \(all)")
    #expect(Set(all[3...]).isDisjoint(with: logged[..<2]), "the two finished ones are not repeated: \(all)")
    #expect(Set(all).count == 5, "every change once, the interrupted one twice: \(all)")
  }

  @Test("a category that failed during the first look enters the baseline silently when it loads")
  func failedCategoryDoesNotFlood() throws {
    let plan = #"{"rules": [{"path": "/categories/wildfires", "fault": "status", "code": 500}]}"#
    let setup = try WatchWorld(plan: plan)
    defer { setup.finish() }
    let first = try setup.start()
    try setup.waitForBaseline()
    _ = try first.terminate()
    // The same data, served healthy now.
    let healthy = try FixtureServer(
      fixtures: setup.temporary.url.appendingPathComponent("api"), idleTimeout: 120)
    defer { healthy.stop() }
    let second = try BackgroundRun(
      binary: setup.binary, arguments: setup.arguments(api: healthy), environment: setup.environment)
    let requests = { try healthy.stats().log.filter { $0.path == "/categories" }.count }
    try waitUntil("two healthy looks") { try requests() >= 2 }
    _ = try second.terminate()
    #expect(second.output.isEmpty, "wildfires enter the baseline without a line:\n\(second.output)")
    // Once in, a change in wildfires is announced.
    _ = try FixtureAPI(in: setup.temporary.url, events: FixtureAPI.changedEvents)
    let third = try BackgroundRun(
      binary: setup.binary, arguments: setup.arguments(api: healthy), environment: setup.environment)
    try waitUntil("five changes") { third.output.split(separator: "\n").count >= 5 }
    _ = try third.terminate()
  }

  @Test(
    "a second watch on the same state folder says so and exits 75 (try again later), which the unit restarts on"
  )
  func secondWatcher() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let first = try setup.start()
    try setup.waitForBaseline()
    let second = try CommandRun.run(
      [setup.binary] + setup.arguments(), in: setup.temporary.url, environment: setup.environment,
      timeout: .seconds(20))
    #expect(second.status == 75, "\(second)")
    #expect(second.standardError.contains("another"), "\(second)")
    let unit = try String(
      contentsOf: FixtureAPI.packageRoot.appendingPathComponent("systemd/ourplanet-watch.service.in"),
      encoding: .utf8)
    #expect(
      unit.contains("Restart=on-failure") && unit.contains("RestartPreventExitStatus=2\n"), "75 restarts")
    #expect(first.isRunning)
    _ = try first.terminate()
  }

  @Test("watch sweeps the state folder's temporary files of writers that are gone, never a live one's")
  func sweepsStaleTemporaryFiles() throws {
    let setup = try WatchWorld(json: true)
    defer { setup.finish() }
    let folder = setup.announced.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A writer killed mid-write (no such process), an earlier build's (named without a process id,
    // two days old), and a live writer's (this test's own process id): only the last one stays.
    let dead = folder.appendingPathComponent(".announced.json.\(Int32.max - 1).42.tmp")
    let old = folder.appendingPathComponent(".seen.json.\(UUID().uuidString).tmp")
    let live = folder.appendingPathComponent(".seen.json.\(getpid()).7.tmp")
    for file in [dead, old, live] { try Data("{".utf8).write(to: file) }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: old.path)
    let run = try setup.start()
    try setup.waitForBaseline()
    _ = try run.terminate()
    #expect(!FileManager.default.fileExists(atPath: dead.path))
    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(FileManager.default.fileExists(atPath: live.path))
  }

  /// The lines of `errors` but the one saying the data is the bundled snapshot.
  private func problems(_ errors: String) -> Int {
    errors.split(separator: "\n").filter { !$0.contains("showing ") }.count
  }

  @Test("a broken pipe or a full disk is one line on stderr and exit 1, no crash")
  func brokenPipeAndFullDisk() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let full = try CommandRun.run(
      ["sh", "-c", "exec \"$0\" events all --offline --format csv > /dev/full", binary], in: temporary.url,
      environment: ["PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": temporary.url.path])
    #expect(full.status == 1, "\(full)")
    #expect(problems(full.standardError) == 1, "one line:\n\(full)")
    #expect(full.standardError.contains("No space left on device"), "\(full)")
    let status = temporary.url.appendingPathComponent("status")
    let pipe = try CommandRun.run(
      [
        "bash", "-c",
        "env --ignore-signal=PIPE \"$0\" events all --offline --format csv | head -1 > /dev/null; echo ${PIPESTATUS[0]} > \"$1\"",
        binary, status.path,
      ], in: temporary.url, environment: ["PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": temporary.url.path])
    #expect(try String(contentsOf: status, encoding: .utf8) == "1\n", "\(pipe)")
    #expect(problems(pipe.standardError) == 1, "one line:\n\(pipe)")
    #expect(pipe.standardError.contains("Broken pipe"), "\(pipe)")
  }
}
