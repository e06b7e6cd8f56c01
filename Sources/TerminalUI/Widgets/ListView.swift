/// A scrolling list with a selection: the categories and events screens.
///
/// The list keeps the selection visible as it moves, handles ↑/↓, k/j, PgUp/PgDn, g/G and Home/End,
/// shows a message when empty, and keeps the selection in range whenever the rows change.
///
/// ```swift
/// var list = ListView(emptyMessage: "No events in this period")
/// list.rows = categories.map { ListRow(text: $0.title, rightText: "\($0.count)") }
/// if list.handle(key: key) { session.setNeedsRedraw() }
/// list.render(into: &buffer, rect: body)
/// ```
///
/// A long list can give its rows lazily (``replaceRows(count:glyphWidth:id:row:)``): only the rows on
/// screen are ever made, so an update or a key costs the same for twenty rows or twenty thousand.
package struct ListView {
  /// The rows, top to bottom. Setting them keeps `selectedIndex` in range. (Reading them makes every
  /// row of a lazy list: use ``rowCount`` and ``row(at:)`` where that matters.)
  package var rows: [ListRow] {
    get { lazyRows.map { lazy in (0..<lazy.count).map(lazy.row) } ?? eagerRows }
    set {
      lazyRows = nil
      eagerRows = newValue
      clampSelection()
    }
  }
  private var eagerRows: [ListRow] = []
  private var lazyRows: LazyRows?

  /// Rows made on demand.
  private struct LazyRows {
    let count: Int
    let glyphWidth: Int
    let id: (Int) -> String
    let row: (Int) -> ListRow
  }

  /// How many rows there are.
  package var rowCount: Int { lazyRows?.count ?? eagerRows.count }

  /// The row at `index` (made now for a lazy list).
  package func row(at index: Int) -> ListRow {
    lazyRows.map { $0.row(index) } ?? eagerRows[index]
  }

  private func rowID(at index: Int) -> String {
    lazyRows.map { $0.id(index) } ?? eagerRows[index].id
  }

  private func index(ofID id: String) -> Int? {
    (0..<rowCount).first { rowID(at: $0) == id }
  }
  /// Whether the list has the keys: its selection is drawn in the theme's selection style; without
  /// them (another pane has the keys) it is only underlined, so a screen shows where the keys go.
  package var isFocused = true
  /// The selected row (0 when the list is empty).
  package private(set) var selectedIndex: Int = 0
  /// The first visible row.
  package private(set) var scrollOffset: Int = 0
  /// Shown when there are no rows.
  package var emptyMessage: String
  /// Styles.
  package var theme: Theme
  /// Rows the last render showed: the distance PgUp/PgDn move.
  package private(set) var visibleRowCount: Int = 10
  /// Where the last render drew the list (for mouse clicks).
  package private(set) var lastRect = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Creates a list.
  package init(rows: [ListRow] = [], emptyMessage: String = "Nothing here", theme: Theme = .standard) {
    self.eagerRows = rows
    self.emptyMessage = emptyMessage
    self.theme = theme
    clampSelection()
  }

  /// The selected row, or `nil` when the list is empty.
  package var selectedRow: ListRow? {
    (0..<rowCount).contains(selectedIndex) ? row(at: selectedIndex) : nil
  }

  /// The id of the selected row, or `nil` when the list is empty.
  package var selectedID: String? {
    (0..<rowCount).contains(selectedIndex) ? rowID(at: selectedIndex) : nil
  }

  /// Replaces the rows, keeping the selected row (by ``ListRow/id``) selected and on the same line
  /// of the screen when rows are inserted or removed around it; where it is gone, the selection
  /// stays at the same index.
  package mutating func replaceRows(_ newRows: [ListRow]) {
    keepingSelection { $0.rows = newRows }
  }

  /// Replaces the rows with `count` rows made on demand, keeping the selection as
  /// ``replaceRows(_:)`` does.
  ///
  /// - Parameters:
  ///   - count: How many rows.
  ///   - glyphWidth: The widest glyph of any row (the glyph column's width).
  ///   - id: The id of the row at an index (cheap: it is asked for to find the selection).
  ///   - row: The row at an index (asked for only for the rows drawn).
  package mutating func replaceRows(
    count: Int, glyphWidth: Int, id: @escaping (Int) -> String, row: @escaping (Int) -> ListRow
  ) {
    keepingSelection { list in
      list.eagerRows = []
      list.lazyRows = LazyRows(count: count, glyphWidth: glyphWidth, id: id, row: row)
      list.clampSelection()
    }
  }

  private mutating func keepingSelection(_ replace: (inout ListView) -> Void) {
    let previousID = selectedID
    let line = selectedIndex - scrollOffset
    replace(&self)
    guard let previousID, let index = index(ofID: previousID) else { return }
    selectedIndex = index
    scrollOffset = max(0, index - line)
    clampSelection()
    scrollSelectionIntoView(height: visibleRowCount)
  }

  /// Selects the row with `id`, if there is one.
  ///
  /// - Returns: whether a row has that id.
  @discardableResult
  package mutating func select(id: String) -> Bool {
    guard let index = index(ofID: id) else { return false }
    select(index)
    return true
  }

  /// The row drawn at `point` by the last render, if any (a click).
  package func rowIndex(at point: Point) -> Int? {
    guard lastRect.contains(point) else { return nil }
    let index = scrollOffset + (point.y - lastRect.y)
    return (0..<rowCount).contains(index) ? index : nil
  }

  /// Scrolls by `rows` (the mouse wheel), moving the selection with the view.
  package mutating func scroll(by rows: Int) {
    select(selectedIndex + rows)
  }

  /// Selects a row (clamped to the rows there are) and scrolls it into view.
  package mutating func select(_ index: Int) {
    selectedIndex = index
    clampSelection()
    scrollSelectionIntoView(height: visibleRowCount)
  }

  /// Moves the selection for a navigation key.
  ///
  /// - Returns: `true` when the key is one the list handles (even if the selection is already at the
  ///   end), so the caller knows not to treat it otherwise.
  package mutating func handle(key: Key) -> Bool {
    let page = max(1, visibleRowCount - 1)
    switch key {
    case .up, .char("k"): select(selectedIndex - 1)
    case .down, .char("j"): select(selectedIndex + 1)
    case .pageUp, .ctrl("b"): select(selectedIndex - page)
    case .pageDown, .ctrl("f"): select(selectedIndex + page)
    case .home, .char("g"): select(0)
    case .end, .char("G"): select(rowCount - 1)
    default: return false
    }
    return true
  }

  /// Draws the visible rows into `rect`, scrolling so the selection is visible.
  package mutating func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    lastRect = rect
    guard !rect.isEmpty else { return }
    visibleRowCount = rect.height
    guard rowCount > 0 else {
      let message = TextLayout.truncate(emptyMessage, toWidth: rect.width, ellipsis: buffer.symbols.ellipsis)
      buffer.write(message, at: Point(x: rect.x, y: rect.y), style: theme.secondary, clip: rect)
      return
    }
    scrollSelectionIntoView(height: rect.height)
    let glyphWidth = lazyRows?.glyphWidth ?? eagerRows.reduce(0) { max($0, DisplayWidth.of($1.glyph)) }
    let glyphColumn = glyphWidth > 0 && rect.width >= glyphWidth + 3 ? glyphWidth + 1 : 0
    for line in 0..<rect.height {
      let index = scrollOffset + line
      guard index < rowCount else { break }
      let rowRect = Rect(x: rect.x, y: rect.y + line, width: rect.width, height: 1)
      draw(
        row(at: index), selected: index == selectedIndex, glyphColumn: glyphColumn, in: rowRect,
        buffer: &buffer)
    }
  }

  private func draw(_ row: ListRow, selected: Bool, glyphColumn: Int, in rect: Rect, buffer: inout CellBuffer)
  {
    let ellipsis = buffer.symbols.ellipsis
    let focused = isFocused
    let style = { (base: Style) in
      selected ? (focused ? base.merged(with: theme.selection) : base.adding(.underline)) : base
    }
    if selected { buffer.clear(rect, style: style(theme.text)) }
    var x = rect.x
    if glyphColumn > 0 {
      buffer.write(row.glyph, at: Point(x: x, y: rect.y), style: style(row.glyphStyle), clip: rect)
      x += glyphColumn
    }
    var textRight = rect.maxX
    let rightWidth = DisplayWidth.of(row.rightText)
    let minimumTitle = 4
    if rightWidth > 0 && rect.maxX - x >= rightWidth + 1 + minimumTitle {
      buffer.write(
        row.rightText, at: Point(x: rect.maxX - rightWidth, y: rect.y), style: style(theme.text), clip: rect)
      textRight = rect.maxX - rightWidth - 1
    }
    let textArea = Rect(x: x, y: rect.y, width: textRight - x, height: 1)
    let title = TextLayout.truncate(row.text, toWidth: textArea.width, ellipsis: ellipsis)
    let used = buffer.write(title, at: Point(x: x, y: rect.y), style: style(theme.text), clip: textArea)
    if let highlight = row.highlight {
      drawHighlight(
        highlight, of: row.text, shown: title, at: Point(x: x, y: rect.y), style: style(theme.text),
        clip: textArea, buffer: &buffer)
    }
    let gap = 2
    let detailWidth = textArea.width - used - gap
    if !row.detail.isEmpty && title == row.text && detailWidth > 0 {
      let detail = TextLayout.truncate(row.detail, toWidth: detailWidth, ellipsis: ellipsis)
      buffer.write(
        detail, at: Point(x: x + used + gap, y: rect.y), style: style(theme.secondary), clip: textArea)
    }
  }

  /// Draws the part `highlight` of `text` again, underlined and bold, where `shown` (the title as
  /// drawn, perhaps cut with an ellipsis) shows it.
  private func drawHighlight(
    _ highlight: Range<String.Index>, of text: String, shown: String, at origin: Point, style: Style,
    clip: Rect,
    buffer: inout CellBuffer
  ) {
    let lower = text.distance(from: text.startIndex, to: highlight.lowerBound)
    let upper = text.distance(from: text.startIndex, to: highlight.upperBound)
    // A cut title shows its first characters, then the ellipsis.
    let visible = shown == text ? text.count : max(0, shown.count - buffer.symbols.ellipsis.count)
    guard lower < min(upper, visible) else { return }
    let prefix = text.prefix(lower)
    let marked = text.dropFirst(lower).prefix(min(upper, visible) - lower)
    buffer.write(
      String(marked), at: Point(x: origin.x + DisplayWidth.of(String(prefix)), y: origin.y),
      style: style.adding([.underline, .bold]), clip: clip)
  }

  private mutating func clampSelection() {
    selectedIndex = max(0, min(selectedIndex, rowCount - 1))
    scrollOffset = max(0, min(scrollOffset, rowCount - 1))
  }

  private mutating func scrollSelectionIntoView(height: Int) {
    let height = max(1, height)
    if selectedIndex < scrollOffset { scrollOffset = selectedIndex }
    if selectedIndex >= scrollOffset + height { scrollOffset = selectedIndex - height + 1 }
    scrollOffset = max(0, min(scrollOffset, rowCount - height))
  }
}
