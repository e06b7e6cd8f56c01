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

  /// RFC 4180: a header row, CRLF line ends, fields with a comma, quote or line break quoted with
  /// their quotes doubled.
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
    case .string(let string): text = string
    case .number(let number):
      guard number.isFinite else { return "" }
      text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .integer(let integer): text = String(integer)
    case .bool(let flag): text = flag ? "true" : "false"
    case .array, .object: text = value.serialized()
    }
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

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

  /// `2025-11-08T12:00:00Z`.
  public static func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}
