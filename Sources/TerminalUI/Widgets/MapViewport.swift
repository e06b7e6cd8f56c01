/// Which part of the world a ``MapView`` shows: a zoom factor and the point at the centre.
///
/// At zoom 1 the whole globe shows (90°N to 90°S, 180°W to 180°E) in the world's shape, as large as
/// the rectangle allows. Zoom is a scale: at zoom `z` a degree takes `z` times the room, so a closer
/// map first grows to fill the rectangle (its spare rows and columns), then shows less of the world.
/// The window never goes past a pole; across, it wraps, so it may sit on the antimeridian.
///
/// ```swift
/// var viewport = MapViewport()
/// viewport.centre(longitude: -100, latitude: 40, in: rect)
/// viewport.zoom(by: 2, around: (-97.7, 30.3), in: rect)  // Austin stays where it was on screen
/// let framed = MapViewport(framing: MapBox(west: 170, south: -25, east: -170, north: -10), in: rect)
/// ```
package struct MapViewport: Hashable, Sendable {
  /// The closest zoom.
  package static let maximumZoom = 64.0
  /// Room left around a framed box, as a share of its size on each side.
  static let framingMargin = 0.15
  /// The least a framing shows, in degrees across and down: one event, or a track of one position,
  /// still shows the land around it, a coast or a border to place it by (at 6° by 3° a point inland
  /// opened at 32× on solid land).
  static let framingMinimum = (width: 20.0, height: 10.0)

  /// How many times closer than the whole world, 1 ... ``maximumZoom``.
  package private(set) var zoom: Double = 1
  /// The longitude at the centre, −180 ..< 180.
  package private(set) var centreLongitude: Double = 0
  /// The latitude at the centre.
  package private(set) var centreLatitude: Double = 0

  /// The whole world.
  package init() {}

  /// The closest view of `box`, with a margin, in a map drawn into `rect`: centred on the box, at
  /// the largest power of two zoom that shows all of it (so `+` and `-` keep whole steps).
  ///
  /// The box's longitudes stay together: one across the antimeridian is drawn centred on it.
  package init(framing box: MapBox, in rect: Rect) {
    let world = Self.worldSize(in: rect)
    let width = max(box.width * (1 + 2 * Self.framingMargin), Self.framingMinimum.width)
    let height = max((box.north - box.south) * (1 + 2 * Self.framingMargin), Self.framingMinimum.height)
    // At zoom z a map `rect.width` columns wide shows 360 · width / (world.width · z) degrees.
    let fit = min(
      Self.maximumZoom, 360 * Double(rect.width) / (Double(world.width) * width),
      180 * Double(rect.height) / (Double(world.height) * height))
    var zoom = 1.0
    while zoom * 2 <= fit { zoom *= 2 }
    self.zoom = zoom
    // A map that shows every longitude is turned only to keep the box whole: one across the
    // antimeridian is centred on it, any other keeps the familiar world, 0° in the middle.
    let turned = spans(in: rect).width < 360 || box.west + box.width > 180
    centre(longitude: turned ? box.centreLongitude : 0, latitude: box.centreLatitude, in: rect)
  }

  /// Whether the whole world shows.
  package var isWholeWorld: Bool { zoom <= 1 }

  /// Where the map goes in `rect`: the world's shape at zoom 1, growing with the zoom until it fills
  /// the rectangle; top-aligned, centred across.
  package func mapArea(in rect: Rect) -> Rect {
    let world = Self.worldSize(in: rect)
    let width = min(rect.width, Int((Double(world.width) * zoom).rounded()))
    let height = min(rect.height, Int((Double(world.height) * zoom).rounded()))
    return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y, width: width, height: height)
  }

  /// The projection of the map drawn into `rect`, onto its ``mapArea(in:)``.
  func projection(in rect: Rect) -> Projection {
    let area = mapArea(in: rect)
    let span = spans(in: rect)
    return Projection(
      width: area.width, height: area.height, north: centreLatitude + span.height / 2,
      south: centreLatitude - span.height / 2, west: centreLongitude - span.width / 2,
      east: centreLongitude + span.width / 2)
  }

  /// The visible window of a map drawn into `rect`: its edges in degrees, the east edge below the
  /// west one when the window crosses the antimeridian (both ±180 when it spans every longitude).
  package func bounds(in rect: Rect) -> (west: Double, east: Double, south: Double, north: Double) {
    let span = spans(in: rect)
    let south = centreLatitude - span.height / 2
    guard span.width < 360 else { return (-180, 180, south, south + span.height) }
    return (
      Projection.wrapped(centreLongitude - span.width / 2),
      Projection.wrapped(centreLongitude + span.width / 2),
      south, south + span.height
    )
  }

  /// Zooms in (`factor` above 1) or out, keeping `anchor` where it is on screen: the selection, or
  /// the point under the mouse. An anchor out of view comes to the centre first; without one, the
  /// centre stays.
  package mutating func zoom(
    by factor: Double, around anchor: (longitude: Double, latitude: Double)? = nil, in rect: Rect
  ) {
    var screen: (x: Double, y: Double)?
    if let anchor, anchor.longitude.isFinite, anchor.latitude.isFinite {
      let before = projection(in: rect)
      if before.contains(longitude: anchor.longitude, latitude: anchor.latitude) {
        let area = mapArea(in: rect)
        let position = before.position(longitude: anchor.longitude, latitude: anchor.latitude)
        screen = (Double(area.x) + position.x, Double(area.y) + position.y)
      } else {
        centre(longitude: anchor.longitude, latitude: anchor.latitude, in: rect)
      }
    }
    zoom = min(Self.maximumZoom, max(1, zoom * factor))
    if let anchor, let screen {
      // Where the anchor landed at the new zoom; move the window by the difference.
      let after = projection(in: rect)
      let area = mapArea(in: rect)
      let position = after.position(longitude: anchor.longitude, latitude: anchor.latitude)
      if !after.spansAllLongitudes {
        centreLongitude += (Double(area.x) + position.x - screen.x) * after.degreesPerColumn
      }
      centreLatitude -= (Double(area.y) + position.y - screen.y) * after.degreesPerRow
    }
    clamp(in: rect)
  }

  /// Moves the window by whole map cells of a map drawn into `rect` (positive: east and south).
  package mutating func pan(columns: Int, rows: Int, in rect: Rect) {
    let projection = projection(in: rect)
    centreLongitude += Double(columns) * projection.degreesPerColumn
    centreLatitude -= Double(rows) * projection.degreesPerRow
    clamp(in: rect)
  }

  /// Puts a point at the centre (as near as the poles allow) of a map drawn into `rect`.
  package mutating func centre(longitude: Double, latitude: Double, in rect: Rect) {
    guard longitude.isFinite, latitude.isFinite else { return }
    centreLongitude = longitude
    centreLatitude = latitude
    clamp(in: rect)
  }

  /// Back to the whole world.
  package mutating func reset() {
    self = MapViewport()
  }

  /// "4× · 30.00°N–48.00°N, 130.00°W–100.00°W" for a map drawn into `rect`; a view across the
  /// antimeridian reads "8× · 25.00°S–9.00°S, 170.00°E east across 180° to 172.00°W" (as the region
  /// label does), not the few degrees between its edges.
  package func caption(in rect: Rect) -> String {
    let bounds = bounds(in: rect)
    let zoomText = zoom == zoom.rounded() ? String(Int(zoom)) : Self.fixed(zoom, digits: 1)
    let west = Self.longitude(bounds.west)
    let east = Self.longitude(bounds.east)
    let longitudes = bounds.east < bounds.west ? "\(west) east across 180° to \(east)" : "\(west)–\(east)"
    return "\(zoomText)× · \(Self.latitude(bounds.south))–\(Self.latitude(bounds.north)), " + longitudes
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

  /// Columns per row that keep the world's shape: 360° by 180° in square braille dots, 2×4 dots a cell.
  static let columnsPerRow = 4

  /// The whole world's size in cells at zoom 1 in `rect`: its shape, as large as the rectangle allows.
  static func worldSize(in rect: Rect) -> Size {
    let width = max(1, min(rect.width, rect.height * columnsPerRow))
    let height = max(1, min(rect.height, (width + columnsPerRow / 2) / columnsPerRow))
    return Size(width: width, height: height)
  }

  /// Degrees across and down the window of a map drawn into `rect`: the whole turn (or pole to
  /// pole) while the map is narrower (or shorter) than the rectangle, else the rectangle's share.
  private func spans(in rect: Rect) -> (width: Double, height: Double) {
    let world = Self.worldSize(in: rect)
    let columns = Double(world.width) * zoom
    let rows = Double(world.height) * zoom
    let width = columns.rounded() <= Double(rect.width) ? 360 : 360 * Double(rect.width) / columns
    let height = rows.rounded() <= Double(rect.height) ? 180 : 180 * Double(rect.height) / rows
    return (width, height)
  }

  /// Keeps the window between the poles and the centre's longitude within −180 ..< 180.
  private mutating func clamp(in rect: Rect) {
    let half = spans(in: rect).height / 2
    centreLatitude = min(90 - half, max(-90 + half, centreLatitude))
    centreLongitude = MapBox.longitude(centreLongitude)
  }
}
