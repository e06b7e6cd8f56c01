import EONETKit
import Foundation
import Support

/// One event as every output shows it: the fields, their names and their values, decided here once.
///
/// `events --json`, `--format csv`, the GeoJSON properties, `watch --json`, an `--exec` program's
/// environment and stdin, and the text columns are all views of a record, so the same event reads
/// the same in each. Server text is cleaned once, here (``clean(_:)``); what a format adds after
/// that is its own encoding (JSON escapes, CSV quotes and its formula guard). Dates are ISO 8601
/// UTC to the second (`2025-11-08T12:00:00Z`), numbers as JSON writes them (`500`, `38.25`).
///
/// ```swift
/// let record = EventRecord(event, from: EOCoordinate(latitude: 30.3, longitude: -97.7))
/// record.json.serialized()  // {"id":"EONET_1",…,"distance_km":412.3,"bearing":"NW"}
/// ```
public struct EventRecord: Equatable, Sendable {
  /// Whether the event is still going on.
  public enum Status: String, Sendable {
    case open
    case closed
  }

  /// The EONET id.
  public let id: String
  /// The title.
  public let title: String
  /// The category ids.
  public let categories: [String]
  /// Open or closed.
  public let status: Status
  /// When it was closed; `nil` while open.
  public let closedDate: Date?
  /// The first observation's date (the event's date when it has none).
  public let firstDate: Date
  /// The latest observation's date (the event's date when it has none).
  public let lastDate: Date
  /// The latest position, when it has one.
  public let position: EOCoordinate?
  /// The latest magnitude's value, when it has one.
  public let magnitude: Double?
  /// The latest magnitude's unit (`acres`, `kts`), when it has one.
  public let magnitudeUnit: String?
  /// The EONET link (the event in EONET's API).
  public let link: String?
  /// The source URLs, in EONET's order.
  public let sources: [String]
  /// The point distances and bearings are measured from (`--near`); `nil` when none was given.
  public let point: EOCoordinate?

  /// The record of `event`, with distance and bearing from `point` when one is given.
  public init(_ event: EOEvent, from point: EOCoordinate? = nil) {
    let latest = event.latestGeometry
    id = Self.clean(event.id)
    title = Self.clean(event.title)
    categories = event.categories.map { Self.clean($0.id) }
    status = event.closed == nil ? .open : .closed
    closedDate = event.closed
    firstDate = event.geometries.map(\.date).min() ?? event.date
    lastDate = latest?.date ?? event.date
    position = latest?.center
    magnitude = latest?.magnitude?.value
    magnitudeUnit = latest?.magnitude?.unit.map(Self.clean)
    link = event.link.map(Self.clean)
    sources = event.sources.map { Self.clean($0.url) }
    self.point = point
  }

  /// The date lists sort by and show: the closed date if closed, else the last date (the event's
  /// `date`).
  public var date: Date { closedDate ?? lastDate }

  /// The great-circle distance from ``point`` in km, to one decimal; `nil` without a point or position.
  public var distanceKilometres: Double? {
    guard let point, let position else { return nil }
    return (Geodesy.distanceKilometres(from: point, to: position) * 10).rounded() / 10
  }

  /// The compass point (`N`, `NE`, … `NW`) from ``point``; `nil` without a point or position.
  public var bearing: String? {
    guard let point, let position else { return nil }
    return Geodesy.compassPoint(from: point, to: position)
  }

  /// Every field, in output order, with what it holds: the one table the manual prints. The CSV
  /// header, the JSON keys, the GeoJSON properties and (upper-cased after `OURPLANET_`) the `--exec`
  /// variables use these names; the last two are there only when a point is given (`--near`).
  public static let fieldTable: [(name: String, meaning: String)] = [
    ("id", "the EONET id (`EONET_1234`)"),
    ("title", "the title"),
    ("categories", "the category ids (a JSON array; joined by `;` in CSV and the environment)"),
    ("status", "`open` or `closed`"),
    ("closed_date", "when it was closed (null while open)"),
    ("first_date", "the first observation's date"),
    ("last_date", "the latest observation's date"),
    ("latitude", "the latest position's latitude, in degrees (null without a position)"),
    ("longitude", "the latest position's longitude, in degrees (null without a position)"),
    ("magnitude", "the latest magnitude's value (null without one)"),
    ("magnitude_unit", "its unit (`acres`, `kts`, ...)"),
    ("link", "the event in EONET's API"),
    ("sources", "the sources' URLs (a JSON array; joined by `;` in CSV and the environment)"),
    ("distance_km", "the great-circle distance from the `--near` point, in km to one decimal"),
    ("bearing", "the compass point (`N`, `NE`, ... `NW`) from the `--near` point"),
  ]

  /// The field names, in output order (``fieldTable``'s).
  ///
  /// - Parameter withPoint: Whether a point was given: `distance_km` and `bearing` come last.
  public static func fieldNames(withPoint: Bool) -> [String] {
    let names = fieldTable.map(\.name)
    return withPoint ? names : Array(names.dropLast(2))
  }

  /// The fields, named as ``fieldNames(withPoint:)`` lists them; `null` for what the event lacks.
  public var fields: [(name: String, value: JSONValue)] {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    var values: [JSONValue] = [
      .string(id), .string(title), .array(categories.map(JSONValue.string)), .string(status.rawValue),
      text(closedDate.map(ISO8601.format)), .string(ISO8601.format(firstDate)),
      .string(ISO8601.format(lastDate)), number(position?.latitude), number(position?.longitude),
      number(magnitude), text(magnitudeUnit), text(link), .array(sources.map(JSONValue.string)),
    ]
    if point != nil { values += [number(distanceKilometres), text(bearing)] }
    return Array(zip(Self.fieldNames(withPoint: point != nil), values))
  }

  /// The record as one JSON object, keys in field order.
  public var json: JSONValue { .object(fields.map { ($0.name, $0.value) }) }

  /// The fields as `OURPLANET_<NAME>` variables, each as ``flat(_:)`` writes it.
  public var environment: [String: String] {
    var variables: [String: String] = [:]
    for (name, value) in fields { variables["OURPLANET_" + name.uppercased()] = Self.flat(value) }
    return variables
  }

  /// A field's value as one cell of text, the same in CSV and in the environment: lists joined
  /// by `;`, numbers as JSON writes them, nothing for `null`.
  public static func flat(_ value: JSONValue) -> String {
    switch value {
    case .null: return ""
    case .string(let text): return text
    case .array(let values): return values.map(flat).joined(separator: ";")
    default: return value.serialized()
    }
  }

  /// Server text without the characters no output should carry (``TextSanitizer/strippingControls(_:)``:
  /// controls and bidirectional marks). The one cleaning of every format's text; a format's own
  /// encoding (JSON escapes, CSV quoting) comes after it.
  static func clean(_ text: String) -> String {
    TextSanitizer.strippingControls(text)
  }
}
