import Support

/// How many terminal columns text takes.
///
/// Widths come from the C library's `wcwidth` under a UTF-8 locale (whatever the process locale is):
/// CJK and emoji take two columns, combining marks zero, and a grapheme cluster takes the width of
/// its base character (two when an emoji presentation selector asks for it). Control characters and
/// code points the C library does not know have no width here; `TextSanitizer` replaces them before
/// anything reaches a cell.
///
/// ```swift
/// DisplayWidth.of("abc")      // 3
/// DisplayWidth.of("日本")      // 4
/// DisplayWidth.of("e\u{301}") // 1
/// ```
package enum DisplayWidth {
  /// The columns a whole string takes once sanitised (controls count as one-column placeholders).
  package static func of(_ text: String) -> Int {
    var total = 0
    for character in text {
      total += max(0, CharacterWidth.of(character) ?? 1)
    }
    return total
  }

  /// Whether `text` takes at most `width` columns, reading no further than needed to tell: a
  /// row's title is checked against the row's width without measuring a huge title to its end.
  package static func fits(_ text: String, in width: Int) -> Bool {
    // Every cluster takes at most two columns, so a short text fits without measuring.
    if text.utf8.count <= width / 2 { return true }
    var total = 0
    for character in text {
      total += max(0, CharacterWidth.of(character) ?? 1)
      if total > width { return false }
    }
    return true
  }
}
