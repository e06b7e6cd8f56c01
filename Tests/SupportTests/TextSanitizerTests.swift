import Testing

@testable import Support

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

  @Test func dropsDeleteAndEveryBidiControl() {
    let result = TextSanitizer.sanitize(
      "a\u{7F}b\u{200E}\u{200F}\u{202A}\u{202D}\u{2067}\u{2069}c", placeholder: "?")
    #expect(result == "a?bc")
  }

  @Test func aJoinedSequenceKeepsItsFirstPart() {
    #expect(TextSanitizer.sanitize("👨\u{200D}👩\u{200D}👧 a\u{200D}b") == "👨 ab")
  }

  @Test func capsLongTextWithAnEllipsis() {
    #expect(TextSanitizer.capped("abcdef", limit: 4) == "abc…")
    #expect(TextSanitizer.capped("abcd", limit: 4) == "abcd")
    #expect(TextSanitizer.capped("日本語テ", limit: 4) == "日本語テ")
    #expect(TextSanitizer.capped("日本語テキ", limit: 4) == "日本語…")
    let huge = String(repeating: "x", count: 1_000_000)
    #expect(TextSanitizer.capped(huge).count == TextSanitizer.displayLimit)
  }

  @Test func strippingControlsKeepsLineBreaksAndDropsTheRest() {
    let hostile = "Fire\u{1B}[2J\u{07}\tnorth\r\nside\u{7F}\u{85}\u{9B}\u{202E}\u{200F}\u{2066}é🌍"
    #expect(TextSanitizer.strippingControls(hostile) == "Fire[2J\tnorth\r\nsideé🌍")
    #expect(TextSanitizer.strippingControls("plain") == "plain")
  }
}
