import EONETKit
import Foundation

/// Where events must be to count: near a point, or inside a longitude/latitude box.
///
/// An event is inside when any of its positions is (each observation's position: the point, or a
/// polygon's centre). The filter runs locally, so the cache stays one world.
package enum Region: Equatable, Sendable {
  /// Within `radiusKilometres` of a point, by great-circle distance.
  case near(EOCoordinate, radiusKilometres: Double)
  /// Inside a box, GeoJSON order; `minLongitude > maxLongitude` crosses the antimeridian.
  case box(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double)

  /// The default radius of `--near`.
  package static let defaultRadiusKilometres = 500.0

  /// Whether `coordinate` is inside.
  package func contains(_ coordinate: EOCoordinate) -> Bool {
    switch self {
    case .near(let centre, let radius):
      return Geodesy.distanceKilometres(from: centre, to: coordinate) <= radius
    case .box(let west, let south, let east, let north):
      guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
      if west <= east { return coordinate.longitude >= west && coordinate.longitude <= east }
      return coordinate.longitude >= west || coordinate.longitude <= east
    }
  }

  /// Whether any of `event`'s positions is inside.
  package func contains(_ event: EOEvent) -> Bool {
    event.geometries.contains { $0.center.map(contains) ?? false }
  }

  /// The smallest longitude/latitude box holding the region, GeoJSON order like `.box` (west above
  /// east when it crosses the antimeridian): what the map frames.
  ///
  /// A circle is as tall as its radius allows on a sphere and as wide as its widest latitude; one
  /// that reaches a pole holds every longitude (−180 to 180).
  package var bounds: (minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
    switch self {
    case .box(let west, let south, let east, let north):
      return (west, south, east, north)
    case .near(let centre, let radius):
      let degrees = radius / Geodesy.earthRadiusKilometres * 180 / .pi
      let south = centre.latitude - degrees
      let north = centre.latitude + degrees
      guard south > -90, north < 90, degrees < 90 else { return (-180, max(-90, south), 180, min(90, north)) }
      // The circle is widest where its edge's meridians touch it: asin(sin r / cos φ) either side.
      let ratio = sin(degrees * .pi / 180) / cos(centre.latitude * .pi / 180)
      guard ratio < 1 else { return (-180, south, 180, north) }
      let across = asin(ratio) * 180 / .pi
      var west = centre.longitude - across
      var east = centre.longitude + across
      if west < -180 { west += 360 }
      if east > 180 { east -= 360 }
      return (west, south, east, north)
    }
  }

  /// The point distances are measured from (`--near` only).
  package var centre: EOCoordinate? {
    if case .near(let centre, _) = self { return centre }
    return nil
  }

  /// "within 500 km of 40.00°N 100.00°W", "in 10.00°E–20.00°E, 10.00°S–10.00°N", "in 170.00°E east
  /// across 180° to 170.00°W (20° wide), 10.00°S–10.00°N".
  package var label: String {
    switch self {
    case .near(let centre, let radius):
      return "within \(Formatting.count(Int(radius.rounded()))) km of \(Formatting.coordinate(centre))"
    case .box(let west, let south, let east, let north) where east < west:
      // Across the antimeridian: "85.29°W–99.14°W" would read as the 14° between them, not the 346°
      // eastward from the first across 180° to the second.
      let width = Int((east + 360 - west).rounded())
      return "in \(Self.longitude(west)) east across 180° to \(Self.longitude(east)) (\(width)° wide), "
        + "\(Self.latitude(south))–\(Self.latitude(north))"
    case .box(let west, let south, let east, let north):
      return
        "in \(Self.longitude(west))–\(Self.longitude(east)), \(Self.latitude(south))–\(Self.latitude(north))"
    }
  }

  private static func longitude(_ value: Double) -> String {
    String(format: "%.2f", abs(value)) + (value >= 0 ? "°E" : "°W")
  }

  private static func latitude(_ value: Double) -> String {
    String(format: "%.2f", abs(value)) + (value >= 0 ? "°N" : "°S")
  }

  /// Parses `--near LAT,LON[,KM]`.
  ///
  /// - Throws: ``RegionError`` naming the problem (a latitude outside ±90, a radius not positive…).
  package static func near(parsing text: String) throws(RegionError) -> Region {
    let numbers = try numbers(text, option: "--near", expected: 2...3, shape: "LAT,LON[,KM]")
    let latitude = numbers[0]
    let longitude = numbers[1]
    let radius = numbers.count == 3 ? numbers[2] : defaultRadiusKilometres
    try check(latitude: latitude, option: "--near")
    try check(longitude: longitude, option: "--near")
    guard radius > 0 else {
      throw RegionError("--near: the radius must be more than 0 km, not \(format(radius))")
    }
    return .near(EOCoordinate(longitude: longitude, latitude: latitude), radiusKilometres: radius)
  }

  /// Parses `--bbox MINLON,MINLAT,MAXLON,MAXLAT`.
  ///
  /// - Throws: ``RegionError`` naming the problem.
  package static func box(parsing text: String) throws(RegionError) -> Region {
    let numbers = try numbers(text, option: "--bbox", expected: 4...4, shape: "MINLON,MINLAT,MAXLON,MAXLAT")
    for longitude in [numbers[0], numbers[2]] { try check(longitude: longitude, option: "--bbox") }
    for latitude in [numbers[1], numbers[3]] { try check(latitude: latitude, option: "--bbox") }
    guard numbers[1] <= numbers[3] else {
      throw RegionError("--bbox: MINLAT \(format(numbers[1])) is above MAXLAT \(format(numbers[3]))")
    }
    return .box(
      minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
  }

  private static func numbers(_ text: String, option: String, expected: ClosedRange<Int>, shape: String)
    throws(RegionError) -> [Double]
  {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let values = parts.compactMap { Double($0) }.filter(\.isFinite)
    guard values.count == parts.count, expected.contains(values.count) else {
      throw RegionError(
        "\(option): '\(text)' is not \(shape) (numbers in degrees\(shape.contains("KM") ? ", km" : ""))")
    }
    return values
  }

  private static func check(latitude: Double, option: String) throws(RegionError) {
    guard (-90...90).contains(latitude) else {
      throw RegionError("\(option): latitude \(format(latitude)) is outside -90...90")
    }
  }

  private static func check(longitude: Double, option: String) throws(RegionError) {
    guard (-180...180).contains(longitude) else {
      throw RegionError("\(option): longitude \(format(longitude)) is outside -180...180")
    }
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// A region that cannot be: the message names the problem.
package struct RegionError: Error, Equatable, Sendable, CustomStringConvertible {
  package let description: String
  init(_ description: String) { self.description = description }
}

/// Distances and directions on a spherical Earth.
package enum Geodesy {
  /// The mean Earth radius, in km.
  package static let earthRadiusKilometres = 6_371.0088

  /// The great-circle distance (haversine).
  package static func distanceKilometres(from a: EOCoordinate, to b: EOCoordinate) -> Double {
    let radians = Double.pi / 180
    let deltaLatitude = (b.latitude - a.latitude) * radians
    let deltaLongitude = (b.longitude - a.longitude) * radians
    let h =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
      + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(deltaLongitude / 2)
      * sin(deltaLongitude / 2)
    return 2 * earthRadiusKilometres * asin(min(1, sqrt(h)))
  }

  /// The initial bearing from `a` to `b` as one of 8 compass points (`N`, `NE`, … `NW`).
  package static func compassPoint(from a: EOCoordinate, to b: EOCoordinate) -> String {
    let radians = Double.pi / 180
    let y = sin((b.longitude - a.longitude) * radians) * cos(b.latitude * radians)
    let x =
      cos(a.latitude * radians) * sin(b.latitude * radians)
      - sin(a.latitude * radians) * cos(b.latitude * radians) * cos((b.longitude - a.longitude) * radians)
    let degrees = (atan2(y, x) / radians + 360).truncatingRemainder(dividingBy: 360)
    let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    return points[Int((degrees + 22.5) / 45) % 8]
  }

  /// "412 km NW" from `centre` to `coordinate`.
  package static func describe(from centre: EOCoordinate, to coordinate: EOCoordinate) -> String {
    let distance = distanceKilometres(from: centre, to: coordinate)
    if distance < 1 { return "here" }
    return "\(Formatting.count(Int(distance.rounded()))) km \(compassPoint(from: centre, to: coordinate))"
  }
}
