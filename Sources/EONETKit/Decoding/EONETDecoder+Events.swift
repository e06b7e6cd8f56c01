import Foundation

// The events responses: an envelope, a bare array or a GeoJSON feature collection, read into
// ``EOEvent``s (their geometries are read in EONETDecoder+Geometry.swift).
extension EONETDecoder {
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
