/// Which part of the world a ``MapView`` shows: a zoom factor and the point at the centre.
///
/// At zoom 1 the whole map shows (84°N to 60°S, 180°W to 180°E); at zoom `z` a window `1/z` as
/// wide and as tall, moved by ``pan(columns:rows:in:)`` and kept inside the world's edges.
///
/// ```swift
/// var viewport = MapViewport()
/// viewport.zoom(by: 2)
/// viewport.centre(longitude: -100, latitude: 40)
/// ```
public struct MapViewport: Hashable, Sendable {
  /// The closest zoom.
  public static let maximumZoom = 64.0

  /// How many times closer than the whole world, 1 ... ``maximumZoom``.
  public private(set) var zoom: Double = 1
  /// The longitude at the centre.
  public private(set) var centreLongitude: Double = 0
  /// The latitude at the centre.
  public private(set) var centreLatitude: Double = (Projection.defaultNorth + Projection.defaultSouth) / 2

  /// The whole world.
  public init() {}

  /// Whether the whole world shows.
  public var isWholeWorld: Bool { zoom <= 1 }

  /// The visible window: west, east, south and north edges in degrees.
  public var bounds: (west: Double, east: Double, south: Double, north: Double) {
    let width = 360 / zoom
    let height = (Projection.defaultNorth - Projection.defaultSouth) / zoom
    return (
      centreLongitude - width / 2, centreLongitude + width / 2, centreLatitude - height / 2,
      centreLatitude + height / 2
    )
  }

  /// Zooms in (`factor` above 1) or out, keeping the centre.
  public mutating func zoom(by factor: Double) {
    zoom = min(Self.maximumZoom, max(1, zoom * factor))
    clamp()
  }

  /// Moves the window by whole map cells of a map `size` cells big (positive: east and south).
  public mutating func pan(columns: Int, rows: Int, in size: Size) {
    guard !isWholeWorld, size.width > 0, size.height > 0 else { return }
    let bounds = self.bounds
    centreLongitude += Double(columns) * (bounds.east - bounds.west) / Double(size.width)
    centreLatitude -= Double(rows) * (bounds.north - bounds.south) / Double(size.height)
    clamp()
  }

  /// Puts a point at the centre (as near as the world's edges allow).
  public mutating func centre(longitude: Double, latitude: Double) {
    centreLongitude = longitude
    centreLatitude = latitude
    clamp()
  }

  /// Back to the whole world.
  public mutating func reset() {
    self = MapViewport()
  }

  /// "4× · 30.00°N–48.00°N, 130.00°W–100.00°W".
  public var caption: String {
    let bounds = self.bounds
    let zoomText = zoom == zoom.rounded() ? String(Int(zoom)) : Self.fixed(zoom, digits: 1)
    return "\(zoomText)× · \(Self.latitude(bounds.south))–\(Self.latitude(bounds.north)), "
      + "\(Self.longitude(bounds.west))–\(Self.longitude(bounds.east))"
  }

  private static func latitude(_ value: Double) -> String {
    fixed(abs(value), digits: 2) + (value >= 0 ? "°N" : "°S")
  }

  private static func longitude(_ value: Double) -> String {
    fixed(abs(value), digits: 2) + (value >= 0 ? "°E" : "°W")
  }

  /// `value` (not negative) with `digits` decimals, without Foundation.
  static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  private mutating func clamp() {
    let halfWidth = 180 / zoom
    let halfHeight = (Projection.defaultNorth - Projection.defaultSouth) / 2 / zoom
    centreLongitude = min(180 - halfWidth, max(-180 + halfWidth, centreLongitude))
    centreLatitude = min(
      Projection.defaultNorth - halfHeight, max(Projection.defaultSouth + halfHeight, centreLatitude))
  }
}
