import Glibc
import Testing

@testable import TerminalUI

/// The curses layer itself, headless: output to /dev/null, size set with `resizeterm`, the screen
/// read back with `mvwinnwstr`. Curses has one current screen per process, hence `.serialized`.
@Suite(.serialized) struct CursesScreenTests {
  init() {
    setlocale(LC_CTYPE, "C.UTF-8")
  }

  private func makeScreen(_ size: Size, terminal: String = "xterm-256color") throws -> CursesScreen {
    let output = try #require(fopen("/dev/null", "w"))
    let input = try #require(fopen("/dev/null", "r"))
    let screen = try CursesScreen(
      terminalName: terminal, output: output, input: input, unicode: true, colors: true, escapeDelay: 25)
    screen.resize(to: size)
    return screen
  }

  private func rows(of screen: CursesScreen) -> [String] {
    (0..<screen.size.height).map { screen.text(row: $0) }
  }

  @Test func drawsABufferAndReadsItBack() throws {
    let screen = try makeScreen(Size(width: 20, height: 3))
    defer { screen.end() }
    #expect(screen.size == Size(width: 20, height: 3))
    var buffer = CellBuffer(size: screen.size)
    let header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"])
    header.render(into: &buffer, rect: Rect(x: 0, y: 0, width: 20, height: 1))
    buffer.write(
      "Last 30 days", at: Point(x: 0, y: 1), style: Style(foreground: .palette(202), attributes: .bold))
    buffer.write("corner", at: Point(x: 14, y: 2))
    screen.present(buffer)
    #expect(rows(of: screen) == ["… › Wildfires       ", "Last 30 days        ", "              corner"])
  }

  @Test("24-bit colour asks terminfo for the terminal's -direct variant, as ncurses names them")
  func directVariantNames() {
    #expect(CursesScreen.directVariant(of: "tmux-256color") == "tmux-direct")
    #expect(CursesScreen.directVariant(of: "xterm-256color") == "xterm-direct")
    #expect(CursesScreen.directVariant(of: "xterm") == "xterm-direct")
    #expect(CursesScreen.directVariant(of: "rxvt-88color") == "rxvt-direct")
    #expect(CursesScreen.directVariant(of: "xterm-direct") == nil)
    #expect(CursesScreen.directVariant(of: "") == nil)
  }

  @Test func drawsWideAndCombiningCharactersInPlace() throws {
    let screen = try makeScreen(Size(width: 12, height: 2))
    defer { screen.end() }
    var buffer = CellBuffer(size: screen.size)
    buffer.write("日本x🌋y", at: Point(x: 0, y: 0))
    buffer.write("Cafe\u{301}!", at: Point(x: 0, y: 1))
    screen.present(buffer)
    let lines = rows(of: screen)
    #expect(lines[0].hasPrefix("日本x🌋y"))
    #expect(lines[1].hasPrefix("Cafe\u{301}!"))
  }

  @Test func presentsOnlyWhatChangedAndRepaintsAfterInvalidate() throws {
    let screen = try makeScreen(Size(width: 10, height: 2))
    defer { screen.end() }
    var buffer = CellBuffer(size: screen.size)
    buffer.write("first", at: Point(x: 0, y: 0))
    screen.present(buffer)
    buffer.write("X", at: Point(x: 0, y: 1))
    screen.present(buffer)
    #expect(rows(of: screen) == ["first     ", "X         "])
    screen.invalidate()
    screen.present(buffer)
    #expect(rows(of: screen) == ["first     ", "X         "])
  }

  @Test(arguments: [Size(width: 1, height: 1), Size(width: 5, height: 2), Size(width: 200, height: 60)])
  func resizesToAnySize(size: Size) throws {
    let screen = try makeScreen(Size(width: 80, height: 24))
    defer { screen.end() }
    screen.resize(to: size)
    #expect(screen.size == size)
    var buffer = CellBuffer(size: size)
    TooSmallNotice(size: size).render(into: &buffer, rect: buffer.bounds)
    screen.present(buffer)
    #expect(screen.text(row: 0) == buffer.line(at: 0))
  }

  @Test func unknownTerminalIsAClearError() {
    #expect(throws: TerminalError.unsupportedTerminal("no-such-terminal-ourplanet")) {
      _ = try makeScreen(Size(width: 10, height: 2), terminal: "no-such-terminal-ourplanet")
    }
  }

  @Test func terminalWithoutCursorAddressingIsRefused() {
    #expect(throws: TerminalError.unsupportedTerminal("dumb")) {
      _ = try makeScreen(Size(width: 10, height: 2), terminal: "dumb")
    }
  }

  @Test func emergencyRestoreLeavesTheAlternateScreenAndShowsTheCursor() throws {
    let screen = try makeScreen(Size(width: 10, height: 2))
    defer { screen.end() }
    let bytes = String(decoding: screen.emergencyRestoreBytes(), as: UTF8.self)
    #expect(bytes.contains("\u{1B}[?1049l"))
    #expect(bytes.contains("\u{1B}[?25h"))
    #expect(!bytes.contains("$<"))
  }
}
