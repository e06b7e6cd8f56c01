/// Which parts of the world are land, on an equirectangular grid: what the map draws in braille.
///
/// The grid runs from 180°W to 180°E and from `north` down to `south`, row by row. The shipped mask,
/// ``naturalEarth110m``, is generated source (`make landmask` runs `Tests/Tools/make_landmask.py` on
/// Natural Earth's 1:110m land polygons), so the app never parses a polygon: it decodes a few KB of
/// run lengths once, on first use.
///
/// The encoding has one line per row, north first: the row's runs of equal cells, alternating sea
/// and land and starting with sea, adding up to `columns`. Each run is a base-26 number in letters,
/// most significant digit first: lower case `a`–`z` (0–25) for every digit but the last, upper case
/// `A`–`Z` (0–25) for the last.
///
/// ```swift
/// let mask = MapLandMask(columns: 4, rows: 1, north: 10, south: -10, encodedRows: "BCB")
/// mask.isLand(column: 1, row: 0)  // true: one sea cell, two land cells, one sea cell
/// ```
struct MapLandMask: Sendable {
  /// Cells from west to east.
  let columns: Int
  /// Cells from north to south.
  let rows: Int
  /// The latitude of the top edge, degrees.
  let north: Double
  /// The latitude of the bottom edge, degrees.
  let south: Double
  /// 1 for land, 0 for sea, row by row.
  private let cells: [UInt8]

  /// Decodes a mask.
  ///
  /// A malformed encoding is a build error of the generator, so it traps with the offending row.
  ///
  /// - Parameters:
  ///   - columns: Cells per row.
  ///   - rows: Rows; `encodedRows` must hold exactly this many non-empty lines.
  ///   - north: The latitude of the top edge.
  ///   - south: The latitude of the bottom edge.
  ///   - encodedRows: The run lengths, one line per row (surrounding whitespace is ignored).
  init(columns: Int, rows: Int, north: Double, south: Double, encodedRows: String) {
    precondition(columns > 0 && rows > 0 && north > south, "MapLandMask needs a non-empty grid")
    self.columns = columns
    self.rows = rows
    self.north = north
    self.south = south
    var cells: [UInt8] = []
    cells.reserveCapacity(columns * rows)
    var decodedRows = 0
    for line in encodedRows.utf8.split(separator: UInt8(ascii: "\n")) {
      let row = Self.decodeRow(line, columns: columns)
      guard !row.isEmpty else { continue }  // a blank line
      precondition(
        row.count == columns, "MapLandMask row \(decodedRows) has \(row.count) cells, not \(columns)")
      cells.append(contentsOf: row)
      decodedRows += 1
    }
    precondition(decodedRows == rows, "MapLandMask has \(decodedRows) rows, not \(rows)")
    self.cells = cells
  }

  /// Whether the cell at (`column`, `row`) is land; outside the grid is sea.
  func isLand(column: Int, row: Int) -> Bool {
    guard column >= 0, column < columns, row >= 0, row < rows else { return false }
    return cells[row * columns + column] != 0
  }

  /// Adds the land cells of `row` into `totals`, one entry per column (`totals.count == columns`).
  func accumulate(row: Int, into totals: inout [Int]) {
    let start = row * columns
    cells.withUnsafeBufferPointer { cells in
      for column in 0..<columns { totals[column] &+= Int(cells[start + column]) }
    }
  }

  /// One row's cells from its run lengths (empty for a blank line).
  private static func decodeRow(_ line: some Sequence<UInt8>, columns: Int) -> [UInt8] {
    var row: [UInt8] = []
    row.reserveCapacity(columns)
    var value = 0
    var land: UInt8 = 0
    for byte in line {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        value = value * 26 + Int(byte - UInt8(ascii: "a"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        value = value * 26 + Int(byte - UInt8(ascii: "A"))
        row.append(contentsOf: repeatElement(land, count: value))
        value = 0
        land ^= 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        continue
      default:
        preconditionFailure("MapLandMask: unexpected byte \(byte) in the encoding")
      }
    }
    precondition(value == 0, "MapLandMask: a row ends in the middle of a run")
    return row
  }
}
