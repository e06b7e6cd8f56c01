import Foundation

/// Decodes EONET responses (API v3 and v2.1) into models, tolerating what real feeds send.
///
/// Accepts an events envelope (`{"events": [...]}`), a bare events array, and a GeoJSON feature
/// collection (`/events/geojson`, one feature per observation, grouped back into events). One
/// malformed event is skipped and counted, never fatal; a body that is not JSON at all fails with a
/// message saying what came back.
///
/// ```swift
/// let decoded = try EONETDecoder().decodeEvents(from: data)
/// print(decoded.elements.count, "events,", decoded.skipped, "skipped")
/// ```
package struct EONETDecoder: Sendable {
  /// Creates a decoder.
  package init() {}

  /// Decodes a list of events.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The events in document order and the number skipped.
  /// - Throws: ``EONETError/notJSON(status:contentType:prefix:)``,
  ///   ``EONETError/malformedJSON(offset:reason:)`` or ``EONETError/unexpectedShape(_:)``.
  package func decodeEvents(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOEvent> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try EventsDocument.read(&scanner)
    }
  }

  /// Decodes a list of categories.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The categories in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeCategories(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOCategory> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "categories") { scanner throws(JSONScanner.Failure) in
        try readCategory(&scanner, full: true)
      }
    }
  }

  /// Decodes EONET's list of sources (`/sources`).
  ///
  /// A source without an id, or not an object, is skipped and counted, as a malformed event is.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The sources in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeSources(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOSourceInfo> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "sources", element: readSourceInfo)
    }
  }

  /// Decodes EONET's list of magnitudes (`/magnitudes`).
  ///
  /// A magnitude without an id, or not an object, is skipped and counted, as a malformed event is.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - status: The HTTP status, for the error message if the body is not JSON.
  ///   - contentType: The `Content-Type`, for the same message.
  /// - Returns: The magnitudes in document order and the number skipped.
  /// - Throws: The same errors as ``decodeEvents(from:status:contentType:)``.
  package func decodeMagnitudes(
    from data: Data, status: Int = 200, contentType: String? = nil
  ) throws(EONETError) -> EODecoded<EOMagnitudeKind> {
    try decode(data, status: status, contentType: contentType) { scanner throws(JSONScanner.Failure) in
      try ListDocument.read(&scanner, key: "magnitudes", element: readMagnitudeKind)
    }
  }

  private func decode<Element>(
    _ data: Data, status: Int, contentType: String?,
    _ read: (inout JSONScanner) throws(JSONScanner.Failure) -> EODecoded<Element>
  ) throws(EONETError) -> EODecoded<Element> {
    let result: Result<EODecoded<Element>, EONETError> = data.withUnsafeBytes {
      (buffer: UnsafeRawBufferPointer) -> Result<EODecoded<Element>, EONETError> in
      var scanner = JSONScanner(buffer)
      scanner.skipByteOrderMark()
      let first = scanner.peek()
      guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        let prefix = Self.printablePrefix(scanner.bytes(from: scanner.offset, limit: 80))
        return .failure(.notJSON(status: status, contentType: contentType, prefix: prefix))
      }
      do throws(JSONScanner.Failure) {
        return .success(try read(&scanner))
      } catch {
        switch error {
        case .syntax(let offset, let reason):
          return .failure(.malformedJSON(offset: offset, reason: reason))
        case .type(let offset, let expected):
          return .failure(.unexpectedShape("expected \(expected) at byte \(offset)"))
        }
      }
    }
    return try result.get()
  }

  /// The start of a body as one printable line: control characters become spaces.
  static func printablePrefix(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    // A cut through a multi-byte character leaves a replacement character at the end; drop it.
    if bytes.count == 80, text.hasSuffix("\u{FFFD}") { text.removeLast() }
    let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
    let line = String(String.UnicodeScalarView(scalars))
    return line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}

