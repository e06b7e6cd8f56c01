import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The config's `[[alert]]` rules in `watch`: the lines name the rules that match, `--alerts-only`
/// keeps only those, a rule's program gets the record on stdin once per matching change (also
/// across a kill -9), and notifications go through `notify-send` without a shell.
///
/// The changes the fixture world goes through (``FixtureAPI/changedEvents``), oldest first: Cedar
/// Creek Fire (EONET_2) closes, Rim Fire (EONET_1, 1,200 acres) gains a position 87 km east of
/// where it started, and three wildfires are new (EONET_101–103, one of 300 acres).
@Suite("ourplanet watch alerts, end to end", .serialized, .tags(.spawnsProcess))
struct AlertEndToEndTests {
  /// Two rules: big fires near the first fire's place (a named place), and new fires anywhere.
  private static func rules(bigFiresExec: String = "", extra: String = "") -> String {
    """
    [places]
    home = "38.25,-120.5,300"

    [[alert]]
    name = "big fires"
    near = "home"
    categories = ["wildfires"]
    min-magnitude = 1000
    \(bigFiresExec)

    [[alert]]
    name = "new fires"
    categories = ["wildfires"]
    changes = ["new"]
    \(extra)
    """
  }

  private func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  @Test("watch --json names the matching rules in alerts, and a rule's exec gets the record on stdin, once")
  func jsonAlertsAndExec() throws {
    let log = "LOG"
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let script = #"cat >> "$0"; echo "$OURPLANET_CHANGE $OURPLANET_ID $OURPLANET_ALERTS" >> "$0.env""#
    let exec = #"exec = ["/bin/sh", "-c", '\#(script)', "\#(setup.file(log).path)"]"#
    try setup.configure(Self.rules(bigFiresExec: exec))
    let run = try setup.start(["--json"])
    try setup.change()
    try waitUntil("five changes") { run.output.split(separator: "\n").count >= 5 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    let changes = try objects(run.output)
    var alerts: [String: [String]] = [:]
    for change in changes {
      alerts["\(change["change"] as? String ?? "?") \(change["id"] as? String ?? "?")"] =
        change["alerts"] as? [String]
    }
    #expect(
      alerts == [
        "closed EONET_2": [], "updated EONET_1": ["big fires"], "new EONET_101": ["new fires"],
        "new EONET_102": ["new fires"], "new EONET_103": ["new fires"],
      ], "\(run.output)")
    #expect(changes.count == 5, "\(run.output)")
    // The program ran once, for Rim Fire, with the change's JSON line on stdin.
    let received = try objects(setup.lines(log).joined(separator: "\n"))
    #expect(received.count == 1, "\(setup.lines(log))")
    #expect(received.first?["id"] as? String == "EONET_1")
    #expect(received.first?["change"] as? String == "updated")
    #expect(received.first?["alerts"] as? [String] == ["big fires"])
    #expect(received.first?["magnitude"] as? Double == 1_200)
    #expect(setup.lines(log + ".env") == ["updated EONET_1 big fires"])
  }

