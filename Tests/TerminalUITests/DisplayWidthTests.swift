import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("", 0), ("日本語", 6), ("中a", 3), ("🌋", 2), ("🔥🔥", 4), ("e\u{301}", 1),
    ("Cafe\u{301}", 4), ("❤\u{FE0F}", 2), ("🇫🇷", 2), ("👩‍🚀", 2), ("한국어", 6), ("ｆｕｌｌ", 8),
    ("a\u{1B}b", 3),
  ])
  func measuresStrings(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func doesNotDependOnTheProcessLocale() {
    // Tests run with whatever LANG the machine has; the answer must not change.
    #expect(DisplayWidth.of("日本") == 4)
  }
}