/// Reads the top level of an events response.
private enum EventsDocument {
  static func read(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> EODecoded<EOEvent> {
    if try scanner.peekValue() == UInt8(ascii: "[") {
      var list = EventList()
      try list.readEvents(&scanner)
      return EODecoded(elements: list.events, skipped: list.skipped)
    }
    try scanner.beginObject()
    var list = EventList()
    var found = false
    var title: String?
    var keys: [String] = []
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: "events") {
        try list.readEvents(&scanner)
        found = true
      } else if scanner.key(key, is: "features") {
        try list.readFeatures(&scanner)
        found = true
      } else if scanner.key(key, is: "title") {
        title = try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.readOptionalString(htmlEntities: true)
        }
      } else {
        if keys.count < 5 { keys.append(scanner.keyString(key)) }
        try scanner.skipValue()
      }
    }
    guard found else {
      let seen = keys.isEmpty ? "an empty object" : "keys " + keys.joined(separator: ", ")
      throw .type(offset: 0, expected: "a list of events, found \(seen)")
    }
    return EODecoded(elements: list.events, skipped: list.skipped, title: title)
  }
}

/// Reads the top level of a list response (`/categories`, `/sources`, `/magnitudes`): the
/// envelope's array under `key` and its title, or a bare array.
private enum ListDocument {
  static func read<Element>(
    _ scanner: inout JSONScanner, key name: StaticString,
    element readElement: (inout JSONScanner) throws(JSONScanner.Failure) -> Element?
  ) throws(JSONScanner.Failure) -> EODecoded<Element> {
    var elements: [Element] = []
    var skipped = 0
    var title: String?
    func readList(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
      try scanner.beginArray()
      var first = true
      while try scanner.nextElement(first: &first) {
        // An entry of the wrong shape is skipped whole and counted, like one without an id.
        let element = try scanner.lenient { scanner throws(JSONScanner.Failure) in try readElement(&scanner) }
        if let element { elements.append(element) } else { skipped += 1 }
      }
    }
    if try scanner.peekValue() == UInt8(ascii: "[") {
      try readList(&scanner)
      return EODecoded(elements: elements, skipped: skipped)
    }
    try scanner.beginObject()
    var found = false
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: name) {
        try readList(&scanner)
        found = true
      } else if scanner.key(key, is: "title") {
        title = try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.readOptionalString(htmlEntities: true)
        }
      } else {
        try scanner.skipValue()
      }
    }
    guard found else { throw .type(offset: 0, expected: "a list of \(name)") }
    return EODecoded(elements: elements, skipped: skipped, title: title)
  }
}

/// Reads a source object, `{id, title, source, link}`; `nil` when the id is missing.
private func readSourceInfo(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> EOSourceInfo? {
  guard let (id, text) = try readListEntry(&scanner, texts: ["title", "source", "link"]) else { return nil }
  return EOSourceInfo(id: id, title: text["title"] ?? id, homepage: text["source"], link: text["link"])
}

/// Reads a magnitude object, `{id, name, unit, description, link}`; `nil` when the id is missing.
private func readMagnitudeKind(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> EOMagnitudeKind? {
  guard let (id, text) = try readListEntry(&scanner, texts: ["name", "unit", "description"]) else {
    return nil
  }
  return EOMagnitudeKind(
    id: id, name: text["name"] ?? id, unit: text["unit"] ?? "", description: text["description"] ?? "")
}

/// Reads an entry of one of EONET's lists: its `id` and the text of the keys named `texts` (each
/// absent when missing or null); every other key is skipped. `nil` when the id is missing or empty.
private func readListEntry(
  _ scanner: inout JSONScanner, texts names: [StaticString]
) throws(JSONScanner.Failure) -> (id: String, text: [String: String])? {
  try scanner.beginObject()
  var id: String?
  var text: [String: String] = [:]
  var first = true
  while let key = try scanner.nextKey(first: &first) {
    if scanner.key(key, is: "id") {
      id = try scanner.readID()
    } else if let name = names.first(where: { scanner.key(key, is: $0) }) {
      text[name.description] = try scanner.readOptionalText()
    } else {
      try scanner.skipValue()
    }
  }
  guard let id, !id.isEmpty else { return nil }
  return (id, text)
}

/// Reads a category object: `{id, title}` inside events; also `description`, `link` at the top level.
///
/// Returns `nil` when the id is missing.
private func readCategory(
  _ scanner: inout JSONScanner, full: Bool
) throws(JSONScanner.Failure) -> EOCategory? {
  try scanner.beginObject()
  var id: String?
  var title: String?
  var description = ""
  var link: String?
  var first = true
  while let key = try scanner.nextKey(first: &first) {
    if scanner.key(key, is: "id") {
      id = try scanner.readID()
    } else if scanner.key(key, is: "title") {
      title = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
    } else if full, scanner.key(key, is: "description") {
      description =
        try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.readOptionalString(htmlEntities: true)
        } ?? ""
    } else if full, scanner.key(key, is: "link") {
      link = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
    } else {
      try scanner.skipValue()
    }
  }
  guard let id, !id.isEmpty else { return nil }
  return EOCategory(id: id, title: title ?? id, description: description, link: link)
}

/// Collects events, skipping and counting malformed ones.
private struct EventList {
  var events: [EOEvent] = []
  var skipped = 0

  mutating func readEvents(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    try scanner.beginArray()
    var first = true
    while try scanner.nextElement(first: &first) {
      // An event of the wrong shape is skipped whole and counted, like one missing what it needs.
      let event = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        var fields = EventFields()
        try fields.readObject(&scanner)
        return fields.makeEvent()
      }
      if let event { events.append(event) } else { skipped += 1 }
    }
  }

  /// Reads GeoJSON features (one per observation) and groups them back into events by id.
  mutating func readFeatures(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var byID: [String: Int] = [:]
    var grouped: [EventFields] = []
    try scanner.beginArray()
    var first = true
    while try scanner.nextElement(first: &first) {
      let start = scanner.mark
      do {
        var fields = EventFields()
        try fields.readFeature(&scanner)
        guard let id = fields.id, let geometry = fields.geometries.first else {
          skipped += 1
          continue
        }
        if let index = byID[id] {
          grouped[index].geometries.append(geometry)
        } else {
          byID[id] = grouped.count
          grouped.append(fields)
        }
      } catch {
        guard case .type = error else { throw error }
        scanner.rewind(to: start)
        try scanner.skipValue()
        skipped += 1
      }
    }
    for fields in grouped {
      var fields = fields
      fields.geometries.sort { $0.date < $1.date }
      if let event = fields.makeEvent() {
        events.append(event)
      } else {
        skipped += 1
      }
    }
  }
}

