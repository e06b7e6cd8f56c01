import Testing

@testable import TerminalUI

@Suite struct TextLayoutTests {
  @Test(arguments: [
    ("Severe Storms", 8, "Severe …"), ("Severe Storms", 13, "Severe Storms"), ("Severe Storms", 1, "…"),
    ("Severe Storms", 0, ""), ("日本語テキスト", 5, "日本…"), ("日本語テキスト", 4, "日…"), ("ab🌋cd", 4, "ab…"),
    ("Cafe\u{301} au lait", 5, "Cafe\u{301}…"),
  ])
  func truncatesByDisplayWidth(text: String, width: Int, expected: String) {
    let result = TextLayout.truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(DisplayWidth.of(result) <= width)
  }

  @Test func asciiEllipsisFallsBackToACutWhenItDoesNotFit() {
    #expect(TextLayout.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
    #expect(TextLayout.truncate("abcdef", toWidth: 5, ellipsis: "...") == "ab...")
  }

  @Test func wrapsAtSpaces() {
    #expect(TextLayout.wrap("one two three four", width: 9) == ["one two", "three", "four"])
  }

  @Test func breaksWordsLongerThanTheLine() {
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  @Test func wrapsWideCharactersWithoutSplittingThem() {
    #expect(TextLayout.wrap("日本語テキスト", width: 5) == ["日本", "語テ", "キス", "ト"])
  }

  @Test func keepsRunsOfSpacesThatAlignColumns() {
    #expect(TextLayout.wrap("Status:     open", width: 40) == ["Status:     open"])
    // A run of spaces at a break is dropped, not carried to the next line.
    #expect(TextLayout.wrap("Status:     open", width: 10) == ["Status:", "open"])
  }

  @Test func keepsTheIndentOnEveryWrappedLine() {
    #expect(
      TextLayout.wrap("  1. NASA Earth Observatory", width: 14) == ["  1. NASA", "  Earth", "  Observatory"])
    // An indent wider than half the line is capped, so a word still fits.
    #expect(TextLayout.wrap("        abcdef", width: 8) == ["    abcd", "    ef"])
    #expect(TextLayout.wrap("   ", width: 8) == [""])
  }

  @Test func keepsParagraphBreaks() {
    #expect(TextLayout.wrap("a\n\nb", width: 10) == ["a", "", "b"])
  }

  @Test func zeroWidthGivesNoLines() {
    #expect(TextLayout.wrap("abc", width: 0).isEmpty)
  }

  /// Quadratic wrapping took minutes on this (it re-measured the rest of the word for every line);
  /// linear wrapping takes a fraction of a second, far inside the limit.
  // A guard against a hang, not a speed check: Swift Testing's clock runs from when the test is
  // scheduled, and on a loaded 2-core run a test can wait minutes for a thread (a 1-minute limit failed so).
  @Test(.timeLimit(.minutes(10)))
  func wrapsAHugeWordInLinearTime() {
    let word = String(repeating: "ab日", count: 100_000)
    let lines = TextLayout.wrap(word, width: 80)
    #expect(lines.count == 100_000 * 4 / 80)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    #expect(lines.joined() == word)
  }

  @Test(.timeLimit(.minutes(10)))
  func truncatesAHugeTitleInLinearTime() {
    let title = String(repeating: "é ", count: 2_000_000)
    for _ in 0..<200 {
      #expect(TextLayout.truncate(title, toWidth: 40) == String(title.prefix(39)) + "…")
    }
  }
}
