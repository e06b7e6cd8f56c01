import Foundation

/// One observation of an event: where it was, when, and how big.
///
/// Geometries of an event arrive oldest first. A point is the usual shape; a few older events
/// carry a polygon (its first ring is the outline).
package struct EOGeometry: Sendable, Equatable, Hashable {
  /// The shape of an observation.
  package enum Shape: Sendable, Equatable, Hashable {
    /// A single position.
    case point(EOCoordinate)
    /// Linear rings; the first is the outer boundary (a MultiPolygon keeps its first polygon).
    case polygon([[EOCoordinate]])
    /// A line or a set of points (LineString, MultiPoint), in order.
    case line([EOCoordinate])
    /// A shape with no usable position (a GeometryCollection, null coordinates): the observation
    /// keeps its date and magnitude, and has no place on the map.
    case unlocated
  }

  /// When the observation was made (UTC).
  package let date: Date
  /// Where it was.
  package let shape: Shape
  /// How big it was, when the source measured it.
  package let magnitude: EOMagnitude?

  /// Creates a geometry.
  ///
  /// - Parameters:
  ///   - date: When the observation was made.
  ///   - shape: Where it was.
  ///   - magnitude: How big it was.
  package init(date: Date, shape: Shape, magnitude: EOMagnitude? = nil) {
    self.date = date
    self.shape = shape
    self.magnitude = magnitude
  }

  /// One representative position: the point itself, the mean of a polygon's outer ring, a line's
  /// last point; `nil` when unlocated.
  package var center: EOCoordinate? {
    switch shape {
    case .point(let coordinate):
      return coordinate
    case .line(let points):
      return points.last
    case .unlocated:
      return nil
    case .polygon(let rings):
      guard var ring = rings.first, !ring.isEmpty else { return nil }
      // A closed ring repeats its first vertex last; counting it twice would bias the mean.
      if ring.count > 1, ring.first == ring.last { ring.removeLast() }
      let longitude = ring.reduce(0) { $0 + $1.longitude } / Double(ring.count)
      let latitude = ring.reduce(0) { $0 + $1.latitude } / Double(ring.count)
      return EOCoordinate(longitude: longitude, latitude: latitude)
    }
  }
}
