import Testing

@testable import TerminalUI

@Suite struct HelpOverlayTests {
  private let help = HelpOverlay(
    entries: [
      HelpEntry(keys: "↑/↓", action: "move"), HelpEntry(keys: "q", action: "quit"),
    ], footer: "any key")

  @Test func drawsACentredFramedBox() {
    let lines = renderLines(width: 16, height: 8) { buffer, rect in
      buffer.fill(rect, with: ".")
      help.render(into: &buffer, rect: rect)
    }
    #expect(
      lines == [
        "................",
        ".┌─ Keys ────┐..",
        ".│ ↑/↓  move │..",
        ".│ q    quit │..",
        ".│           │..",
        ".│ any key   │..",
        ".└───────────┘..",
        "................",
      ])
  }

  @Test func asciiFrame() {
    let lines = renderLines(width: 13, height: 6, symbols: .ascii) { help.render(into: &$0, rect: $1) }
    #expect(lines[0] == "+- Keys ----+")
    #expect(lines[5] == "+-----------+")
  }

  @Test(arguments: [(1, 1), (5, 2), (8, 4), (0, 3)])
  func survivesTinySizes(width: Int, height: Int) {
    let lines = renderLines(width: width, height: height) { help.render(into: &$0, rect: $1) }
    #expect(lines.count == height)
    #expect(lines.allSatisfy { DisplayWidth.of($0) == width })
  }
}
