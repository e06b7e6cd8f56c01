import Testing

@testable import TerminalUI

@Suite struct TooSmallNoticeTests {
  @Test(arguments: [
    (30, 2, ["terminal too small: 30×2      ", String(repeating: " ", count: 30)]),
    (12, 1, ["terminal to…"]), (1, 1, ["…"]),
  ])
  func fitsAnySize(width: Int, height: Int, expected: [String]) {
    let notice = TooSmallNotice(size: Size(width: width, height: height))
    #expect(renderLines(width: width, height: height) { notice.render(into: &$0, rect: $1) } == expected)
  }

  @Test func asciiTimesSign() {
    #expect(
      TooSmallNotice(size: Size(width: 3, height: 2)).message(symbols: .ascii) == "terminal too small: 3x2")
  }
}
