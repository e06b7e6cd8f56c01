/// A stretch of the globe for the map to frame: longitudes eastward from `west` for `width` degrees,
/// latitudes from `south` to `north`.
///
/// A box whose east edge lies past 180° crosses the antimeridian: 170°E to 170°W is `west` 170 and
/// `width` 20, one box, not two halves at the world's edges.
///
/// ```swift
/// let fiji = MapBox(west: 170, south: -25, east: -170, north: -10)  // width 20, centred on 180°
/// let fires = MapBox.enclosing([(-120.5, 38.2), (-118.5, 38.2)])     // from 120.5°W, 2° wide
/// ```
package struct MapBox: Hashable, Sendable {
  /// The west edge, −180 ..< 180.
  package let west: Double
  /// Degrees eastward from `west`, 0 ... 360.
  package let width: Double
  /// The south edge, −90 ... 90.
  package let south: Double
  /// The north edge, `south` ... 90.
  package let north: Double

  /// A box from its edges; an `east` west of `west` crosses the antimeridian.
  ///
  /// - Parameters:
  ///   - west: The west edge, degrees (any value: it wraps).
  ///   - south: The south edge (clamped to ±90).
  ///   - east: The east edge; equal to `west` plus a whole turn (−180 and 180) spans every longitude.
  ///   - north: The north edge, not below `south` (clamped to ±90).
  package init(west: Double, south: Double, east: Double, north: Double) {
    let width = east - west
    let wrapped = width >= 360 ? 360 : Self.turn(width)
    self.init(west: west, width: wrapped, south: south, north: north)
  }

  /// A box `width` degrees wide eastward from `west`.
  package init(west: Double, width: Double, south: Double, north: Double) {
    self.west = Self.longitude(west)
    self.width = min(360, max(0, width))
    self.south = min(90, max(-90, min(south, north)))
    self.north = min(90, max(-90, max(south, north)))
  }

  /// The east edge, −180 ... 180 (below `west` when the box crosses the antimeridian).
  package var east: Double { width >= 360 ? west + 360 : Self.longitude(west + width) }

  /// The longitude at the middle, −180 ..< 180.
  package var centreLongitude: Double { Self.longitude(west + width / 2) }

  /// The latitude at the middle.
  package var centreLatitude: Double { (south + north) / 2 }

  /// The smallest box holding every point (finite points only; `nil` when there is none).
  ///
  /// Across, it is the shortest arc that holds every longitude: the circle less its widest empty
  /// gap, so events on both sides of the antimeridian make one narrow box around 180°, not one
  /// spanning the world.
  package static func enclosing(_ points: [(longitude: Double, latitude: Double)]) -> MapBox? {
    let finite = points.filter { $0.longitude.isFinite && $0.latitude.isFinite }
    guard let first = finite.first else { return nil }
    var south = first.latitude
    var north = first.latitude
    for point in finite {
      south = min(south, point.latitude)
      north = max(north, point.latitude)
    }
    let longitudes = finite.map { longitude($0.longitude) }.sorted()
    // The widest gap between neighbours, the one from the last round to the first included: the
    // box starts where that gap ends.
    var widestGap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
    var west = longitudes[0]
    for (before, after) in zip(longitudes, longitudes.dropFirst()) where after - before > widestGap {
      widestGap = after - before
      west = after
    }
    return MapBox(west: west, width: 360 - widestGap, south: south, north: north)
  }

  /// `value` moved into −180 ..< 180 by whole turns.
  static func longitude(_ value: Double) -> Double {
    guard value < -180 || value >= 180 else { return value }
    return turn(value + 180) - 180
  }

  /// `value` moved into 0 ..< 360 by whole turns.
  private static func turn(_ value: Double) -> Double {
    let remainder = value.truncatingRemainder(dividingBy: 360)
    return remainder < 0 ? remainder + 360 : remainder
  }
}
