import Foundation

/// One satellite image to ask a WMS server for: layer, day, box and size.
///
/// The box is framed around an event (``framing(_:width:height:today:layer:)``): its latest
/// position in the centre, at least ``minimumSpanDegrees`` across, wide enough for its whole track,
/// with the pixels' aspect ratio. The day is the latest report's; GIBS has no image of today yet,
/// so today becomes yesterday, and ``note`` says so.
///
/// ```swift
/// let request = ImageryRequest.framing(event, width: 400, height: 240, today: Date())!
/// let url = request.url(endpoint: ImageryRequest.defaultEndpoint)
/// ```
package struct ImageryRequest: Sendable, Equatable, Hashable {
  /// NASA GIBS's WMS for EPSG:4326, the best available version of each layer.
  package static let defaultEndpoint = URL(
    string: "https://gibs.earthdata.nasa.gov/wms/epsg4326/best/wms.cgi")!
  /// The layer shown first: MODIS Terra true colour, what the eye would see.
  package static let defaultLayer = "MODIS_Terra_CorrectedReflectance_TrueColor"
  /// The least a box spans in each direction, in degrees (about 200 km of latitude).
  package static let minimumSpanDegrees = 1.8

  /// The WMS layer name.
  package var layer: String
  /// The day, `YYYY-MM-DD` (UTC).
  package var date: String
  /// The box: south, west, north, east edges in degrees.
  package var south: Double
  package var west: Double
  package var north: Double
  package var east: Double
  /// The image's size in pixels.
  package var width: Int
  package var height: Int
  /// Where the event is in the box, as a fraction from the west and from the north edge.
  package var marker: (x: Double, y: Double)? {
    guard let markerLatitude, let markerLongitude, east > west, north > south else { return nil }
    return ((markerLongitude - west) / (east - west), (north - markerLatitude) / (north - south))
  }
  /// The event's latest position.
  package var markerLatitude: Double?
  package var markerLongitude: Double?
  /// What a person should know about the day chosen (`nil` when it is the event's own).
  package var note: String?

  /// Creates a request for an explicit box.
  package init(
    layer: String, date: String, south: Double, west: Double, north: Double, east: Double, width: Int,
    height: Int
  ) {
    self.layer = layer
    self.date = date
    self.south = south
    self.west = west
    self.north = north
    self.east = east
    self.width = width
    self.height = height
  }

  /// The GetMap URL at `endpoint` (WMS 1.3.0: with `CRS=EPSG:4326` the box is latitude first).
  package func url(endpoint: URL) -> URL {
    var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) ?? URLComponents()
    let box = [south, west, north, east].map(Self.degrees).joined(separator: ",")
    let own: [URLQueryItem] = [
      URLQueryItem(name: "SERVICE", value: "WMS"), URLQueryItem(name: "REQUEST", value: "GetMap"),
      URLQueryItem(name: "VERSION", value: "1.3.0"), URLQueryItem(name: "CRS", value: "EPSG:4326"),
      URLQueryItem(name: "FORMAT", value: "image/png"), URLQueryItem(name: "STYLES", value: ""),
      URLQueryItem(name: "LAYERS", value: layer), URLQueryItem(name: "TIME", value: date),
      URLQueryItem(name: "WIDTH", value: String(width)), URLQueryItem(name: "HEIGHT", value: String(height)),
      URLQueryItem(name: "BBOX", value: box),
    ]
    components.queryItems = (components.queryItems ?? []) + own
    return components.url ?? endpoint
  }

  /// The box's width and height in kilometres, measured across its middle.
  package var sizeInKilometres: (width: Double, height: Double) {
    let kilometresPerDegree = 111.32
    let middle = (north + south) / 2 * .pi / 180
    return ((east - west) * kilometresPerDegree * cos(middle), (north - south) * kilometresPerDegree)
  }

  /// The key of this image in the cache: everything that changes the picture.
  var cacheKey: String {
    "\(layer)|\(date)|\([south, west, north, east].map(Self.degrees).joined(separator: ","))|\(width)x\(height)"
  }

  /// The request framing `event` at `width × height` pixels; `nil` when the event has no position.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - today: Now, for "GIBS has no image of today yet".
  ///   - layer: The layer.
  ///   - date: A day to show instead of the latest report's (`YYYY-MM-DD`).
  package static func framing(
    _ event: EOEvent, width: Int, height: Int, today: Date, layer: String = defaultLayer, date: String? = nil
  ) -> ImageryRequest? {
    guard width > 0, height > 0, let latest = event.latestGeometry, let centre = latest.center else {
      return nil
    }
    var points: [EOCoordinate] = []
    for geometry in event.geometries {
      switch geometry.shape {
      case .point(let point): points.append(point)
      case .line(let line): points += line
      case .polygon(let rings): points += rings.first ?? []
      case .unlocated: break
      }
    }
    // Half-spans that reach the farthest point of the track from the centre, with a margin.
    var halfLatitude = minimumSpanDegrees / 2
    var halfLongitude = minimumSpanDegrees / 2
    for point in points {
      halfLatitude = max(halfLatitude, abs(point.latitude - centre.latitude) * 1.15)
      halfLongitude = max(halfLongitude, abs(point.longitude - centre.longitude) * 1.15)
    }
    // GIBS's EPSG:4326 pixels are square in degrees: keep the box's aspect the image's.
    let aspect = Double(width) / Double(height)
    if halfLongitude / halfLatitude < aspect {
      halfLongitude = halfLatitude * aspect
    } else {
      halfLatitude = halfLongitude / aspect
    }
    let shrink = max(1, halfLatitude / 90, halfLongitude / 180)
    halfLatitude /= shrink
    halfLongitude /= shrink
    // Slide the box inside the world rather than cut it (the marker then sits off centre).
    let latitude = min(max(centre.latitude, -90 + halfLatitude), 90 - halfLatitude)
    let longitude = min(max(centre.longitude, -180 + halfLongitude), 180 - halfLongitude)
    var request = ImageryRequest(
      layer: layer, date: date ?? "", south: latitude - halfLatitude, west: longitude - halfLongitude,
      north: latitude + halfLatitude, east: longitude + halfLongitude, width: width, height: height)
    request.markerLatitude = centre.latitude
    request.markerLongitude = centre.longitude
    if date == nil {
      let reported = EventWindow.dayText(latest.date)
      if reported >= EventWindow.dayText(today) {
        request.date = EventWindow.dayText(today.addingTimeInterval(-EventWindow.secondsPerDay))
        request.note = "today's image is not out yet: \(request.date)'s"
      } else {
        request.date = reported
      }
    }
    return request
  }

  /// Whether `text` is a day as WMS's TIME takes it, `YYYY-MM-DD`, and a day of the calendar
  /// (``EventWindow/day(parsing:)``, the one reading of a day).
  package static func isDay(_ text: String) -> Bool {
    (try? EventWindow.day(parsing: text)) != nil
  }

  /// Degrees to four decimals (about 10 m), without a trailing dot.
  private static func degrees(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Two requests are equal when they ask for the same picture (the note and marker follow from it).
  package static func == (lhs: ImageryRequest, rhs: ImageryRequest) -> Bool { lhs.cacheKey == rhs.cacheKey }
  package func hash(into hasher: inout Hasher) { hasher.combine(cacheKey) }
}
