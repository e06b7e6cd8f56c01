import Testing

@testable import TerminalUI

@Suite struct StatusLineTests {
  private func busy(tick: Int = 0) -> StatusLine {
    var status = StatusLine(message: "categories · 1,204 events")
    status.spinner.isSpinning = true
    status.tick = tick
    status.progress = Progress(completed: 5, total: 13)
    return status
  }

  @Test func showsSpinnerProgressBarAndMessage() {
    let status = busy()
    let lines = renderLines(width: 50, height: 1) { status.render(into: &$0, rect: $1) }
    #expect(lines.trimmed == ["⠋ 5/13 ███░░░░░░░ categories · 1,204 events"])
  }

  @Test func spinnerAnimatesWithTheTickAndStopsWhenIdle() {
    let frames = (0..<3).map { tick in
      renderLines(width: 10, height: 1) { busy(tick: tick).render(into: &$0, rect: $1) }[0].first
    }
    #expect(frames == ["⠋", "⠙", "⠹"])
    var idle = busy(tick: 1)
    idle.spinner.isSpinning = false
    idle.progress = nil
    idle.message = "ready"
    #expect(renderLines(width: 10, height: 1) { idle.render(into: &$0, rect: $1) }.trimmed == ["ready"])
  }

  @Test func asciiSpinnerAndBar() {
    let lines = renderLines(width: 40, height: 1, symbols: .ascii) {
      busy(tick: 1).render(into: &$0, rect: $1)
    }
    #expect(lines.trimmed == ["/ 5/13 ###....... categories - 1,204 ..."])
  }

  @Test func narrowLinesDropTheBarThenTruncate() {
    #expect(
      renderLines(width: 20, height: 1) { busy().render(into: &$0, rect: $1) } == ["⠋ 5/13 categories ·…"])
    #expect(renderLines(width: 5, height: 2) { busy().render(into: &$0, rect: $1) } == ["⠋ ca…", "     "])
    #expect(renderLines(width: 1, height: 1) { busy().render(into: &$0, rect: $1) } == ["⠋"])
  }

  @Test func rightTextAndErrors() {
    var status = StatusLine(message: "Wildfires failed", messageKind: .error, rightText: "? help")
    let lines = renderLines(width: 30, height: 1) { status.render(into: &$0, rect: $1) }
    // The mark says "error" where no colour can (mono, NO_COLOR).
    #expect(lines == ["! Wildfires failed      ? help"])
    var buffer = CellBuffer(size: Size(width: 30, height: 1))
    status.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[0, 0].style == Theme.standard.error)
    status.messageKind = .hint
    status.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[0, 0].style == Theme.standard.secondary)
  }
}
