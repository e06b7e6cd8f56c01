import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// The event record: one name and one value per field, the same in JSON, CSV, GeoJSON and the
/// `--exec` environment.
@Suite("EventRecord")
struct EventRecordTests {
  private static let day = 86_400.0

  private static func event(
    title: String = "Rim Fire", closed: Date? = nil, geometries: [EOGeometry]? = nil,
    sources: [String] = ["https://inciweb.example/1", "https://firms.example/2"]
  ) -> EOEvent {
    EOEvent(
      id: "EONET_1", title: title, link: "https://eonet.example/api/v3/events/EONET_1", closed: closed,
      categories: [Sample.category("wildfires"), Sample.category("severeStorms")],
      sources: sources.enumerated().map { EOSource(id: "s\($0.offset)", url: $0.element) },
      geometries: geometries ?? Sample.track)
  }

  /// The record's fields as every format writes them, by name: JSON text, the CSV cell, the
  /// GeoJSON property and the environment variable.
  private static func views(of event: EOEvent, from point: EOCoordinate? = nil) throws -> [String: [String]] {
    let names = EventRecord.fieldNames(withPoint: point != nil)
    let rows = EventExport.csv([event], from: point).components(separatedBy: "\r\n")
    #expect(rows[0] == names.joined(separator: ","))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(EventExport.render([event], as: .json, from: point).utf8)) as? [[String: Any]])
    let record = EventRecord(event, from: point)
    var views: [String: [String]] = [:]
    for (name, value) in record.fields {
      views[name] = [
        EventRecord.flat(value), record.environment["OURPLANET_" + name.uppercased()] ?? "<none>",
        flat(json[0][name]),
      ]
    }
    #expect(Set(views.keys) == Set(names))
    #expect(Set(json[0].keys) == Set(names))
    return views
  }

  private static func flat(_ value: Any?) -> String {
    switch value {
    case let text as String: return text
    case let list as [String]: return list.joined(separator: ";")
    case let number as NSNumber: return number.stringValue
    default: return ""
    }
  }

  @Test("one name per field; lists, dates, numbers and the EONET link read the same in every format")
  func fields() throws {
    let record = EventRecord(Self.event())
    let values = Dictionary(uniqueKeysWithValues: record.fields.map { ($0.name, EventRecord.flat($0.value)) })
    #expect(values["categories"] == "wildfires;severeStorms")
    #expect(values["status"] == "open")
    #expect(values["closed_date"] == "")
    #expect(values["first_date"] == "2025-11-06T00:00:00Z")
    #expect(values["last_date"] == "2025-11-08T00:00:00Z")
    #expect(values["latitude"] == "38.25")
    #expect(values["longitude"] == "-120.5")
    #expect(values["magnitude"] == "500")
    #expect(values["magnitude_unit"] == "acres")
    #expect(values["link"] == "https://eonet.example/api/v3/events/EONET_1")
    #expect(values["sources"] == "https://inciweb.example/1;https://firms.example/2")
    #expect(record.json.serialized().contains(#""magnitude":500,"magnitude_unit":"acres""#))
    for (name, view) in try Self.views(of: Self.event()) where name != "latitude" && name != "longitude" {
      #expect(Set(view).count == 1, "\(name): \(view)")
    }
    let row = EventExport.csv([Self.event()]).components(separatedBy: "\r\n")[1]
    #expect(
      row.hasSuffix(
        ",38.25,-120.5,500,acres,https://eonet.example/api/v3/events/EONET_1,"
          + "https://inciweb.example/1;https://firms.example/2"))
  }

  @Test("hostile text is cleaned once: every format and the environment carry the same title")
  func hostileText() throws {
    let title = "-Evil \u{1B}[31mRED\u{7}\u{0} Fire\u{9B}\u{202E}\u{2066}\u{7F} x"
    let record = EventRecord(Self.event(title: title))
    #expect(record.title == "-Evil [31mRED Fire x")
    let views = try #require(try Self.views(of: Self.event(title: title))["title"])
    #expect(views == [record.title, record.title, record.title])
    let row = EventExport.csv([Self.event(title: title)]).components(separatedBy: "\r\n")[1]
    #expect(row.hasPrefix("EONET_1,'-Evil [31mRED Fire x,"), "the CSV's formula guard comes after")
  }

  @Test("no magnitude and no position: null in JSON, empty in CSV and the environment")
  func missingMagnitudeAndGeometry() throws {
    let point = EOCoordinate(longitude: 0, latitude: 0)
    let bare = Self.event(geometries: [])
    let views = try Self.views(of: bare, from: point)
    for name in ["latitude", "longitude", "magnitude", "magnitude_unit", "distance_km", "bearing"] {
      #expect(views[name] == ["", "", ""], "\(name): \(views[name] ?? [])")
    }
    let json = EventRecord(bare, from: point).json.serialized()
    #expect(json.contains(#""latitude":null,"longitude":null,"magnitude":null,"magnitude_unit":null"#))
    #expect(json.hasSuffix(#""distance_km":null,"bearing":null}"#))
    let unmeasured = Self.event(geometries: [
      EOGeometry(date: Sample.reference, shape: .point(.init(longitude: 5, latitude: 6)))
    ])
    #expect(EventRecord(unmeasured).json.serialized().contains(#""magnitude":null,"magnitude_unit":null"#))
    #expect(EventRecord(unmeasured).magnitude == nil)
  }

  @Test("closed and open: the status, and the closed date only when closed")
  func status() throws {
    let closedAt = Sample.reference.addingTimeInterval(Self.day)
    let closed = try Self.views(of: Self.event(closed: closedAt))
    #expect(closed["status"] == ["closed", "closed", "closed"])
    #expect(
      closed["closed_date"] == ["2025-11-09T00:00:00Z", "2025-11-09T00:00:00Z", "2025-11-09T00:00:00Z"])
    #expect(closed["last_date"]?.first == "2025-11-08T00:00:00Z", "the last observation, not the closing")
    #expect(EventRecord(Self.event(closed: closedAt)).date == closedAt)
    let open = try Self.views(of: Self.event())
    #expect(open["status"] == ["open", "open", "open"])
    #expect(open["closed_date"] == ["", "", ""])
  }

  @Test("distance (km, one decimal) and bearing from the point; absent without one")
  func distanceAndBearing() throws {
    let equator = EOCoordinate(longitude: 0, latitude: 0)
    let east = Self.event(geometries: [
      EOGeometry(date: Sample.reference, shape: .point(.init(longitude: 1, latitude: 0)))
    ])
    let record = EventRecord(east, from: equator)
    #expect(record.distanceKilometres == 111.2)
    #expect(record.bearing == "E")
    let views = try Self.views(of: east, from: equator)
    #expect(views["distance_km"] == ["111.2", "111.2", "111.2"])
    #expect(views["bearing"] == ["E", "E", "E"])
    let north = EventRecord(
      Self.event(geometries: [
        EOGeometry(date: Sample.reference, shape: .point(.init(longitude: 0, latitude: -10)))
      ]), from: EOCoordinate(longitude: 0, latitude: 0))
    #expect(north.bearing == "S")
    #expect(!EventRecord.fieldNames(withPoint: false).contains("distance_km"))
    #expect(EventRecord(east).fields.count == EventRecord.fieldNames(withPoint: false).count)
    #expect(EventRecord(east).environment["OURPLANET_DISTANCE_KM"] == nil)
  }
}
