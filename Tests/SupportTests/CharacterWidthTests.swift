import Testing

@testable import Support

@Suite struct CharacterWidthTests {
  @Test func combiningMarkAloneIsZeroWide() {
    #expect(CharacterWidth.of(Character("\u{301}")) == 0)
  }

  @Test(arguments: ["\u{1B}", "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}"])
  func controlsHaveNoWidth(control: String) {
    #expect(CharacterWidth.of(Character(control)) == nil)
  }

  @Test func emojiNewerThanTheCLibraryIsTwoWide() {
    #expect(CharacterWidth.of(Character("\u{1FAE8}")) == 2)
  }

  @Test(arguments: [("a", 1), ("日", 2), ("🌋", 2), ("e\u{301}", 1)])
  func measuresClusters(text: String, expected: Int) {
    #expect(CharacterWidth.of(Character(text)) == expected)
  }
}
