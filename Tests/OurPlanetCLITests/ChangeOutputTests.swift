import EONETKit
import Foundation
import OurPlanetModel
import Testing

@testable import OurPlanetCLI

@Suite("ChangeOutput")
struct ChangeOutputTests {
  private static let home = EOCoordinate(longitude: -120.5, latitude: 38.25)

  private let fire = EOEvent(
    id: "EONET_1", title: "Rim Fire, California", link: "https://eonet.gsfc.nasa.gov/api/v3/events/EONET_1",
    categories: [EOCategory(id: "wildfires", title: "Wildfires")],
    sources: [EOSource(id: "IRWIN", url: "https://example.org/rim")],
    geometries: [
      EOGeometry(
        date: Date(timeIntervalSince1970: 1_700_000_000),
        shape: .point(EOCoordinate(longitude: -119.5, latitude: 38.25)),
        magnitude: EOMagnitude(value: 1_200, unit: "acres"))
    ])

  @Test("a matching change's text line ends with the rules' names in brackets; others end as before")
  func textNamesTheRules() {
    let record = EventRecord(fire)
    let plain = ChangeOutput.text(record, change: .updated)
    #expect(!plain.contains("["))
    let marked = ChangeOutput.text(record, change: .updated, alerts: ["fires near home", "big ones"])
    #expect(marked == plain + "  [fires near home, big ones]")
  }

  @Test("the JSON line has alerts last when the config has rules, and none without rules")
  func jsonCarriesAlerts() throws {
    let record = EventRecord(fire)
    let without = ChangeOutput.json(record, change: .new).serialized()
    #expect(!without.contains("\"alerts\""))
    let none = ChangeOutput.json(record, change: .new, alerts: []).serialized()
    #expect(none.hasSuffix(",\"alerts\":[]}"))
    let some = ChangeOutput.json(record, change: .new, alerts: ["fires \"near\" home"]).serialized()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(some.utf8)) as? [String: Any])
    #expect(object["alerts"] as? [String] == ["fires \"near\" home"])
    #expect(object["id"] as? String == "EONET_1")
  }

  @Test(
    "a notification's title is category and title; its body where, how far from the rule's place, how big, a link"
  )
  func notification() {
    let rule = AlertRule(
      name: "fires near home", scope: EventScope(days: 1, region: .near(Self.home, radiusKilometres: 300)),
      place: "home")
    let message = ChangeOutput.notification(fire, record: EventRecord(fire), rule: rule)
    #expect(message.title == "Wildfires: Rim Fire, California")
    let lines = message.body.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix("38.25°N 119.50°W, 87 km E of home") == true, "\(lines)")
    #expect(lines.dropFirst().first == "1,200 acres")
    #expect(lines.last == "https://example.org/rim")
    // Without a place in the rule, the distance is from --near's point, when given.
    let anywhere = AlertRule(name: "all", scope: EventScope(days: 1))
    let plain = ChangeOutput.notification(fire, record: EventRecord(fire), rule: anywhere)
    #expect(plain.body.hasPrefix("38.25°N 119.50°W\n"))
    let measured = ChangeOutput.notification(fire, record: EventRecord(fire, from: Self.home), rule: anywhere)
    #expect(measured.body.hasPrefix("38.25°N 119.50°W, 87 km E\n"))
  }
}
