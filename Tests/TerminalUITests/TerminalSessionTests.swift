import Foundation
import TestSupport
import Testing

/// The session on a real terminal: `TerminalUIDemo` in tmux, driven like a user would, and every way
/// out checked for a restored terminal (echo and canonical mode on, alternate screen left, cursor
/// visible).
@Suite(.serialized, .tags(.spawnsProcess)) struct TerminalSessionTests {
  private static let tmuxMissing: Comment = "tmux is not installed: the real-terminal tests need it"
  private static let spinnerFrames = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

  private func demoPath() throws -> String {
    try #require(
      DemoBinary.path,
      "TerminalUIDemo not found next to the test bundle: run `swift build` before `swift test`")
  }

  private func start(
    columns: Int = 80, rows: Int = 24, arguments: [String] = [], environment: [String: String] = [:],
    waitFor text: String? = "Last 30 days"
  ) throws -> TmuxSession {
    let tmux = try TmuxSession(
      command: [try demoPath()] + arguments, columns: columns, rows: rows, environment: environment)
    if let text {
      do {
        try tmux.waitForText(text)
      } catch {
        tmux.close()
        throw error
      }
    }
    return tmux
  }

  private func expectRestored(
    _ state: TerminalState, exitStatus: Int32, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(state.isRestored, "terminal left as \(state)", sourceLocation: sourceLocation)
    #expect(state.exitStatus == exitStatus, "terminal left as \(state)", sourceLocation: sourceLocation)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func drawsHandlesKeysAndQuitsWithQ() throws {
    let tmux = try start()
    defer { tmux.close() }
    let screen = try tmux.waitForText("TerminalUI demo › List")
    #expect(screen.contains("日本語の行"))
    #expect(screen.contains("�[31mEscape�[0m attempt�"))
    try tmux.sendKeys("Down")
    try tmux.waitForText("key: Down")
    try tmux.sendKeys("Right")
    try tmux.waitForText("Last 31 days")
    try tmux.sendKeys("S-Right")
    try tmux.waitForText("Last 61 days")
    try tmux.sendKeys("G")
    try tmux.waitForText("Row 200")
    try tmux.sendKeys("?")
    try tmux.waitForText("restart the work")
    try tmux.sendKeys("Escape")
    try tmux.waitUntil("the help to close") { !$0.contains("restart the work") }
    try tmux.sendKeys("q")
    let state = try tmux.terminalState()
    expectRestored(state, exitStatus: 0)
    #expect(try tmux.capture().contains("TerminalUIDemo ended: stopped"))
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func spinnerTurnsWhileWorkRunsAndStopsAfter() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.sendKeys("r")
    var frames = Set<Character>()
    try tmux.waitUntil("two spinner frames") { screen in
      if let frame = screen.split(separator: "\n").last?.first, Self.spinnerFrames.contains(frame) {
        frames.insert(frame)
      }
      return frames.count >= 2
    }
    let done = try tmux.waitForText("13/13")
    let status = done.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.first.map { !Self.spinnerFrames.contains($0) } ?? true, "spinner still shown: \(status)")
    try tmux.sendKeys("q")
    expectRestored(try tmux.terminalState(), exitStatus: 0)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func resizingDownToOneCellAndBack() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.resize(columns: 40, rows: 4)
    try tmux.waitForText("terminal too small: 40×4")
    try tmux.resize(columns: 10, rows: 3)
    try tmux.waitForText("terminal …")
    // A 1×1 screen's only cell is the bottom-right corner, which curses cannot always write to
    // without scrolling; the test is that the program survives it and draws again right after.
    try tmux.resize(columns: 1, rows: 1)
    let size = try tmux.paneSize()
    #expect(size.columns == 1 && size.rows == 1)
    try tmux.resize(columns: 2, rows: 1)
    try tmux.waitUntil("a two-cell screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "t…" }
    try tmux.resize(columns: 30, rows: 8)
    try tmux.waitForText("Last 30 days")
    try tmux.resize(columns: 120, rows: 40)
    let screen = try tmux.waitForText("Row 30")
    #expect(screen.contains("? help · q quit"))
    try tmux.sendKeys("Down")
    try tmux.waitForText("key: Down")
    try tmux.sendKeys("q")
    expectRestored(try tmux.terminalState(), exitStatus: 0)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func ctrlCRestoresTheTerminal() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.sendKeys("C-c")
    expectRestored(try tmux.terminalState(), exitStatus: 128 + SIGINT)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func ctrlBackslashEndsLikeSIGTERM() throws {
    let tmux = try start()
    defer { tmux.close() }
    // Ctrl-\ is SIGQUIT: it used to reach the Swift runtime's backtracer, which froze the screen for
    // about 30 s waiting on the terminal; the wait below is 10 s.
    try tmux.sendKeys("C-\\")
    expectRestored(try tmux.terminalState(), exitStatus: 128 + SIGQUIT)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing), arguments: [SIGTERM, SIGHUP, SIGQUIT])
  func terminatingSignalsRestoreTheTerminal(signal: Int32) throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.kill(signal: signal)
    expectRestored(try tmux.terminalState(), exitStatus: 128 + signal)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing), arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
  func oneSignalEndsTheProgramWhileItsMainThreadIsBusy(signal: Int32) throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tui-busy-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let tmux = try start(arguments: ["--allow-busy", "--log", log.path])
    defer { tmux.close() }
    try tmux.sendKeys("B")
    let deadline = ContinuousClock.now + .seconds(20)
    while (try? String(contentsOf: log, encoding: .utf8))?.contains("main thread busy") != true {
      try #require(ContinuousClock.now < deadline, "the demo never started its busy work")
      Thread.sleep(forTimeInterval: 0.02)
    }
    try tmux.kill(signal: signal)
    expectRestored(try tmux.terminalState(), exitStatus: 128 + signal)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func ctrlZSuspendsAndResumes() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.sendKeys("C-z")
    let suspended = try tmux.suspendedState()
    #expect(suspended.isRestored, "terminal while suspended: \(suspended)")
    #expect(!(try tmux.capture().contains("Last 30 days")))
    try tmux.resumeAfterSuspend()
    try tmux.waitForText("Last 30 days")
    try tmux.sendKeys("Down")
    try tmux.waitForText("key: Down")
    try tmux.sendKeys("q")
    expectRestored(try tmux.terminalState(), exitStatus: 0)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func aCrashRestoresTheTerminalAndLeavesTheReportInTheLog() throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tui-crash-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let tmux = try start(
      arguments: ["--allow-crash", "--log", log.path], environment: ["SWIFT_BACKTRACE": "enable=no"])
    defer { tmux.close() }
    try tmux.sendKeys("!")
    let state = try tmux.terminalState()
    #expect(state.isRestored, "terminal left as \(state)")
    #expect([128 + SIGILL, 128 + SIGTRAP].contains(state.exitStatus), "exit status \(state.exitStatus)")
    let screen = try tmux.capture().replacingOccurrences(of: "\n", with: "")
    #expect(screen.contains("the program crashed; the terminal was restored; see \(log.path)"))
    let report = try String(contentsOf: log, encoding: .utf8)
    #expect(report.contains("crash requested with --allow-crash"))
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func aTerminalThatGoesAwayEndsTheProgramWithoutSpinning() throws {
    // SIGHUP ignored (as under nohup): the program must notice the dead terminal by itself.
    let tmux = try TmuxSession(
      command: ["/bin/sh", "-c", "trap '' HUP; exec \"$0\"", try demoPath()], columns: 60, rows: 10)
    defer { tmux.close() }
    try tmux.waitForText("Last 30 days")
    let pid = try tmux.programPID()
    tmux.close()
    let deadline = ContinuousClock.now + .seconds(30)
    while Foundation.kill(pid, 0) == 0 && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(Foundation.kill(pid, 0) != 0, "the program is still running after its terminal went away")
  }

  @Test(.enabled(if: TmuxSession.isAvailable, tmuxMissing))
  func anUnknownTerminalTypeIsAClearError() throws {
    let tmux = try start(environment: ["TERM": "no-such-terminal-ourplanet"], waitFor: nil)
    defer { tmux.close() }
    let state = try tmux.terminalState()
    #expect(state.exitStatus == 1)
    #expect(state.isRestored)
    #expect(try tmux.capture().contains("unsupported terminal type 'no-such-terminal-ourplanet'"))
  }

  @Test func withoutATerminalItFailsClearly() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try demoPath())
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 1)
    #expect(message.contains("not a terminal"))
  }
}
