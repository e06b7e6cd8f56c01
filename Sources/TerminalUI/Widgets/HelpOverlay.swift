/// A framed box over the screen listing the keys.
///
/// It is centred and sized to its content, shrinking (and clipping) on small terminals; keys form
/// a left column and actions a right one.
///
/// ```swift
/// let help = HelpOverlay(entries: [HelpEntry(keys: "q", action: "quit")])
/// if showingHelp { help.render(into: &buffer, rect: buffer.bounds) }
/// ```
package struct HelpOverlay: Hashable, Sendable {
  /// The box's title.
  package var title: String
  /// The keys, top to bottom.
  package var entries: [HelpEntry]
  /// The last line inside the box ("press any key to close"), or empty.
  package var footer: String
  /// Styles.
  package var theme: Theme
  /// The first entry shown (the box scrolls when the terminal is too short for every entry).
  package var scrollOffset: Int = 0

  /// Creates a help overlay.
  package init(
    title: String = "Keys", entries: [HelpEntry], footer: String = "press any key to close",
    theme: Theme = .standard
  ) {
    self.title = title
    self.entries = entries
    self.footer = footer
    self.theme = theme
  }

  /// Draws the box centred in `rect`.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    guard !rect.isEmpty else { return }
    let symbols = buffer.symbols
    // Headings and keys without an action (a narrow help puts the action under its keys) span the
    // row: they leave the key column as wide as the keys beside an action.
    let spanning = entries.filter { $0.isHeading || $0.action.isEmpty }
    let keyColumn = entries.reduce(0) {
      $1.isHeading || $1.action.isEmpty ? $0 : max($0, DisplayWidth.of($1.keys))
    }
    let actionColumn = entries.reduce(0) { max($0, DisplayWidth.of($1.action)) }
    let gap = 2
    let padding = 1
    let contentWidth = max(
      keyColumn + gap + actionColumn, spanning.reduce(0) { max($0, DisplayWidth.of($1.keys)) },
      DisplayWidth.of(title) + 2, DisplayWidth.of(footer))
    let footerLines = footer.isEmpty ? 0 : 2
    let border = 2
    let box = rect.centered(
      Size(width: contentWidth + 2 * padding + border, height: entries.count + footerLines + border))
    buffer.clear(box, style: theme.text)
    drawFrame(box, symbols: symbols, buffer: &buffer)
    let inner = box.insetBy(dx: 1 + padding, dy: 1)
    guard !inner.isEmpty else { return }
    if box.width > 5 {
      let heading = TextLayout.truncate(" \(title) ", toWidth: box.width - 4, ellipsis: symbols.ellipsis)
      buffer.write(heading, at: Point(x: box.x + 2, y: box.y), style: theme.frame.adding(.bold), clip: box)
    }
    let entryRows = max(0, inner.height - footerLines)
    let first = Self.clampedOffset(scrollOffset, entries: entries.count, rows: entryRows)
    for (line, entry) in entries.dropFirst(first).prefix(entryRows).enumerated() {
      let y = inner.y + line
      let keys = TextLayout.truncate(entry.keys, toWidth: inner.width, ellipsis: symbols.ellipsis)
      let keyStyle = entry.isHeading ? theme.frame.adding([.bold, .underline]) : theme.text.adding(.bold)
      buffer.write(keys, at: Point(x: inner.x, y: y), style: keyStyle, clip: inner)
      let actionX = inner.x + keyColumn + gap
      let actionWidth = inner.maxX - actionX
      if actionWidth > 0 {
        let action = TextLayout.truncate(entry.action, toWidth: actionWidth, ellipsis: symbols.ellipsis)
        buffer.write(action, at: Point(x: actionX, y: y), style: theme.text, clip: inner)
      }
    }
    if footerLines > 0 && inner.height >= footerLines {
      let hidden = entries.count - entryRows
      let scrolling = hidden > 0 ? "\(first) above, \(hidden - first) below, ↑↓ scroll · " : ""
      let text = TextLayout.truncate(scrolling + footer, toWidth: inner.width, ellipsis: symbols.ellipsis)
      buffer.write(text, at: Point(x: inner.x, y: inner.maxY - 1), style: theme.secondary, clip: inner)
    }
  }

  /// The entry rows the box has inside `rect` (fewer than the entries when it must scroll).
  package func visibleEntryRows(in rect: Rect) -> Int {
    let footerLines = footer.isEmpty ? 0 : 2
    return max(0, min(entries.count, rect.height - 2 - footerLines))
  }

  /// `offset` kept so the last page is full.
  static func clampedOffset(_ offset: Int, entries: Int, rows: Int) -> Int {
    max(0, min(offset, entries - rows))
  }

  private func drawFrame(_ box: Rect, symbols: Symbols, buffer: inout CellBuffer) {
    guard box.width >= 2, box.height >= 2 else { return }
    let style = theme.frame
    let horizontal = String(repeating: symbols.boxHorizontal, count: box.width - 2)
    let corners = symbols.boxCorners
    buffer.write(
      String(corners[0]) + horizontal + String(corners[1]), at: Point(x: box.x, y: box.y), style: style,
      clip: box)
    buffer.write(
      String(corners[2]) + horizontal + String(corners[3]), at: Point(x: box.x, y: box.maxY - 1),
      style: style, clip: box)
    for y in (box.y + 1)..<(box.maxY - 1) {
      buffer.write(String(symbols.boxVertical), at: Point(x: box.x, y: y), style: style, clip: box)
      buffer.write(String(symbols.boxVertical), at: Point(x: box.maxX - 1, y: y), style: style, clip: box)
    }
  }
}
