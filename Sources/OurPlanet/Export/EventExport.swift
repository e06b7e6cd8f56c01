import EONETKit
import Foundation

/// The event formats for other tools: JSON (what `--json` prints), CSV and GeoJSON, from one
/// description of an event's fields, so the three always hold the same events and positions.
public enum EventExport {
  /// The formats.
  public enum Format: String, CaseIterable, Sendable {
    /// A JSON array, one event per line.
    case json
    /// RFC 4180 CSV with a header row.
    case csv
    /// A GeoJSON FeatureCollection.
    case geojson

    /// The file name extension.
    public var fileExtension: String { rawValue }
  }

  /// `events` in `format`, ready to write (ends with a line break).
  public static func render(_ events: [EOEvent], as format: Format) -> String {
    switch format {
    case .json: return events.map(json(for:)).serializedOnePerLine() + "\n"
    case .csv: return csv(events)
    case .geojson: return geoJSON(events).serialized() + "\n"
    }
  }

  /// One event as `--json` prints it.
  public static func json(for event: EOEvent) -> JSONValue {
    let latest = event.latestGeometry
    let coordinates: JSONValue =
      latest?.center.map {
        .array([.number($0.longitude), .number($0.latitude)])
      } ?? .null
    let magnitude: JSONValue =
      latest?.magnitude.map {
        .object([("value", .number($0.value)), ("unit", $0.unit.map(JSONValue.string) ?? .null)])
      } ?? .null
    return .object([
      ("id", .string(event.id)),
      ("title", .string(event.title)),
      ("date", .string(timestamp(event.date))),
      ("closed", event.closed.map { .string(timestamp($0)) } ?? .null),
      ("categories", .array(event.categories.map { .string($0.id) })),
      ("coordinates", coordinates),
      ("magnitude", magnitude),
      ("sources", .array(event.sources.map { .object([("id", .string($0.id)), ("url", .string($0.url))]) })),
      ("link", event.link.map(JSONValue.string) ?? .null),
    ])
  }

  /// The columns of the CSV and the properties of the GeoJSON, in order.
  public static let fieldNames = [
    "id", "title", "categories", "status", "first_date", "last_date", "latitude", "longitude", "magnitude",
    "magnitude_unit", "source_url",
  ]

  /// An event's fields, as ``fieldNames`` lists them (`nil` for none).
  static func fields(of event: EOEvent) -> [JSONValue] {
    let latest = event.latestGeometry
    let center = latest?.center
    return [
      .string(event.id),
      .string(event.title),
      .string(event.categories.map(\.id).joined(separator: ";")),
      .string(event.isOpen ? "open" : "closed"),
      event.geometries.first.map { .string(timestamp($0.date)) } ?? .null,
      .string(timestamp(event.date)),
      center.map { .number($0.latitude) } ?? .null,
      center.map { .number($0.longitude) } ?? .null,
      latest?.magnitude.map { .number($0.value) } ?? .null,
      latest?.magnitude?.unit.map(JSONValue.string) ?? .null,
      (event.sources.first?.url ?? event.link).map(JSONValue.string) ?? .null,
    ]
  }

  /// RFC 4180: a header row, CRLF line ends, fields with a comma, quote, tab or line break quoted
  /// with their quotes doubled.
  ///
  /// Text cells are made safe for a spreadsheet: control characters other than tab and line breaks
  /// (ESC, BEL, NUL, DEL, C1) and bidi controls are removed, and a cell that starts with `=`, `+`,
  /// `-`, `@`, a tab or a carriage return, and is not a number, gets a leading `'` so it is never
  /// evaluated as a formula (OWASP's advice for CSV injection).
  public static func csv(_ events: [EOEvent]) -> String {
    var output = fieldNames.joined(separator: ",") + "\r\n"
    for event in events {
      output += fields(of: event).map(csvField).joined(separator: ",") + "\r\n"
    }
    return output
  }

  private static func csvField(_ value: JSONValue) -> String {
    let text: String
    switch value {
    case .null: return ""
    case .string(let string): text = spreadsheetSafe(string)
    case .number(let number):
      guard number.isFinite else { return "" }
      text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .integer(let integer): text = String(integer)
    case .bool(let flag): text = flag ? "true" : "false"
    case .array, .object: text = value.serialized()
    }
    let needsQuotes = text.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\t"
    }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// `text` without controls, and with a leading `'` when a spreadsheet would take it for a formula.
  private static func spreadsheetSafe(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: scalars.append(scalar)
      case 0..<0x20, 0x7F...0x9F, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
      default: scalars.append(scalar)
      }
    }
    let clean = String(scalars)
    guard let first = clean.unicodeScalars.first, formulaStarts.contains(first), Double(clean) == nil else {
      return clean
    }
    return "'" + clean
  }

  /// What a spreadsheet reads as the start of a formula (or, for tab and CR, lets one slip past).
  private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// A FeatureCollection: one Feature per event, a Point at its latest position, or a LineString
  /// for a track ending at it, `[longitude, latitude]`; no geometry without a position.
  public static func geoJSON(_ events: [EOEvent]) -> JSONValue {
    .object([
      ("type", .string("FeatureCollection")),
      ("features", .array(events.map(feature))),
    ])
  }

  private static func feature(_ event: EOEvent) -> JSONValue {
    let track = event.geometries.sorted { $0.date < $1.date }.compactMap(\.center).map {
      JSONValue.array([.number($0.longitude), .number($0.latitude)])
    }
    let geometry: JSONValue
    if track.count > 1, event.latestGeometry?.center != nil {
      geometry = .object([("type", .string("LineString")), ("coordinates", .array(track))])
    } else if let center = event.latestGeometry?.center {
      geometry = .object([
        ("type", .string("Point")),
        ("coordinates", .array([.number(center.longitude), .number(center.latitude)])),
      ])
    } else {
      geometry = .null
    }
    return .object([
      ("type", .string("Feature")),
      ("id", .string(event.id)),
      ("geometry", geometry),
      ("properties", .object(Array(zip(fieldNames, fields(of: event))))),
    ])
  }

  /// `2025-11-08T12:00:00Z` (UTC, whole seconds).
  ///
  /// Computed from the days since 1970 (the proleptic Gregorian calendar), not through a date
  /// formatter: exporting thousands of events calls it twice per event.
  public static func timestamp(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Civil date from days (Howard Hinnant's algorithm).
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
    let yearText = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return
      "\(paddedYear)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):"
      + "\(two(secondOfDay % 60))Z"
  }
}
