import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("", 0), ("日本語", 6), ("中a", 3), ("🌋", 2), ("🔥🔥", 4), ("e\u{301}", 1),
    ("Cafe\u{301}", 4), ("❤\u{FE0F}", 2), ("🇫🇷", 2), ("👩‍🚀", 2), ("한국어", 6), ("ｆｕｌｌ", 8),
  ])
  func measuresStrings(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func combiningMarkAloneIsZeroWide() {
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
  }

  @Test(arguments: ["\u{1B}", "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}"])
  func controlsHaveNoWidth(control: String) {
    #expect(DisplayWidth.of(Character(control)) == nil)
  }

  @Test func emojiNewerThanTheCLibraryIsTwoWide() {
    #expect(DisplayWidth.of(Character("\u{1FAE8}")) == 2)
  }

  @Test func doesNotDependOnTheProcessLocale() {
    // Tests run with whatever LANG the machine has; the answer must not change.
    #expect(DisplayWidth.of("日本") == 4)
  }
}
