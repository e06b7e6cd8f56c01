import Support

/// A scrollable block of text wrapped by display width: the event details.
///
/// ```swift
/// var detail = DetailPane(title: event.title, text: event.summary)
/// if detail.handle(key: key) { session.setNeedsRedraw() }
/// detail.render(into: &buffer, rect: body)
/// ```
package struct DetailPane: Hashable, Sendable {
  /// Drawn bold on the first line, or empty for none; cut to `TextSanitizer.displayLimit`
  /// characters with an ellipsis.
  package var title: String {
    didSet { title = TextSanitizer.capped(title) }
  }
  /// The body; line breaks start new lines, long lines wrap at spaces. Each line is cut to
  /// `TextSanitizer.displayLimit` characters with an ellipsis: the body is wrapped again on every
  /// frame, and a description of megabytes would freeze the screen.
  package var text: String {
    didSet {
      text = Self.capLines(text)
      scrollOffset = 0
    }
  }
  /// The first body line shown.
  package private(set) var scrollOffset: Int = 0
  /// Styles.
  package var theme: Theme
  /// Rows the body had at the last render: how far PgUp/PgDn move.
  package private(set) var visibleRowCount: Int = 10
  /// Lines the body had at the last render, to stop scrolling at the end.
  private var lineCount: Int = 0

  /// Creates a detail pane.
  package init(title: String = "", text: String, theme: Theme = .standard) {
    self.title = TextSanitizer.capped(title)
    self.text = Self.capLines(text)
    self.theme = theme
  }

  /// `text` with each line cut to the display limit, the lines after a long one kept.
  private static func capLines(_ text: String) -> String {
    // Every character is at least one byte: a short body needs no walk at all.
    guard text.utf8.count > TextSanitizer.displayLimit else { return text }
    // Split on the byte, not by characters: breaking half a megabyte into grapheme clusters only
    // to find the line feeds took longer than a frame.
    return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { TextSanitizer.capped(String(text[$0.startIndex..<$0.endIndex])) }
      .joined(separator: "\n")
  }

  /// Replaces the body, keeping the scroll position (the next render clamps it to the new text).
  package mutating func replaceText(_ newText: String) {
    let offset = scrollOffset
    text = newText
    scrollOffset = offset
  }

  /// Whether lines below the visible ones remain (as of the last render).
  package var hasMoreBelow: Bool { scrollOffset + visibleRowCount < lineCount }

  /// Scrolls for ↑/↓, k/j, PgUp/PgDn, g/G, Home/End.
  ///
  /// - Returns: `true` when the key is a scrolling key.
  package mutating func handle(key: Key) -> Bool {
    let page = max(1, visibleRowCount - 1)
    switch key {
    case .up, .char("k"): scroll(to: scrollOffset - 1)
    case .down, .char("j"): scroll(to: scrollOffset + 1)
    case .pageUp, .ctrl("b"): scroll(to: scrollOffset - page)
    case .pageDown, .ctrl("f"), .char(" "): scroll(to: scrollOffset + page)
    case .home, .char("g"): scroll(to: 0)
    case .end, .char("G"): scroll(to: Int.max)
    default: return false
    }
    return true
  }

  /// Draws the title and as much of the wrapped body as fits.
  package mutating func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    var body = rect
    if !title.isEmpty {
      let heading = TextLayout.wrap(title, width: rect.width)
      let (top, rest) = rect.splitTop(min(heading.count, max(1, rect.height / 2)))
      for (line, text) in heading.prefix(top.height).enumerated() {
        buffer.write(text, at: Point(x: top.x, y: top.y + line), style: theme.text.adding(.bold), clip: top)
      }
      body = rest.splitTop(1).rest
    }
    let lines = TextLayout.wrap(text, width: body.width)
    lineCount = lines.count
    visibleRowCount = max(1, body.height)
    scroll(to: scrollOffset)
    for (line, text) in lines.dropFirst(scrollOffset).prefix(body.height).enumerated() {
      buffer.write(text, at: Point(x: body.x, y: body.y + line), style: theme.text, clip: body)
    }
    if hasMoreBelow, body.width > 0 {
      let mark = String(buffer.symbols.moreBelow)
      buffer.write(mark, at: Point(x: body.maxX - 1, y: body.maxY - 1), style: theme.accent, clip: body)
    }
  }

  private mutating func scroll(to offset: Int) {
    let last = max(0, lineCount - visibleRowCount)
    scrollOffset = max(0, min(offset, last))
  }
}