/// The fields of one event as they are read, in any key order.
private struct EventFields {
  var id: String?
  var title: String?
  var description: String?
  var link: String?
  var closed: Date?
  var categories: [EOCategory] = []
  var sources: [EOSource] = []
  var geometries: [EOGeometry] = []
  // A GeoJSON feature keeps its observation's date and magnitude among the event's properties.
  var date: Date?
  var magnitude = MagnitudeFields()

  /// The event, or `nil` when a required field is missing: id, title, and a date to filter by.
  func makeEvent() -> EOEvent? {
    guard let id, !id.isEmpty, let title else { return nil }
    guard closed != nil || !geometries.isEmpty else { return nil }
    return EOEvent(
      id: id, title: title, description: description, link: link, closed: closed,
      categories: categories, sources: sources, geometries: geometries)
  }

  mutating func readObject(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    try scanner.beginObject()
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: "geometry") || scanner.key(key, is: "geometries") {
        geometries =
          try scanner.lenient { scanner throws(JSONScanner.Failure) in try Self.readGeometries(&scanner) }
          ?? []
      } else if try !readProperty(key, &scanner) {
        try scanner.skipValue()
      }
    }
  }

  mutating func readFeature(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    try scanner.beginObject()
    var shape: EOGeometry.Shape?
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      if scanner.key(key, is: "properties") {
        try scanner.beginObject()
        var firstProperty = true
        while let property = try scanner.nextKey(first: &firstProperty) {
          if try !readProperty(property, &scanner) { try scanner.skipValue() }
        }
      } else if scanner.key(key, is: "geometry") {
        shape = try scanner.lenient { scanner throws(JSONScanner.Failure) in
          var geometry = GeometryFields()
          try geometry.readObject(&scanner)
          return geometry.shape
        }
      } else {
        try scanner.skipValue()
      }
    }
    if let date {
      geometries = [EOGeometry(date: date, shape: shape ?? .unlocated, magnitude: magnitude.value)]
    }
  }

  /// Reads `key`'s value into the matching field; `false` if the key is not an event property.
  private mutating func readProperty(
    _ key: JSONScanner.Key, _ scanner: inout JSONScanner
  ) throws(JSONScanner.Failure) -> Bool {
    if scanner.key(key, is: "id") {
      id = try scanner.readID()
    } else if scanner.key(key, is: "title") {
      title = try scanner.readString(htmlEntities: true)
    } else if scanner.key(key, is: "description") {
      let text = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
      description = text?.isEmpty == false ? text : nil
    } else if scanner.key(key, is: "link") {
      link = try scanner.lenient { scanner throws(JSONScanner.Failure) in
        try scanner.readOptionalString(htmlEntities: true)
      }
    } else if scanner.key(key, is: "closed") {
      closed = try scanner.lenient { scanner throws(JSONScanner.Failure) in try scanner.readOptionalDate() }
    } else if scanner.key(key, is: "categories") {
      categories =
        try scanner.lenient { scanner throws(JSONScanner.Failure) in
          try scanner.beginArray()
          var first = true
          var read: [EOCategory] = []
          while try scanner.nextElement(first: &first) {
            if let category = try readCategory(&scanner, full: false) { read.append(category) }
          }
          return read
        } ?? []
    } else if scanner.key(key, is: "sources") {
      sources =
        try scanner.lenient { scanner throws(JSONScanner.Failure) in try Self.readSources(&scanner) } ?? []
    } else if scanner.key(key, is: "date") {
      date = try scanner.lenient { scanner throws(JSONScanner.Failure) in try scanner.readOptionalDate() }
    } else if try magnitude.read(key, &scanner) {
      return true
    } else {
      return false
    }
    return true
  }

  private static func readSources(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [EOSource] {
    var sources: [EOSource] = []
    try scanner.beginArray()
    var first = true
    while try scanner.nextElement(first: &first) {
      try scanner.beginObject()
      var sourceID: String?
      var url: String?
      var firstKey = true
      while let key = try scanner.nextKey(first: &firstKey) {
        if scanner.key(key, is: "id") {
          sourceID = try scanner.readID()
        } else if scanner.key(key, is: "url") {
          url = try scanner.lenient { scanner throws(JSONScanner.Failure) in
            try scanner.readOptionalString(htmlEntities: true)
          }
        } else {
          try scanner.skipValue()
        }
      }
      if sourceID != nil || url != nil { sources.append(EOSource(id: sourceID ?? "", url: url ?? "")) }
    }
    return sources
  }

  private static func readGeometries(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [EOGeometry]
  {
    var geometries: [EOGeometry] = []
    try scanner.beginArray()
    var first = true
    geometries.reserveCapacity(1)
    while try scanner.nextElement(first: &first) {
      var fields = GeometryFields()
      try fields.readObject(&scanner)
      // An observation without a date cannot be placed in time: it alone is dropped.
      guard let date = fields.date else { continue }
      // An unknown or inconsistent shape keeps the observation, without a place on the map.
      geometries.append(EOGeometry(date: date, shape: fields.shape, magnitude: fields.magnitude.value))
    }
    return geometries
  }
}

/// `magnitudeValue` and `magnitudeUnit`, wherever they appear.
private struct MagnitudeFields {
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
private struct GeometryFields {
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

extension JSONScanner {
  /// Reads an id that may be a string (v3) or an integer (v2.1 category ids).
  mutating func readID() throws(Failure) -> String {
    let byte = try peekValue()
    if byte == UInt8(ascii: "\"") { return try readString() }
    let position = offset
    let value = try readDouble()
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw .type(offset: position, expected: "an id")
    }
    return String(Int(value))
  }

  /// Reads a date string or `null`; an empty string counts as `null`, anything else unparseable fails.
  mutating func readOptionalDate() throws(Failure) -> Date? {
    if try readNull() { return nil }
    let position = offset
    let token = try readStringToken()
    if token.count == 0 { return nil }
    let date: Date?
    if token.hasEscapes {
      date = ISO8601.parse(string(token))
    } else {
      date = withBytes(of: token) { ISO8601.parse($0) }
    }
    guard let date else { throw .type(offset: position, expected: "an ISO 8601 date") }
    return date
  }

  /// Reads a text field of a reference list, HTML entities decoded: `nil` for `null`, an empty
  /// string or a value of another type (skipped), so one odd field never costs the entry.
  mutating func readOptionalText() throws(Failure) -> String? {
    let text = try lenient { scanner throws(Failure) in try scanner.readOptionalString(htmlEntities: true) }
    return text?.isEmpty == false ? text : nil
  }

  /// A key's text, for messages.
  func keyString(_ key: Key) -> String {
    key.decoded
      ?? string(StringToken(start: key.start, count: key.count, hasEscapes: false, hasAmpersand: false))
  }
}