  @Test(
    "text lines end with the rule names in brackets, --alerts-only prints only those, and a bell never reaches a log"
  )
  func textAndAlertsOnly() throws {
    let setup = try WatchWorld(config: Self.rules(extra: "bell = true"))
    defer { setup.finish() }
    let run = try setup.start(["--alerts-only"])
    try setup.change()
    try waitUntil("four alerts") { run.output.split(separator: "\n").count >= 4 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "the closed fire matches no rule:\n\(run.output)")
    #expect(lines.filter { $0.hasSuffix("  [new fires]") }.count == 3, "\(run.output)")
    #expect(
      lines.filter { $0.contains("Rim Fire") && $0.hasSuffix("  [big fires]") }.count == 1, "\(run.output)")
    #expect(!run.output.contains("Cedar Creek"), "\(run.output)")
    #expect(!run.output.contains("\u{1B}"), "no colour when not a terminal")
    #expect(!run.errors.contains("\u{07}"), "stderr is a file, not a terminal: no bell in it")
  }

  @Test("with --log each change told is appended there too: the time, then the very line printed")
  func logGetsEachChange() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let run = try setup.start(["--log", setup.file("watch.log").path])
    try setup.change()
    try waitUntil("five changes") { run.output.split(separator: "\n").count >= 5 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    let printed = run.output.split(separator: "\n").map(String.init)
    let logged = setup.lines("watch.log")
    #expect(printed.count == 5, "\(run.output)")
    #expect(logged.count == printed.count, "\(logged)")
    for (entry, line) in zip(logged, printed) {
      let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
      #expect(parts.count == 2 && parts[0].hasSuffix("Z") && parts[1] == line, "\(entry)\n\(line)")
    }
    #expect(
      logged.contains { $0.contains("Rim Fire") && $0.contains("moved 87 km E, 1 new report") }, "\(logged)")
  }

  @Test("--alerts-only without rules is a usage error before the first look")
  func alertsOnlyWithoutRules() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let run = try setup.start(["--alerts-only"])
    let status = try run.waitForEnd("watch to refuse")
    #expect(status == 2, "\(run.errors)")
    #expect(run.errors.contains("--alerts-only"), "\(run.errors)")
    #expect(try setup.server.stats().log.isEmpty, "no look happened")
  }

  @Test(
    "a bad rule or a rule's program that cannot be found is exit 2 before the first look, naming the line",
    arguments: [
      (
        "[[alert]]\nname = \"x\"\nmin-magnitud = 3\n",
        "config.toml:3: alert 'x': unknown key 'min-magnitud' (did you mean 'min-magnitude'?)"
      ),
      (
        "[places]\nhome = \"1,2\"\n[[alert]]\nname = \"x\"\nnear = \"hom\"\n",
        "config.toml:5: alert 'x': near 'hom' is no place"
      ),
      (
        "[[alert]]\nname = \"x\"\nexec = [\"ourplanet-no-such-program\"]\n",
        "alert 'x' (line 1): exec: no program 'ourplanet-no-such-program' found"
      ),
    ])
  func badRules(config: String, message: String) throws {
    let setup = try WatchWorld(config: config)
    defer { setup.finish() }
    let run = try setup.start()
    #expect(try run.waitForEnd("watch to refuse") == 2, "\(run.errors)")
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(run.errors.split(separator: "\n").count <= 2, "one line, and the hint: \(run.errors)")
    #expect(try setup.server.stats().log.isEmpty, "no look happened")
  }

  @Test(
    "a kill -9 while the second rule's program runs: the restart re-runs that one, never the first rule's, and loses no change"
  )
  func exactlyOncePerRuleAcrossKill() throws {
    let log = "log"
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let path = setup.file(log).path
    // Both rules fire on the three new fires, "first" before "second". The first run of "second"
    // blocks (its pid in `log.blocked`) until killed; after that, it logs and returns.
    let config = """
      [[alert]]
      name = "first"
      changes = ["new"]
      exec = ["/bin/sh", "-c", 'echo "first $OURPLANET_ID" >> "$0"', "\(path)"]

      [[alert]]
      name = "second"
      changes = ["new"]
      exec = ["/bin/sh", "-c", 'if [ ! -e "$0.blocked" ]; then echo $$ > "$0.blocked"; exec sleep 600; fi; echo "second $OURPLANET_ID" >> "$0"', "\(path)"]
      """
    try setup.configure(config)
    let first = try setup.start()
    try setup.change()
    try waitUntil("the second rule's program blocks") {
      ((try? String(contentsOf: setup.file("log.blocked"), encoding: .utf8)) ?? "").hasSuffix("\n")
    }
    let blocked =
      Int32(
        try String(contentsOf: setup.file("log.blocked"), encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)) ?? 0
    defer { if blocked > 0 { kill(blocked, SIGKILL) } }
    kill(first.pid, SIGKILL)
    _ = try first.waitForEnd("watch to die of SIGKILL")
    kill(blocked, SIGKILL)
    #expect(setup.lines(log) == ["first EONET_101"], "\(setup.lines(log))")

    let second = try setup.start()
    try waitUntil("the rest runs") { setup.lines(log).count >= 6 }
    try setup.settle()
    #expect(try second.terminate() == 128 + SIGTERM, "\(second.errors)")
    #expect(
      setup.lines(log) == [
        "first EONET_101", "second EONET_101", "first EONET_102", "second EONET_102", "first EONET_103",
        "second EONET_103",
      ], "each rule's program once per change, the cut one again, nothing lost")
  }

  /// A fake `notify-send` in `bin` that logs its arguments a line each, then `--END--`.
  private func fakeNotifier(_ setup: WatchWorld) throws -> [String: String] {
    let bin = setup.file("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let fake = bin.appendingPathComponent("notify-send")
    try ScriptFile.write(
      "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\" >> \"\(setup.file("notified").path)\"; done\necho '--END--' >> \"\(setup.file("notified").path)\"\n",
      to: fake)
    var environment = setup.environment
    environment["PATH"] = bin.path + ":/usr/bin:/bin"
    return environment
  }

  /// The notifications the fake logged: each one's arguments (the fourth, the body, has lines).
  private func notifications(_ setup: WatchWorld) -> [[String]] {
    setup.lines("notified").split(separator: "--END--").map { lines in
      let all = Array(lines)
      return all.count > 4 ? Array(all.prefix(3)) + [all.dropFirst(3).joined(separator: "\n")] : all
    }
  }

  @Test(
    "two overlapping rules: one notification per change naming both, after --, saying new, updated or closed and what changed"
  )
  func oneNotificationPerChange() throws {
    let config = """
      [places]
      home = "38.25,-120.5,300"

      [[alert]]
      name = "any fire"
      categories = ["wildfires"]
      notify = true
      bell = true

      [[alert]]
      name = "fires near home"
      near = "home"
      categories = ["wildfires"]
      notify = true
      """
    let setup = try WatchWorld(config: config)
    defer { setup.finish() }
    let environment = try fakeNotifier(setup)
    let run = try setup.start(environment: environment)
    try setup.change()
    try waitUntil("five notifications") { notifications(setup).count >= 5 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    let notified = notifications(setup)
    #expect(notified.count == 5, "one per change, not one per rule: \(notified)")
    for arguments in notified {
      #expect(arguments.count == 4 && arguments.prefix(2) == ["--app-name=OurPlanet", "--"], "\(arguments)")
    }
    func find(_ title: String) throws -> [String] {
      try #require(notified.first { $0.dropFirst(2).first == title }, "\(title) in \(notified)")
    }
    let juniper = try find("New: Juniper Flat Fire")
    #expect(juniper[3].hasPrefix("Wildfires · 300 acres · "), "\(juniper)")
    #expect(juniper[3].contains("\nAlerts: any fire, fires near home\n"), "\(juniper)")
    #expect(juniper[3].hasSuffix("\nhttps://example.org/report"), "\(juniper)")
    let rim = try find("Updated: Rim Fire, California")
    #expect(rim[3].hasPrefix("Wildfires · moved 87 km E, 1 new report · "), "\(rim)")
    let cedar = try find("Closed: Cedar Creek Fire")
    #expect(cedar[3].hasPrefix("Wildfires · closed "), "\(cedar)")
    #expect(!run.errors.contains("notify-send"), "\(run.errors)")
  }

  /// The `watch` recipes README.md and the manual give, each as written: their words after
  /// `ourplanet watch`, with the test's server, cache and interval put in after `watch`.
  private func recipes(binary: String) throws -> [(source: String, words: [String])] {
    let readme = try String(
      contentsOf: FixtureAPI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let manual = ManualPage.plain(
      try CommandRun.run(
        [binary, "manual"], in: FileManager.default.temporaryDirectory, environment: ["PATH": "/usr/bin:/bin"]
      ).standardOutput)
    var found: [(String, [String])] = []
    for (source, text) in [("README.md", readme), ("manual", manual)] {
      for line in text.split(separator: "\n") {
        // What a shell would run: the comment after `  #` is not part of it.
        let command = (line.components(separatedBy: "  #").first ?? "").trimmingCharacters(in: .whitespaces)
        // A command to type: not the synopsis (`[--exec CMD ARG...]`), not a sentence.
        guard command.hasPrefix("ourplanet watch "), command.contains("--exec "), !command.contains("["),
          !command.contains(",")
        else { continue }
        found.append((source, command.split(separator: " ").map(String.init)))
      }
    }
    return found
  }

  @Test(
    "every --exec recipe of README.md and the manual, run as written, pops up the kind of change and the title"
  )
  func recipesWork() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let environment = try fakeNotifier(setup)
    let recipes = try recipes(binary: setup.binary)
    #expect(
      recipes.map(\.source).contains("README.md") && recipes.map(\.source).contains("manual"), "\(recipes)")
    for (index, recipe) in recipes.enumerated() {
      try? FileManager.default.removeItem(at: setup.file("notified"))
      try? FileManager.default.removeItem(at: setup.file("state"))
      _ = try FixtureAPI.standard(in: setup.temporary.url)
      let words = Array(recipe.words.dropFirst(2))
      let run = try setup.start(words, cache: "cache-\(index)", environment: environment)
      do {
        try setup.change()
        try waitUntil("five pop-ups from \(recipe)") { notifications(setup).count >= 5 }
      } catch {
        Issue.record("\(recipe): \(error)\n\(run.errors)")
        _ = try? run.terminate()
        continue
      }
      #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
      let popups = notifications(setup)
      for title in ["New: Pine Hollow Fire", "Updated: Rim Fire, California", "Closed: Cedar Creek Fire"] {
        #expect(popups.contains { $0.contains(title) }, "\(recipe.source): \(title) in \(popups)")
      }
    }
  }

  @Test("the README's [[alert]] recipe runs: its notification and its program, once per change")
  func readmeRuleRecipe() throws {
    let readme = try String(
      contentsOf: FixtureAPI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "### Alert rules").dropFirst().first)
    let block = try #require(
      section.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first)
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    // Two substitutions, the ones a reader makes: their home (the fixture's fires), their pager.
    let pager = setup.file("page-me")
    try ScriptFile.write("#!/bin/sh\necho \"$OURPLANET_CHANGE $OURPLANET_ID $*\" >> \"$0.log\"\n", to: pager)
    let config = block.replacingOccurrences(of: "29.76,-95.37,300", with: "38.25,-120.5,300")
      .replacingOccurrences(of: "/usr/local/bin/page-me", with: pager.path)
    try setup.configure(config)
    let environment = try fakeNotifier(setup)
    let run = try setup.start(environment: environment)
    try setup.change()
    // Over 1,000 acres, new or updated, near home: Rim Fire's move.
    try waitUntil("the pager runs") { !setup.lines("page-me.log").isEmpty }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    #expect(setup.lines("page-me.log") == ["updated EONET_1 --urgent"], "\(setup.lines("page-me.log"))")
    #expect(notifications(setup).map { $0.dropFirst(2).first } == ["Updated: Rim Fire, California"])
  }

  @Test("after a look at 29 days, one at 1,000 days tells nothing; the changes that follow are told")
  func widerWindowIsHistory() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    // 29 days, not 30: the fixture's Etna is dated 30 days back, at the window's very edge.
    let first = try setup.start(days: 29)
    try setup.waitForBaseline()
    try setup.settle()
    #expect(try first.terminate() == 128 + SIGTERM)
    let wide = try setup.start(days: 1000)
    try waitUntil("it says it watches") { wide.errors.contains("watch: watching 13 categories") }
    try setup.settle()
    #expect(
      wide.output.isEmpty,
      "older events are history, not news:\n\(wide.output)\n\(wide.errors)\n\((try? String(contentsOf: setup.announced, encoding: .utf8)) ?? "")"
    )
    // Old Mill (45 days), Ancient Ridge (200), Ioto (100) and Etna (30): history, taken as seen.
    #expect(wide.errors.contains("the first look kept 4 events as seen"), "\(wide.errors)")
    _ = try FixtureAPI(in: setup.temporary.url, events: FixtureAPI.changedEvents)
    try waitUntil("five changes") { wide.output.split(separator: "\n").count >= 5 }
    try setup.settle()
    #expect(try wide.terminate() == 128 + SIGTERM)
    #expect(wide.output.split(separator: "\n").count == 5, "\(wide.output)")
  }

  @Test("SIGTERM while an --exec program's own child runs: watch ends and leaves nothing running")
  func signalEndsTheWholeGroup() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let pids = setup.file("pids").path
    let run = try setup.start([
      "--exec", "/bin/sh", "-c", "sleep 60 & echo $! >> \"$0\"; wait", pids,
    ])
    try setup.change()
    try waitUntil("the program's child runs") { !setup.lines("pids").isEmpty }
    let child = try #require(Int32(setup.lines("pids")[0]))
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    try waitUntil("the child is gone") {
      // Gone, or a zombie waiting for a parent that does not reap (a container's init).
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8) else {
        return true
      }
      return stat.components(separatedBy: ") ").last?.hasPrefix("Z") == true
    }
  }

  @Test(
    "an --exec program that cannot start is not done: said, tried again at the next look, and run once it can start"
  )
  func failedSpawnIsRetried() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let program = setup.file("record")
    let script = "#!/bin/sh\necho \"$OURPLANET_CHANGE $OURPLANET_ID\" >> \"\(setup.file("ran").path)\"\n"
    try ScriptFile.write(script, to: program)
    let run = try setup.start(["--exec", program.path])
    try setup.waitForBaseline()
    // Not executable any more: posix_spawn fails (EACCES), as it would with E2BIG.
    chmod(program.path, 0o644)
    _ = try FixtureAPI(in: setup.temporary.url, events: FixtureAPI.changedEvents)
    try waitUntil("a failure is said") { run.errors.contains("trying again at the next look (1 of 3)") }
    #expect(setup.lines("ran").isEmpty)
    chmod(program.path, 0o755)
    try waitUntil("all five run") { setup.lines("ran").count >= 5 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM)
    #expect(
      Set(setup.lines("ran")).count == 5 && setup.lines("ran").count == 5, "each once: \(setup.lines("ran"))")
    #expect(run.output.split(separator: "\n").count == 5, "each line once:\n\(run.output)")
  }

  @Test(
    "a 200 KB title and an id with a newline: --exec, the rule's exec and notify all run, with bounded one-line text"
  )
  func hostileTextIsBounded() throws {
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let record = setup.file("record")
    let script = "#!/bin/sh\nprintf '%s|%s\\n' \"$OURPLANET_ID\" \"${#OURPLANET_TITLE}\" >> \"$0.$1\"\n"
    try ScriptFile.write(script, to: record)
    try setup.configure(
      """
      [[alert]]
      name = "any fire"
      categories = ["wildfires"]
      notify = true
      exec = ["\(record.path)", "rule"]
      """)
    let environment = try fakeNotifier(setup)
    let run = try setup.start(["--exec", record.path, "exec"], environment: environment)
    try setup.waitForBaseline()
    var events = FixtureAPI.standardEvents
    events["wildfires", default: []].append(
      FixtureAPI.Event(
        id: "EONET_9\nOURPLANET_X=1", title: String(repeating: "Fire ", count: 40_000), daysAgo: 0.1))
    _ = try FixtureAPI(in: setup.temporary.url, events: events)
    try waitUntil("all three ran") {
      !setup.lines("record.exec").isEmpty && !setup.lines("record.rule").isEmpty
        && notifications(setup).count >= 1
    }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM, "\(run.errors)")
    // sh counts bytes: 2,047 characters and the 3 bytes of `…`.
    #expect(setup.lines("record.exec") == ["EONET_9 OURPLANET_X=1|2050"], "\(setup.lines("record.exec"))")
    #expect(setup.lines("record.rule") == ["EONET_9 OURPLANET_X=1|2050"], "\(setup.lines("record.rule"))")
    let popup = try #require(notifications(setup).first)
    #expect(
      popup.count == 4 && popup[2].count == 2_048 && popup[2].hasPrefix("New: Fire Fire"),
      "\(popup.map(\.count))")
    #expect(!run.errors.contains("Argument list too long"), "\(run.errors)")
  }

  /// `systemd-analyze`, where it is installed.
  private static let analyzer = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "the installed unit passes systemd-analyze --user verify",
    .enabled(if: analyzer != nil, "systemd-analyze is not installed here"))
  func unitVerifies() throws {
    let analyze = try #require(Self.analyzer)
    let setup = try WatchWorld(config: "")
    defer { setup.finish() }
    let binDirectory = URL(fileURLWithPath: setup.binary).deletingLastPathComponent().path
    let unitText = try String(
      contentsOf: FixtureAPI.packageRoot.appendingPathComponent("systemd/ourplanet-watch.service.in"),
      encoding: .utf8
    ).replacingOccurrences(of: "@BINDIR@", with: binDirectory)
    #expect(
      !unitText.split(separator: "\n").contains {
        $0.hasPrefix("After=network") || $0.hasPrefix("Wants=network")
      },
      "a user manager has no network-online.target")
    let units = setup.file("units")
    try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
    let unit = units.appendingPathComponent("ourplanet-watch.service")
    try unitText.write(to: unit, atomically: true, encoding: .utf8)
    // Documentation=man:ourplanet(1): the page is where MANPATH says, as `make install` puts it.
    let manual = setup.file("man/man1")
    try FileManager.default.createDirectory(at: manual, withIntermediateDirectories: true)
    let page = try CommandRun.run(
      [setup.binary, "manual"], in: setup.temporary.url, environment: ["PATH": "/usr/bin:/bin"]
    ).standardOutput
    try page.write(to: manual.appendingPathComponent("ourplanet.1"), atomically: true, encoding: .utf8)
    let runtime = setup.file("runtime")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    chmod(runtime.path, 0o700)
    let verify = try CommandRun.run(
      [analyze, "--user", "verify", unit.path], in: setup.temporary.url,
      environment: [
        "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "MANPATH": setup.file("man").path,
        "HOME": setup.temporary.url.path,
      ], timeout: .seconds(60))
    #expect(verify.status == 0, "\(verify)")
    #expect(verify.standardError.isEmpty, "\(verify)")
  }

  @Test("a missing notify-send is said once, at start, and the rest goes on")
  func missingNotifier() throws {
    let setup = try WatchWorld(config: Self.rules(extra: "notify = true"))
    defer { setup.finish() }
    var environment = setup.environment
    environment["PATH"] = setup.file("empty").path
    let run = try setup.start(environment: environment)
    try setup.change()
    try waitUntil("five changes") { run.output.split(separator: "\n").count >= 5 }
    try setup.settle()
    #expect(try run.terminate() == 128 + SIGTERM)
    #expect(run.errors.components(separatedBy: "notify-send").count == 2, "said once:\n\(run.errors)")
  }
}
