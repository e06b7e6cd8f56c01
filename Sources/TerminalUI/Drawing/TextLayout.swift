import Support

/// Fitting text into columns: truncation with an ellipsis and word wrapping, by display width.
///
/// Both work on whole grapheme clusters, so a wide character or an accented letter is never split,
/// and both read each character once (truncation no further than it keeps), so a field of megabytes
/// costs a frame no more than its cap (`TextSanitizer.displayLimit`).
///
/// ```swift
/// TextLayout.truncate("Severe Storms", toWidth: 8, ellipsis: "…")  // "Severe …"
/// TextLayout.wrap("one two three", width: 7)                       // ["one two", "three"]
/// ```
package enum TextLayout {
  /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
  ///
  /// When even the ellipsis does not fit, the text is cut without one.
  package static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.fits(text, in: width) { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    guard ellipsisWidth <= width else { return prefix(of: text, fitting: width) }
    return prefix(of: text, fitting: width - ellipsisWidth) + ellipsis
  }

  /// The longest prefix of `text` that fits in `width` columns.
  package static func prefix(of text: String, fitting width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let columns = max(0, CharacterWidth.of(character) ?? 1)
      if used + columns > width { break }
      used += columns
      result.append(character)
    }
    return result
  }

  /// `text` broken into lines of at most `width` columns.
  ///
  /// Breaks at spaces where it can and inside a word only when the word alone is too wide. Line
  /// breaks in the text start new lines; a blank line is kept as an empty line.
  package static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(contentsOf: wrapParagraph(String(paragraph), width: width))
    }
    return lines
  }

  private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
    // Leading spaces are the paragraph's indent, repeated on every line it wraps to (at most half
    // the width, so a word always has room); runs of spaces between words are kept when both words
    // land on one line, so aligned columns ("Status:   open") stay aligned.
    let leading = paragraph.prefix(while: { $0 == " " }).count
    let indent = String(repeating: " ", count: min(leading, width / 2))
    var lines: [String] = []
    var line = indent
    var lineWidth = indent.count
    var lineHasWord = false
    var spacesBefore = 0
    for piece in paragraph.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false) {
      if piece.isEmpty {
        spacesBefore += 1
        continue
      }
      let gap = spacesBefore + 1
      spacesBefore = 0
      var word = String(piece)
      var wordWidth = DisplayWidth.of(word)
      if lineHasWord && lineWidth + gap + wordWidth <= width {
        line += String(repeating: " ", count: gap) + word
        lineWidth += gap + wordWidth
        continue
      }
      if lineHasWord {
        lines.append(line)
        line = indent
        lineWidth = indent.count
      }
      let room = width - indent.count
      if wordWidth > room {
        // One pass over the word, a line each time it fills (cutting the head off and measuring
        // the rest again for every line was quadratic: minutes for a long word).
        var head = ""
        var headWidth = 0
        for character in word {
          let columns = max(0, CharacterWidth.of(character) ?? 1)
          // A wide character in a one-column line goes alone rather than never.
          if headWidth + columns > room && !head.isEmpty {
            lines.append(indent + head)
            head = ""
            headWidth = 0
          }
          head.append(character)
          headWidth += columns
        }
        word = head
        wordWidth = headWidth
      }
      line += word
      lineWidth += wordWidth
      lineHasWord = true
    }
    if lineHasWord || lines.isEmpty { lines.append(lineHasWord ? line : "") }
    return lines
  }
}
