/// The land of one window and size as cell patterns: braille dot bits, or 0/1 for ASCII.
struct LandLayer: Sendable {
  let projection: Projection
  let ascii: Bool
  /// One byte per cell, row by row.
  private let patterns: [UInt8]

  /// A cell's dot at column `dx` (0–1), row `dy` (0–3) is bit `dotBits[dy][dx]` of U+2800's offset
  /// (the map's track sets its dots with it too).
  static let dotBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
  /// With ASCII symbols, a cell is land when this many of its eight dots are.
  private static let asciiLandDots = 3

  /// The map's size in cells.
  var size: Size { Size(width: projection.width, height: projection.height) }

  /// Rasterises `mask` onto the window and grid of `projection`.
  ///
  /// A dot is land when at least a third of the mask cells under it are (a coarse dot still shows a
  /// large island; a fine one takes the mask cell at its centre). Prefix sums along each dot row
  /// make that one pass over the mask, whatever the size. A window across the antimeridian reads
  /// on past the mask's east edge into its west (a span past the edge adds up the two pieces).
  init(mask: MapLandMask, projection: Projection, ascii: Bool) {
    self.projection = projection
    self.ascii = ascii
    let size = Size(width: projection.width, height: projection.height)
    let dotsWide = size.width * 2
    let dotsHigh = size.height * 4
    // The window in mask cells, its west edge within the mask's first turn.
    let perColumn = Double(mask.columns) / 360
    let perRow = Double(mask.rows) / (mask.north - mask.south)
    var west = (projection.west + 180).truncatingRemainder(dividingBy: 360)
    if west < 0 { west += 360 }
    let columnWindow = (start: west * perColumn, length: (projection.east - projection.west) * perColumn)
    let rowWindow = (
      start: (mask.north - projection.north) * perRow, length: (projection.north - projection.south) * perRow
    )
    let columnSpans = (0..<dotsWide).map {
      Self.span(of: $0, in: dotsWide, window: columnWindow, total: mask.columns * 2)
    }
    var patterns = [UInt8](repeating: 0, count: size.width * size.height)
    var totals = [Int](repeating: 0, count: mask.columns)
    var prefix = [Int](repeating: 0, count: mask.columns + 1)
    let turn = mask.columns
    var summed: Range<Int>?
    for dotRow in 0..<dotsHigh {
      let rows = Self.span(of: dotRow, in: dotsHigh, window: rowWindow, total: mask.rows)
      // Zoomed in, several dot rows fall on the same mask rows: their sums are the ones made.
      if rows != summed {
        for column in totals.indices { totals[column] = 0 }
        for row in rows { mask.accumulate(row: row, into: &totals) }
        for column in totals.indices { prefix[column + 1] = prefix[column] + totals[column] }
        summed = rows
      }
      let cellRow = dotRow / 4
      let bits = Self.dotBits[dotRow % 4]
      for dotColumn in 0..<dotsWide {
        let columns = columnSpans[dotColumn]
        let land =
          columns.upperBound <= turn
          ? prefix[columns.upperBound] - prefix[columns.lowerBound]
          : columns.lowerBound >= turn
            ? prefix[columns.upperBound - turn] - prefix[columns.lowerBound - turn]
            : prefix[turn] - prefix[columns.lowerBound] + prefix[columns.upperBound - turn]
        guard land > 0, land * 3 >= rows.count * columns.count else { continue }
        patterns[cellRow * size.width + dotColumn / 2] |= bits[dotColumn % 2]
      }
    }
    if ascii {
      for index in patterns.indices {
        patterns[index] = patterns[index].nonzeroBitCount >= Self.asciiLandDots ? 1 : 0
      }
    }
    self.patterns = patterns
  }

  /// Draws the land with its top-left corner at `area`'s, one fill per run of equal cells.
  func draw(into buffer: inout CellBuffer, at area: Rect, style: Style) {
    for row in 0..<size.height {
      let start = row * size.width
      var column = 0
      while column < size.width {
        let pattern = patterns[start + column]
        var end = column + 1
        while end < size.width && patterns[start + end] == pattern { end += 1 }
        if pattern != 0 {
          let glyph: Character = ascii ? "." : Character(Unicode.Scalar(0x2800 + UInt32(pattern))!)
          buffer.fill(
            Rect(x: area.x + column, y: area.y + row, width: end - column, height: 1), with: glyph,
            style: style)
        }
        column = end
      }
    }
  }

  /// The mask cells (rows or columns) whose centres fall in grid cell `index` of `count` spread over
  /// `window` (in mask cells) of `total`; the one nearest its centre when none does.
  private static func span(of index: Int, in count: Int, window: (start: Double, length: Double), total: Int)
    -> Range<Int>
  {
    let scale = window.length / Double(count)
    let from = window.start + Double(index) * scale
    let lower = min(total, max(0, Int((from - 0.5).rounded(.up))))
    let upper = min(total, max(lower, Int((from + scale - 0.5).rounded(.up))))
    if upper > lower { return lower..<upper }
    let nearest = min(total - 1, max(0, Int((from + scale / 2).rounded(.down))))
    return nearest..<(nearest + 1)
  }
}
