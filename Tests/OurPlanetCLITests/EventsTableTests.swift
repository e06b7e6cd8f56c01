import EONETKit
import Foundation
import OurPlanetModel
import Testing

@testable import OurPlanetCLI

/// The `events` text table against the record's declared fields: each field that claims the text
/// output is in the row, and a text field that does not claim it is not.
@Suite("EventsTable")
struct EventsTableTests {
  // Noon UTC: the day is the same in any display zone within twelve hours of UTC.
  private static let noon = Date(timeIntervalSince1970: 1_762_603_200)

  private static let event = EOEvent(
    id: "EONET_77", title: "Rim Fire", link: "https://eonet.example/api/v3/events/EONET_77",
    closed: noon, categories: [EOCategory(id: "wildfires", title: "Wildfires")],
    sources: [EOSource(id: "InciWeb", url: "https://inciweb.example/77")],
    geometries: [
      EOGeometry(
        date: noon.addingTimeInterval(-86_400), shape: .point(.init(longitude: -120.5, latitude: 38.25)),
        magnitude: EOMagnitude(value: 500, unit: "acres"))
    ])

  private static let point = EOCoordinate(longitude: -100, latitude: 40)

  /// A field's value as the table writes it: text as it is, a date as its day, a number whole.
  private static func shown(_ field: EventRecord.Field, _ value: JSONValue) -> String? {
    switch value {
    case .string(let text) where field.name.hasSuffix("_date"): return String(text.prefix(10))
    case .string(let text): return text
    case .number(let number): return Formatting.count(Int(number.rounded()))
    default: return nil
    }
  }

  @Test("every field that claims the text table is in its row; the others' text is not")
  func declaredText() throws {
    let record = EventRecord(Self.event, from: Self.point)
    let row = EventsCommand.table([Self.event], from: Self.point, tagged: false)
    #expect(row.split(separator: "\n").count == 1)
    let values = Dictionary(uniqueKeysWithValues: record.fields.map { ($0.name, $0.value) })
    for field in EventRecord.fieldList(withPoint: true) {
      guard let value = values[field.name], let text = Self.shown(field, value) else { continue }
      if field.outputs.contains(.text) {
        #expect(row.contains(text), "\(field.name): '\(text)' in \(row)")
      } else if field.name == "link" {
        #expect(!row.contains(text), "\(field.name) is not in the text table: \(row)")
      }
    }
  }
}
