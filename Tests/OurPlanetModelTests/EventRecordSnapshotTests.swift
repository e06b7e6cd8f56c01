import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// The exports byte for byte: JSON, CSV and GeoJSON of two events (one open with a track and a
/// magnitude, one closed without a position), with and without a `--near` point. Written from the
/// output before the record's fields became one list, so a change to how fields are declared cannot
/// change a byte of what the formats write.
@Suite("EventRecord snapshot")
struct EventRecordSnapshotTests {
  private static let day = 86_400.0

  static let events: [EOEvent] = [
    EOEvent(
      id: "EONET_1", title: "Rim Fire, \"big\"", link: "https://eonet.example/api/v3/events/EONET_1",
      closed: nil,
      categories: [Sample.category("wildfires"), Sample.category("severeStorms")],
      sources: [
        EOSource(id: "InciWeb", url: "https://inciweb.example/1"),
        EOSource(id: "FIRMS", url: "https://firms.example/2"),
      ],
      geometries: Sample.track),
    EOEvent(
      id: "EONET_2", title: "-Quiet", link: nil, closed: Sample.reference.addingTimeInterval(day),
      categories: [Sample.category("volcanoes")], sources: [], geometries: []),
  ]

  static let point = EOCoordinate(longitude: -100, latitude: 40)

  static func outputs() -> String {
    var text = ""
    for point in [nil, Self.point] {
      for format in EventExport.Format.allCases {
        text += "== \(format.rawValue) \(point == nil ? "plain" : "near")\n"
        text += EventExport.render(Self.events, as: format, from: point)
      }
    }
    return text
  }

  @Test("JSON, CSV and GeoJSON write exactly what they wrote before")
  func snapshot() throws {
    let actual = Self.outputs()
    #expect(actual == Self.expected)
  }

