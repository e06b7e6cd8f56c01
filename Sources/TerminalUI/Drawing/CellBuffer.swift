import Support

/// A grid of cells that widgets draw into; the renderer copies what changed to the terminal.
///
/// Everything a widget draws goes through the buffer, so widgets are tested by rendering into a
/// buffer and reading its `lines` back, with no terminal involved. Writes are clipped to the buffer
/// and to an optional rectangle, never split a wide character, and sanitise their text.
///
/// ```swift
/// var buffer = CellBuffer(size: Size(width: 20, height: 2))
/// buffer.write("OurPlanet", at: Point(x: 0, y: 0), style: Style(attributes: .bold))
/// buffer.lines[0]  // "OurPlanet           "
/// ```
package struct CellBuffer: Hashable, Sendable {
  /// Width and height in cells.
  package private(set) var size: Size
  /// The glyphs widgets should draw with (ASCII when the terminal has no UTF-8).
  package var symbols: Symbols
  /// Cells row by row.
  private(set) var cells: [Cell]

  /// A blank buffer.
  package init(size: Size, symbols: Symbols = .unicode) {
    let clamped = Size(width: max(0, size.width), height: max(0, size.height))
    self.size = clamped
    self.symbols = symbols
    self.cells = Array(repeating: .blank, count: clamped.width * clamped.height)
  }

  /// The whole buffer as a rectangle.
  package var bounds: Rect { Rect(size: size) }

  /// The cell at a position (a blank cell outside the buffer).
  package subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
    return cells[y * size.width + x]
  }

  /// Each row as plain text, continuation cells left out (so a wide character reads once).
  package var lines: [String] {
    (0..<size.height).map { line(at: $0) }
  }

  /// One row as plain text.
  package func line(at y: Int) -> String {
    guard y >= 0, y < size.height else { return "" }
    var text = ""
    for x in 0..<size.width {
      let cell = cells[y * size.width + x]
      if !cell.isContinuation { text.append(cell.character) }
    }
    return text
  }

  /// Blanks every cell (or the cells of `rect`) with `style`.
  package mutating func clear(_ rect: Rect? = nil, style: Style = .plain) {
    fill(rect ?? bounds, with: " ", style: style)
  }

  /// Fills a rectangle with one character.
  package mutating func fill(_ rect: Rect, with character: Character, style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let cell = makeCell(character, style: style)
    for y in area.minY..<area.maxY {
      var x = area.minX
      while x < area.maxX {
        let used = put(cell, x: x, y: y, clip: area)
        x += max(1, used)
      }
    }
  }

  /// Changes the style of the cells in a rectangle, keeping their text.
  package mutating func setStyle(_ style: Style, in rect: Rect) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX {
        cells[y * size.width + x].style = style
      }
    }
  }

  /// Writes text from `point` to the right, clipped to `clip` (default: the buffer's row).
  ///
  /// The text is sanitised; a wide character that does not fit whole is replaced by a space.
  ///
  /// - Returns: the number of columns written.
  @discardableResult
  package mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil)
    -> Int
  {
    let area = (clip ?? Rect(x: 0, y: point.y, width: size.width, height: 1)).intersection(bounds)
    guard area.contains(Point(x: max(point.x, area.minX), y: point.y)) else { return 0 }
    var x = point.x
    for character in text {
      guard x < area.maxX else { break }
      if symbols.isASCII, !character.isASCII, let fallback = Symbols.asciiFallback(for: character) {
        for replacement in fallback {
          let cell = Cell(unchecked: replacement, width: 1, style: style)
          if x < area.minX {
            x += 1
          } else {
            x += put(cell, x: x, y: point.y, clip: area)
          }
        }
        continue
      }
      guard
        let safe = TextSanitizer.sanitize(
          character, placeholder: symbols.placeholder, asciiOnly: symbols.isASCII)
      else { continue }
      let cell = Cell(unchecked: safe, width: CharacterWidth.of(safe) ?? 1, style: style)
      if x < area.minX {
        x += cell.width
        continue
      }
      x += put(cell, x: x, y: point.y, clip: area)
    }
    return max(0, x - max(point.x, area.minX))
  }

  /// Resizes the buffer, blanking it.
  package mutating func resize(to newSize: Size) {
    self = CellBuffer(size: newSize, symbols: symbols)
  }

  // MARK: - Internals

  /// Puts a one-column cell made by a widget (no text to sanitise: a block glyph) at `x`, `y`.
  mutating func setBlock(_ character: Character, style: Style, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
    cells[y * size.width + x] = Cell(unchecked: character, width: 1, style: style)
  }

  private func makeCell(_ character: Character, style: Style) -> Cell {
    let safe =
      TextSanitizer.sanitize(character, placeholder: symbols.placeholder, asciiOnly: symbols.isASCII) ?? " "
    return Cell(unchecked: safe, width: CharacterWidth.of(safe) ?? 1, style: style)
  }

  /// Puts one measured cell at (x, y), repairing any wide character it overlaps.
  /// - Returns: the columns taken (a wide cell that does not fit becomes a one-column space).
  private mutating func put(_ cell: Cell, x: Int, y: Int, clip: Rect) -> Int {
    guard x >= clip.minX, x < clip.maxX, y >= clip.minY, y < clip.maxY else { return 0 }
    var cell = cell
    if cell.width == 2 && x + 1 >= clip.maxX {
      cell = Cell(unchecked: " ", width: 1, style: cell.style)
    }
    let span = cell.width
    breakWideCharacter(at: x, y: y)
    if span == 2 { breakWideCharacter(at: x + 1, y: y) }
    let row = y * size.width
    cells[row + x] = cell
    if span == 2 { cells[row + x + 1] = .continuation(style: cell.style) }
    return span
  }

  /// Before (x, y) is overwritten: if it is half of a wide character, blank the other half.
  private mutating func breakWideCharacter(at x: Int, y: Int) {
    let row = y * size.width
    let current = cells[row + x]
    if current.isContinuation, x > 0 {
      cells[row + x - 1] = Cell(unchecked: " ", width: 1, style: cells[row + x - 1].style)
    } else if current.width == 2, x + 1 < size.width {
      cells[row + x + 1] = Cell(unchecked: " ", width: 1, style: current.style)
    }
  }

  /// Cells of one row, for the renderer.
  func row(_ y: Int) -> ArraySlice<Cell> {
    cells[(y * size.width)..<((y + 1) * size.width)]
  }
}
