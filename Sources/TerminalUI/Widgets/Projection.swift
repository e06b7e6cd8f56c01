/// The map's equirectangular projection: longitude and latitude onto a grid of cells.
///
/// Longitude runs from `west` at the left edge to `east` at the right (180°W to 180°E unless a
/// window is given), latitude from `north` at the top to `south` at the bottom, each linearly. The
/// grid may be the map's character cells or its braille dots (twice as many columns, four times as
/// many rows): a cell of the one always holds a whole number of cells of the other.
///
/// Longitudes are measured from the window's middle, the short way round, so a window may cross the
/// antimeridian: from 170°E to 190°E, 175°W is 5° right of the middle.
///
/// ```swift
/// let projection = Projection(width: 40, height: 10)
/// projection.cell(longitude: 139.7, latitude: 35.7)  // Tokyo: Point(x: 35, y: 3)
/// projection.cell(longitude: 0, latitude: -68.9)     // an iceberg off Antarctica: row 8
/// ```
struct Projection: Hashable, Sendable {
  /// The northern edge of the world: the pole.
  static let defaultNorth = 90.0
  /// The southern edge of the world: the pole (icebergs drift off Antarctica to 75°S).
  static let defaultSouth = -90.0

  /// Grid columns.
  let width: Int
  /// Grid rows.
  let height: Int
  /// The latitude of the top edge.
  let north: Double
  /// The latitude of the bottom edge.
  let south: Double
  /// The longitude of the left edge.
  let west: Double
  /// The longitude of the right edge.
  let east: Double

  /// Whether every longitude is in the window (the world across, though maybe not top to bottom).
  var spansAllLongitudes: Bool { east - west >= 360 }

  /// Whether this is the whole globe, rather than a zoomed window.
  var isWholeWorld: Bool { spansAllLongitudes && north >= 90 && south <= -90 }

  /// The longitude at the window's middle.
  var centreLongitude: Double { (west + east) / 2 }

  /// Creates a projection onto a `width` × `height` grid.
  ///
  /// - Parameters:
  ///   - width: Grid columns, at least 1.
  ///   - height: Grid rows, at least 1.
  ///   - north: The latitude of the top edge.
  ///   - south: The latitude of the bottom edge, below `north`.
  ///   - west: The longitude of the left edge.
  ///   - east: The longitude of the right edge, right of `west` (past 180 across the antimeridian).
  init(
    width: Int, height: Int, north: Double = defaultNorth, south: Double = defaultSouth, west: Double = -180,
    east: Double = 180
  ) {
    precondition(north > south, "Projection needs north (\(north)) above south (\(south))")
    precondition(east > west, "Projection needs east (\(east)) right of west (\(west))")
    self.width = max(1, width)
    self.height = max(1, height)
    self.north = north
    self.south = south
    self.west = west
    self.east = east
  }

  /// Degrees of longitude per column.
  var degreesPerColumn: Double { (east - west) / Double(width) }

  /// Whether a coordinate lies inside the window (always, for the whole world: the edges clamp).
  func contains(longitude: Double, latitude: Double) -> Bool {
    if isWholeWorld { return true }
    let across =
      spansAllLongitudes || abs(Self.wrapped(longitude - centreLongitude)) <= (east - west) / 2 + 1e-9
    return across && latitude >= south && latitude <= north
  }
  /// Degrees of latitude per row.
  var degreesPerRow: Double { (north - south) / Double(height) }

  /// Where a coordinate falls, in grid units from the top-left corner (not clamped).
  ///
  /// A longitude counts from the window's middle, the short way round (190° is 170°W).
  func position(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
    let x = (Self.wrapped(longitude - centreLongitude) + (east - west) / 2) / degreesPerColumn
    let y = (north - latitude) / degreesPerRow
    return (x, y)
  }

  /// The grid cell holding a coordinate, clamped to the grid.
  ///
  /// A point beyond the crop (89°N, say) lands on the edge row, never outside the grid.
  ///
  /// - Returns: The cell, or `nil` for a coordinate that is not a finite number.
  func cell(longitude: Double, latitude: Double) -> Point? {
    guard longitude.isFinite, latitude.isFinite else { return nil }
    let (x, y) = position(longitude: longitude, latitude: latitude)
    return Point(x: Self.clamp(x, below: width), y: Self.clamp(y, below: height))
  }

  /// The coordinate at a grid position: the inverse of ``position(longitude:latitude:)``, its
  /// longitude within −180…180.
  func coordinate(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
    (Self.wrapped(west + x * degreesPerColumn), north - y * degreesPerRow)
  }

  /// The coordinate at the centre of a cell.
  func center(of cell: Point) -> (longitude: Double, latitude: Double) {
    coordinate(x: Double(cell.x) + 0.5, y: Double(cell.y) + 0.5)
  }

  /// `longitude` moved into −180…180 by whole turns.
  static func wrapped(_ longitude: Double) -> Double {
    guard longitude < -180 || longitude > 180 else { return longitude }
    var turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
    if turned < 0 { turned += 360 }
    return turned - 180
  }

  /// The grid index of a finite position, clamped to `0..<count`.
  private static func clamp(_ position: Double, below count: Int) -> Int {
    let floored = position.rounded(.down)
    if floored <= 0 { return 0 }
    if floored >= Double(count - 1) { return count - 1 }
    return Int(floored)
  }
}
