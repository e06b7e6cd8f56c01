/// A position on Earth in degrees. GeoJSON (and so EONET) writes it `[longitude, latitude]`.
package struct EOCoordinate: Sendable, Equatable, Hashable {
  /// Degrees east, -180 ... 180.
  package let longitude: Double
  /// Degrees north, -90 ... 90.
  package let latitude: Double

  /// Creates a coordinate.
  ///
  /// - Parameters:
  ///   - longitude: Degrees east.
  ///   - latitude: Degrees north.
  package init(longitude: Double, latitude: Double) {
    self.longitude = longitude
    self.latitude = latitude
  }
}
