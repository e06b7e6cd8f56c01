import Foundation

// An observation's geometry and magnitude, in an event's `geometry` list or a GeoJSON feature.
/// `magnitudeValue` and `magnitudeUnit`, wherever they appear (an event's geometries, a feature's
/// properties).
struct MagnitudeFields {
  var number: Double?
  var unit: String?

  var value: EOMagnitude? { number.map { EOMagnitude(value: $0, unit: unit) } }

  mutating func read(_ key: JSONScanner.Key, _ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Bool
  {
    if scanner.key(key, is: "magnitudeValue") {
      number = try scanner.lenient { scanner throws(JSONScanner.Failure) in try scanner.readOptionalDouble() }
    } else if scanner.key(key, is: "magnitudeUnit") {
      let text = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
      unit = text?.isEmpty == false ? text : nil
    } else {
      return false
    }
    return true
  }
}

/// One geometry object: `{date, type, coordinates, magnitudeValue, magnitudeUnit}` in any order.
struct GeometryFields {
  var date: Date?
  var type: String?
  var coordinates: Coordinates?
  var magnitude = MagnitudeFields()

  /// The `coordinates` value as far as it matters: nested arrays down to positions.
  indirect enum Coordinates {
    /// `[lon, lat]` or `[lon, lat, alt]`.
    case position(EOCoordinate)
    /// An array of deeper values.
    case list([Coordinates])
    /// Anything else: a short position, a string, `null`, a number out of range.
    case other

    /// How many arrays down the positions are (1 for a Point), when they all agree.
    var depth: Int? {
      switch self {
      case .position: return 1
      case .other: return nil
      case .list(let items):
        let depths = Set(items.map(\.depth))
        guard depths.count == 1, let inner = depths.first ?? nil else { return nil }
        return inner + 1
      }
    }

    /// The positions one level down (a line, a ring).
    var positions: [EOCoordinate] {
      guard case .list(let items) = self else { return [] }
      return items.compactMap { if case .position(let position) = $0 { return position } else { return nil } }
    }

    /// The lists one level down.
    var lists: [Coordinates] {
      guard case .list(let items) = self else { return [] }
      return items
    }
  }

  /// The shape `type` and the coordinates describe. Anything else keeps the observation, unlocated:
  /// valid JSON never costs an event its place in the list.
  var shape: EOGeometry.Shape {
    guard let coordinates else { return .unlocated }
    let depth = coordinates.depth
    switch (type, depth) {
    case ("Point", 1?), (nil, 1?):
      if case .position(let position) = coordinates { return .point(position) }
    case ("LineString", 2?), ("MultiPoint", 2?), (nil, 2?):
      let points = coordinates.positions
      if !points.isEmpty { return .line(points) }
    case ("Polygon", 3?), (nil, 3?):
      let rings = coordinates.lists.map(\.positions)
      if let outer = rings.first, !outer.isEmpty { return .polygon(rings) }
    case ("MultiLineString", 3?):
      let points = coordinates.lists.last?.positions ?? []
      if !points.isEmpty { return .line(points) }
    case ("MultiPolygon", 4?), (nil, 4?):
      let rings = coordinates.lists.first?.lists.map(\.positions) ?? []
      if let outer = rings.first, !outer.isEmpty { return .polygon(rings) }
    default:
      break
    }
    return .unlocated
  }

  mutating func readObject(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    try scanner.beginObject()
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: "date") {
        date = try scanner.lenient { scanner throws(JSONScanner.Failure) in try scanner.readOptionalDate() }
      } else if scanner.key(key, is: "type") {
        type = try scanner.lenient { scanner throws(JSONScanner.Failure) in try scanner.readOptionalString() }
      } else if scanner.key(key, is: "coordinates") {
        coordinates = try Self.readCoordinates(&scanner)
      } else if try !magnitude.read(key, &scanner) {
        try scanner.skipValue()
      }
    }
  }

  /// Reads any `coordinates` value: arrays down to positions; anything else (a string, `null`, a
  /// one-number position, a number out of range) is validated, skipped and remembered as `.other`.
  private static func readCoordinates(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Coordinates
  {
    guard try scanner.peekValue() == UInt8(ascii: "[") else {
      try scanner.skipValue()
      return .other
    }
    let start = scanner.mark
    try scanner.beginArray()
    var first = true
    guard try scanner.nextElement(first: &first) else { return .list([]) }
    if try scanner.peekValue() == UInt8(ascii: "[") {
      var items: [Coordinates] = [try readCoordinates(&scanner)]
      while try scanner.nextElement(first: &first) { items.append(try readCoordinates(&scanner)) }
      return .list(items)
    }
    // An array of scalars: a position when it holds at least two numbers in range.
    scanner.rewind(to: start)
    try scanner.beginArray()
    first = true
    var numbers: [Double] = []
    var valid = true
    while try scanner.nextElement(first: &first) {
      if let number = try scanner.lenient({ scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalDouble()
      }) {
        numbers.append(number)
      } else {
        valid = false
      }
    }
    guard valid, numbers.count >= 2 else { return .other }
    return .position(EOCoordinate(longitude: numbers[0], latitude: numbers[1]))
  }
}
