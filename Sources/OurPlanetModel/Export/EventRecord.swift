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
package struct EventRecord: Equatable, Sendable {
  /// The EONET id.
  package let id: String
  /// The title.
  package let title: String
  /// The category ids.
  package let categories: [String]
  /// Open or closed (never ``EventStatus/all``).
  package let status: EventStatus
  /// When it was closed; `nil` while open.
  package let closedDate: Date?
  /// The first observation's date (the event's date when it has none).
  package let firstDate: Date
  /// The latest observation's date (the event's date when it has none).
  package let lastDate: Date
  /// The latest position, when it has one.
  package let position: EOCoordinate?
  /// The latest magnitude's value, when it has one.
  package let magnitude: Double?
  /// The latest magnitude's unit (`acres`, `kts`), when it has one.
  package let magnitudeUnit: String?
  /// The EONET link (the event in EONET's API).
  package let link: String?
  /// The source URLs, in EONET's order.
  package let sources: [String]
  /// The point distances and bearings are measured from (`--near`); `nil` when none was given.
  package let point: EOCoordinate?

  /// The record of `event`, with distance and bearing from `point` when one is given.
  package init(_ event: EOEvent, from point: EOCoordinate? = nil) {
    let latest = event.latestGeometry
    id = Self.clean(event.id)
    title = Self.clean(event.title)
    categories = event.categories.map { Self.clean($0.id) }
    status = EventStatus(of: event)
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
  package var date: Date { closedDate ?? lastDate }

  /// The great-circle distance from ``point`` in km, to one decimal; `nil` without a point or position.
  package var distanceKilometres: Double? {
    guard let point, let position else { return nil }
    return (Geodesy.distanceKilometres(from: point, to: position) * 10).rounded() / 10
  }

  /// The compass point (`N`, `NE`, … `NW`) from ``point``; `nil` without a point or position.
  package var bearing: String? {
    guard let point, let position else { return nil }
    return Geodesy.compassPoint(from: point, to: position)
  }

  /// The outputs a field can be part of.
  package enum Output: String, CaseIterable, Sendable {
    /// `events --json`, `watch --json` and `--exec`'s stdin: a key of the record's object.
    case json
    /// `--format csv`: a column.
    case csv
    /// `--format geojson`: a property of the event's Feature.
    case geojson
    /// `--exec`'s environment: `OURPLANET_<NAME>`.
    case environment
    /// The `events` text table: a column (or, for the status, the `(closed)` mark).
    case text
  }

  /// One field: its name in every format, what it holds, which outputs carry it, and how it is
  /// read from a record. A field is added by adding one of these to ``fieldList``.
  package struct Field: Sendable {
    /// The name: the CSV header, the JSON key, the GeoJSON property and (upper-cased after
    /// `OURPLANET_`) the `--exec` variable.
    package let name: String
    /// What it holds, as the manual says it.
    package let meaning: String
    /// The outputs it is part of.
    package let outputs: Set<Output>
    /// Whether it is there only when a point is given (`--near`).
    package let needsPoint: Bool
    /// Its value in a record; `null` for what the event lacks.
    let value: @Sendable (EventRecord) -> JSONValue

    /// The outputs every field is in: the structured formats and the environment.
    static let structured: Set<Output> = [.json, .csv, .geojson, .environment]

    init(
      _ name: String, _ meaning: String, text: Bool = false, needsPoint: Bool = false,
      value: @escaping @Sendable (EventRecord) -> JSONValue
    ) {
      self.name = name
      self.meaning = meaning
      self.outputs = text ? Self.structured.union([.text]) : Self.structured
      self.needsPoint = needsPoint
      self.value = value
    }
  }

  /// Every field, in output order: the one list the formats, the environment and the manual read.
  package static let fieldList: [Field] = [
    Field("id", "the EONET id (`EONET_1234`)", text: true) { .string($0.id) },
    Field("title", "the title", text: true) { .string($0.title) },
    Field("categories", "the category ids (a JSON array; joined by `;` in CSV and the environment)") {
      .array($0.categories.map(JSONValue.string))
    },
    Field("status", "`open` or `closed`", text: true) { .string($0.status.rawValue) },
    Field("closed_date", "when it was closed (null while open)", text: true) { date($0.closedDate) },
    Field("first_date", "the first observation's date") { date($0.firstDate) },
    Field("last_date", "the latest observation's date") { date($0.lastDate) },
    Field("latitude", "the latest position's latitude, in degrees (null without a position)") {
      number($0.position?.latitude)
    },
    Field("longitude", "the latest position's longitude, in degrees (null without a position)") {
      number($0.position?.longitude)
    },
    Field("magnitude", "the latest magnitude's value (null without one)", text: true) {
      number($0.magnitude)
    },
    Field("magnitude_unit", "its unit (`acres`, `kts`, ...)", text: true) { text($0.magnitudeUnit) },
    Field("link", "the event in EONET's API") { text($0.link) },
    Field("sources", "the sources' URLs (a JSON array; joined by `;` in CSV and the environment)") {
      .array($0.sources.map(JSONValue.string))
    },
    Field(
      "distance_km", "the great-circle distance from the `--near` point, in km to one decimal", text: true,
      needsPoint: true
    ) { number($0.distanceKilometres) },
    Field(
      "bearing", "the compass point (`N`, `NE`, ... `NW`) from the `--near` point", text: true,
      needsPoint: true
    ) { text($0.bearing) },
  ]

  private static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
  private static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
  private static func date(_ value: Date?) -> JSONValue { text(value.map(ISO8601.format)) }

  /// Every field's name and meaning, in output order: the table the manual prints.
  package static var fieldTable: [(name: String, meaning: String)] { fieldList.map { ($0.name, $0.meaning) } }

  /// The fields a record has, in output order: those that need a point only when one is given.
  ///
  /// - Parameter withPoint: Whether a point was given (`--near`): adds `distance_km` and `bearing`.
  package static func fieldList(withPoint: Bool) -> [Field] {
    fieldList.filter { withPoint || !$0.needsPoint }
  }

  /// The field names, in output order (``fieldList(withPoint:)``'s).
  package static func fieldNames(withPoint: Bool) -> [String] {
    fieldList(withPoint: withPoint).map(\.name)
  }

  /// The fields with their values, named as ``fieldNames(withPoint:)`` lists them.
  package var fields: [(name: String, value: JSONValue)] {
    Self.fieldList(withPoint: point != nil).map { ($0.name, $0.value(self)) }
  }

  /// The record as one JSON object, keys in field order.
  package var json: JSONValue { .object(fields.map { ($0.name, $0.value) }) }

  /// The fields as `OURPLANET_<NAME>` variables, each as ``flat(_:)`` writes it.
  package var environment: [String: String] {
    var variables: [String: String] = [:]
    for (name, value) in fields { variables["OURPLANET_" + name.uppercased()] = Self.flat(value) }
    return variables
  }

  /// A field's value as one cell of text, the same in CSV and in the environment: lists joined
  /// by `;`, numbers as JSON writes them, nothing for `null`.
  package static func flat(_ value: JSONValue) -> String {
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
