import EONETKit
import Foundation

/// The event formats for other tools: JSON (what `--json` prints), CSV and GeoJSON, each a view of
/// ``EventRecord``, so the three hold the same events with the same fields and values.
package enum EventExport {
  /// The formats.
  package enum Format: String, CaseIterable, Sendable {
    /// A JSON array, one event per line.
    case json
    /// RFC 4180 CSV with a header row.
    case csv
    /// A GeoJSON FeatureCollection.
    case geojson

    /// The file name extension.
    package var fileExtension: String { rawValue }
  }

  /// `events` in `format`, ready to write (ends with a line break).
  ///
  /// - Parameter point: Where `--near` measures from: adds `distance_km` and `bearing`.
  package static func render(_ events: [EOEvent], as format: Format, from point: EOCoordinate? = nil)
    -> String
  {
    switch format {
    case .json: return events.map { EventRecord($0, from: point).json }.serializedOnePerLine() + "\n"
    case .csv: return csv(events, from: point)
    case .geojson: return geoJSON(events, from: point).serialized() + "\n"
    }
  }

  /// RFC 4180: a header row (the record's field names), CRLF line ends, fields with a comma,
  /// quote, tab or line break quoted with their quotes doubled; lists joined by `;`.
  ///
  /// Every cell, the header's too, goes through one writer (``csvCell(_:)``), which also keeps
  /// spreadsheets from evaluating it as a formula; the record has already removed control and
  /// bidi characters.
  package static func csv(_ events: [EOEvent], from point: EOCoordinate? = nil) -> String {
    var output = csvRow(EventRecord.fieldNames(withPoint: point != nil).map(JSONValue.string))
    for event in events {
      output += csvRow(EventRecord(event, from: point).fields.map(\.value))
    }
    return output
  }

  private static func csvRow(_ values: [JSONValue]) -> String {
    values.map(csvCell).joined(separator: ",") + "\r\n"
  }

  /// One cell: the value as ``EventRecord/flat(_:)`` writes it, guarded, then quoted if it needs it.
  ///
  /// A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
  /// spreadsheet never evaluates it as a formula (OWASP's advice for CSV injection), whatever field
  /// it is (an id, a title, a link, a list of sources): only a JSON number, or text that is a plain
  /// decimal number (`-12.5`), is left as it is.
  static func csvCell(_ value: JSONValue) -> String {
    var text = EventRecord.flat(value)
    if let first = text.unicodeScalars.first, formulaStarts.contains(first), !isPlainNumber(value, text) {
      text = "'" + text
    }
    let needsQuotes = text.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\t"
    }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// What a spreadsheet reads as the start of a formula (or, for tab and CR, lets one slip past).
  private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// Whether a cell is a number a spreadsheet reads as one: a JSON number, or text of an optional
  /// sign, digits and at most one decimal point (`Double` alone would also pass `-inf` and `-0x1p3`).
  private static func isPlainNumber(_ value: JSONValue, _ text: String) -> Bool {
    if case .number = value { return true }
    guard case .string = value else { return false }
    var digits = 0
    var points = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "0"..."9": digits += 1
      case ".": points += 1
      case "-" where index == 0, "+" where index == 0: continue
      default: return false
      }
    }
    return digits > 0 && points <= 1
  }

  /// A FeatureCollection: one Feature per event, a Point at its latest position, or a LineString
  /// for a track ending at it, `[longitude, latitude]`; no geometry without a position. The
  /// properties are the record's fields.
  package static func geoJSON(_ events: [EOEvent], from point: EOCoordinate? = nil) -> JSONValue {
    .object([
      ("type", .string("FeatureCollection")),
      ("features", .array(events.map { feature($0, from: point) })),
    ])
  }

  private static func feature(_ event: EOEvent, from point: EOCoordinate?) -> JSONValue {
    let record = EventRecord(event, from: point)
    let track = event.geometries.sorted { $0.date < $1.date }.compactMap(\.center).map {
      JSONValue.array([.number($0.longitude), .number($0.latitude)])
    }
    let geometry: JSONValue
    if track.count > 1, record.position != nil {
      geometry = .object([("type", .string("LineString")), ("coordinates", .array(track))])
    } else if let center = record.position {
      geometry = .object([
        ("type", .string("Point")),
        ("coordinates", .array([.number(center.longitude), .number(center.latitude)])),
      ])
    } else {
      geometry = .null
    }
    return .object([
      ("type", .string("Feature")),
      ("id", .string(record.id)),
      ("geometry", geometry),
      ("properties", record.json),
    ])
  }
}