  @Test("every declared field is in every output it claims, with the record's value")
  func declaredOutputs() throws {
    let event = Self.events[0]
    let record = EventRecord(event, from: Self.point)
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(EventExport.render([event], as: .json, from: Self.point).utf8))
        as? [[String: Any]])
    let geoJSON = try #require(
      try JSONSerialization.jsonObject(
        with: Data(EventExport.render([event], as: .geojson, from: Self.point).utf8))
        as? [String: Any])
    let features = try #require(geoJSON["features"] as? [[String: Any]])
    let properties = try #require(features.first?["properties"] as? [String: Any])
    let csv = EventExport.csv([event], from: Self.point).components(separatedBy: "\r\n")
    let header = csv[0].components(separatedBy: ",")
    #expect(EventRecord.fieldList(withPoint: true).map(\.name) == header)
    for field in EventRecord.fieldList(withPoint: true) {
      let value = field.value(record)
      for output in field.outputs {
        switch output {
        case .json:
          #expect(json[0][field.name].map(Self.flat) == EventRecord.flat(value), "\(field.name) in JSON")
        case .geojson:
          #expect(
            properties[field.name].map(Self.flat) == EventRecord.flat(value), "\(field.name) in GeoJSON")
        case .csv:
          #expect(header.contains(field.name), "\(field.name) in the CSV header")
          let cells = Self.cells(csv[1])
          #expect(cells.count == header.count)
          #expect(
            header.firstIndex(of: field.name).map { cells[$0] } == EventExport.csvCell(value),
            "\(field.name) in the CSV row")
        case .environment:
          #expect(
            record.environment["OURPLANET_" + field.name.uppercased()] == EventRecord.flat(value),
            "\(field.name) in the environment")
        case .text:
          // The text table is the `events` command's (OurPlanetCLITests check it).
          continue
        }
      }
    }
    #expect(!EventRecord.fieldList(withPoint: false).contains { $0.needsPoint })
    #expect(EventRecord.fieldTable.map(\.name) == EventRecord.fieldList.map(\.name))
  }

  /// A CSV row's cells as written (quotes kept), split at the commas outside quotes.
  private static func cells(_ row: String) -> [String] {
    var cells = [""]
    var quoted = false
    for character in row {
      if character == "\"" { quoted.toggle() }
      if character == ",", !quoted { cells.append("") } else { cells[cells.count - 1].append(character) }
    }
    return cells
  }

  private static func flat(_ value: Any) -> String {
    switch value {
    case let text as String: return text
    case let list as [String]: return list.joined(separator: ";")
    case let number as NSNumber: return number.stringValue
    default: return ""
    }
  }

  static let expected = #"""
    == json plain
    [
      {"id":"EONET_1","title":"Rim Fire, \"big\"","categories":["wildfires","severeStorms"],"status":"open","closed_date":null,"first_date":"2025-11-06T00:00:00Z","last_date":"2025-11-08T00:00:00Z","latitude":38.25,"longitude":-120.5,"magnitude":500,"magnitude_unit":"acres","link":"https://eonet.example/api/v3/events/EONET_1","sources":["https://inciweb.example/1","https://firms.example/2"]},
      {"id":"EONET_2","title":"-Quiet","categories":["volcanoes"],"status":"closed","closed_date":"2025-11-09T00:00:00Z","first_date":"2025-11-09T00:00:00Z","last_date":"2025-11-09T00:00:00Z","latitude":null,"longitude":null,"magnitude":null,"magnitude_unit":null,"link":null,"sources":[]}
    ]
    == csv plain
    id,title,categories,status,closed_date,first_date,last_date,latitude,longitude,magnitude,magnitude_unit,link,sources\#r
    EONET_1,"Rim Fire, ""big""",wildfires;severeStorms,open,,2025-11-06T00:00:00Z,2025-11-08T00:00:00Z,38.25,-120.5,500,acres,https://eonet.example/api/v3/events/EONET_1,https://inciweb.example/1;https://firms.example/2\#r
    EONET_2,'-Quiet,volcanoes,closed,2025-11-09T00:00:00Z,2025-11-09T00:00:00Z,2025-11-09T00:00:00Z,,,,,,\#r
    == geojson plain
    {"type":"FeatureCollection","features":[{"type":"Feature","id":"EONET_1","geometry":{"type":"LineString","coordinates":[[1,2],[-120.5,38.25]]},"properties":{"id":"EONET_1","title":"Rim Fire, \"big\"","categories":["wildfires","severeStorms"],"status":"open","closed_date":null,"first_date":"2025-11-06T00:00:00Z","last_date":"2025-11-08T00:00:00Z","latitude":38.25,"longitude":-120.5,"magnitude":500,"magnitude_unit":"acres","link":"https://eonet.example/api/v3/events/EONET_1","sources":["https://inciweb.example/1","https://firms.example/2"]}},{"type":"Feature","id":"EONET_2","geometry":null,"properties":{"id":"EONET_2","title":"-Quiet","categories":["volcanoes"],"status":"closed","closed_date":"2025-11-09T00:00:00Z","first_date":"2025-11-09T00:00:00Z","last_date":"2025-11-09T00:00:00Z","latitude":null,"longitude":null,"magnitude":null,"magnitude_unit":null,"link":null,"sources":[]}}]}
    == json near
    [
      {"id":"EONET_1","title":"Rim Fire, \"big\"","categories":["wildfires","severeStorms"],"status":"open","closed_date":null,"first_date":"2025-11-06T00:00:00Z","last_date":"2025-11-08T00:00:00Z","latitude":38.25,"longitude":-120.5,"magnitude":500,"magnitude_unit":"acres","link":"https://eonet.example/api/v3/events/EONET_1","sources":["https://inciweb.example/1","https://firms.example/2"],"distance_km":1775.1,"bearing":"W"},
      {"id":"EONET_2","title":"-Quiet","categories":["volcanoes"],"status":"closed","closed_date":"2025-11-09T00:00:00Z","first_date":"2025-11-09T00:00:00Z","last_date":"2025-11-09T00:00:00Z","latitude":null,"longitude":null,"magnitude":null,"magnitude_unit":null,"link":null,"sources":[],"distance_km":null,"bearing":null}
    ]
    == csv near
    id,title,categories,status,closed_date,first_date,last_date,latitude,longitude,magnitude,magnitude_unit,link,sources,distance_km,bearing\#r
    EONET_1,"Rim Fire, ""big""",wildfires;severeStorms,open,,2025-11-06T00:00:00Z,2025-11-08T00:00:00Z,38.25,-120.5,500,acres,https://eonet.example/api/v3/events/EONET_1,https://inciweb.example/1;https://firms.example/2,1775.1,W\#r
    EONET_2,'-Quiet,volcanoes,closed,2025-11-09T00:00:00Z,2025-11-09T00:00:00Z,2025-11-09T00:00:00Z,,,,,,,,\#r
    == geojson near
    {"type":"FeatureCollection","features":[{"type":"Feature","id":"EONET_1","geometry":{"type":"LineString","coordinates":[[1,2],[-120.5,38.25]]},"properties":{"id":"EONET_1","title":"Rim Fire, \"big\"","categories":["wildfires","severeStorms"],"status":"open","closed_date":null,"first_date":"2025-11-06T00:00:00Z","last_date":"2025-11-08T00:00:00Z","latitude":38.25,"longitude":-120.5,"magnitude":500,"magnitude_unit":"acres","link":"https://eonet.example/api/v3/events/EONET_1","sources":["https://inciweb.example/1","https://firms.example/2"],"distance_km":1775.1,"bearing":"W"}},{"type":"Feature","id":"EONET_2","geometry":null,"properties":{"id":"EONET_2","title":"-Quiet","categories":["volcanoes"],"status":"closed","closed_date":"2025-11-09T00:00:00Z","first_date":"2025-11-09T00:00:00Z","last_date":"2025-11-09T00:00:00Z","latitude":null,"longitude":null,"magnitude":null,"magnitude_unit":null,"link":null,"sources":[],"distance_km":null,"bearing":null}}]}

    """#
}
