import Testing

@testable import TerminalUI

@Suite struct TextSanitizerTests {
  @Test func replacesEscapeSequencesWithAVisiblePlaceholder() {
    #expect(TextSanitizer.sanitize("\u{1B}[31mred\u{1B}[0m", placeholder: "?") == "?[31mred?[0m")
  }

  @Test func replacesC1Controls() {
    #expect(TextSanitizer.sanitize("a\u{9B}2Jb", placeholder: "?") == "a?2Jb")
  }

  @Test func turnsLineBreaksAndTabsIntoSpaces() {
    #expect(TextSanitizer.sanitize("a\tb\nc\r\nd") == "a b c d")
  }

  @Test func dropsBidirectionalOverrides() {
    #expect(TextSanitizer.sanitize("abc\u{202E}def\u{2066}") == "abcdef")
  }

  @Test func keepsWideAndCombiningText() {
    let text = "日本 🌋 Cafe\u{301}"
    #expect(TextSanitizer.sanitize(text) == text)
  }

  @Test func asciiOnlyKeepsBaseLettersAndReplacesTheRest() {
    #expect(TextSanitizer.sanitize("Cafe\u{301} 日本", placeholder: "?", asciiOnly: true) == "Cafe ??")
  }

  @Test func bellAndBackspaceNeverSurvive() {
    let result = TextSanitizer.sanitize("x\u{7}\u{8}y")
    #expect(!result.unicodeScalars.contains { $0.value < 0x20 })
  }
}
