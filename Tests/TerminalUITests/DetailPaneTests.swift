import Testing

@testable import TerminalUI

@Suite struct DetailPaneTests {
  @Test func wrapsTheBodyUnderABoldTitle() {
    var pane = DetailPane(title: "Kilauea", text: "An eruption at the summit crater continues.")
    let lines = renderLines(width: 14, height: 6) { pane.render(into: &$0, rect: $1) }
    #expect(lines.trimmed == ["Kilauea", "", "An eruption at", "the summit", "crater", "continues."])
  }

  @Test func scrollsWithinTheBody() {
    var pane = DetailPane(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
    _ = renderLines(width: 8, height: 3) { pane.render(into: &$0, rect: $1) }
    let handled = pane.handle(key: .down)
    #expect(handled)
    #expect(
      renderLines(width: 8, height: 3) { pane.render(into: &$0, rect: $1) }.trimmed == [
        "line 2", "line 3", "line 4 ▼",
      ], "a mark says more lines follow")
    _ = pane.handle(key: .end)
    #expect(
      renderLines(width: 8, height: 3) { pane.render(into: &$0, rect: $1) }.trimmed == [
        "line 8", "line 9", "line 10",
      ])
    _ = pane.handle(key: .pageDown)
    #expect(pane.scrollOffset == 7)
    _ = pane.handle(key: .char("g"))
    #expect(pane.scrollOffset == 0)
    let handled2 = pane.handle(key: .char("q"))
    #expect(!handled2)
  }

  @Test func replacingTheTextKeepsTheScrollPosition() {
    var pane = DetailPane(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
    _ = renderLines(width: 10, height: 3) { pane.render(into: &$0, rect: $1) }
    _ = pane.handle(key: .down)
    _ = pane.handle(key: .down)
    pane.replaceText((1...10).map { "row \($0)" }.joined(separator: "\n"))
    #expect(pane.scrollOffset == 2)
    let lines = renderLines(width: 10, height: 3) { pane.render(into: &$0, rect: $1) }.trimmed
    #expect(lines == ["row 3", "row 4", "row 5    ▼"])
    pane.replaceText("short")
    _ = renderLines(width: 10, height: 3) { pane.render(into: &$0, rect: $1) }
    #expect(pane.scrollOffset == 0, "clamped to the shorter text")
  }

  @Test func wrapsWideTextByDisplayWidth() {
    var pane = DetailPane(text: "日本語のテキスト")
    #expect(
      renderLines(width: 5, height: 3) { pane.render(into: &$0, rect: $1) }.trimmed == ["日本", "語の", "テキ▼"])
  }

  @Test(arguments: [(1, 1), (5, 2), (2, 5)])
  func survivesTinySizes(width: Int, height: Int) {
    var pane = DetailPane(title: "A long title here", text: "Body text \u{1B}[2J that wraps")
    let lines = renderLines(width: width, height: height) { pane.render(into: &$0, rect: $1) }
    #expect(lines.count == height)
    #expect(lines.allSatisfy { DisplayWidth.of($0) == width })
    #expect(!lines.joined().contains("\u{1B}"))
  }

  @Test func aHugeFieldIsCutWithAnEllipsis() {
    let huge = String(repeating: "lava ", count: 400_000)
    var pane = DetailPane(title: huge, text: "Status: open\n" + huge + "\nSources:")
    var buffer = CellBuffer(size: Size(width: 80, height: 24))
    pane.render(into: &buffer, rect: Rect(x: 0, y: 0, width: 80, height: 24))
    let lines = TextLayout.wrap(pane.text, width: 80)
    // Capped to a few thousand characters: some dozens of lines, not 25 000.
    #expect(lines.count < 200)
    #expect(lines.contains { $0.hasSuffix("…") })
    #expect(lines.last == "Sources:")
    #expect(buffer.lines[0].hasPrefix("lava lava"))
  }
}
