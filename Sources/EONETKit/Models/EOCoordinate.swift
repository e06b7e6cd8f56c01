/// A position on Earth in degrees. GeoJSON (and so EONET) writes it `[longitude, latitude]`.
public struct EOCoordinate: Sendable, Equatable, Hashable {
  /// Degrees east, -180 ... 180.
  public let longitude: Double
  /// Degrees north, -90 ... 90.
  public let latitude: Double

  /// Creates a coordinate.
  ///
  /// - Parameters:
  ///   - longitude: Degrees east.
  ///   - latitude: Degrees north.
  public init(longitude: Double, latitude: Double) {
    self.longitude = longitude
    self.latitude = latitude
  }
}
