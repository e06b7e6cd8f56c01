/// What the screen shows when the terminal is below the app's minimum size: one line,
/// "terminal too small: 12×3", cut to fit even a 1×1 terminal.
package struct TooSmallNotice: Hashable, Sendable {
  /// The terminal's current size.
  package var size: Size
  /// Styles.
  package var theme: Theme

  /// Creates the notice.
  package init(size: Size, theme: Theme = .standard) {
    self.size = size
    self.theme = theme
  }

  /// The message for the given symbols ("×" or "x").
  package func message(symbols: Symbols) -> String {
    "terminal too small: \(size.width)\(symbols.times)\(size.height)"
  }

  /// Blanks `rect` and draws the message on its first row.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    let text = TextLayout.truncate(
      message(symbols: buffer.symbols), toWidth: rect.width, ellipsis: buffer.symbols.ellipsis)
    buffer.write(text, at: Point(x: rect.x, y: rect.y), style: theme.error, clip: rect)
  }
}
