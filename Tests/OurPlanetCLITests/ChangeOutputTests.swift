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

  private static let seen = ChangeDescription(kind: .updated, facts: [.reports(1)])

  @Test("a matching change's text line ends with the rules' names in brackets; others end as before")
  func textNamesTheRules() {
    let record = EventRecord(fire)
    let plain = ChangeOutput.text(record, change: Self.seen)
    #expect(!plain.contains("["))
    #expect(plain.contains("  1 new report  "), "\(plain)")
    let marked = ChangeOutput.text(record, change: Self.seen, alerts: ["fires near home", "big ones"])
    #expect(marked == plain + "  [fires near home, big ones]")
  }

  @Test("the JSON line has change and changes first, and alerts last when the config has rules")
  func jsonCarriesAlerts() throws {
    let record = EventRecord(fire)
    let new = ChangeDescription(kind: .new, facts: [])
    let without = ChangeOutput.json(record, change: new).serialized()
    #expect(!without.contains("\"alerts\""))
    #expect(without.hasPrefix(#"{"change":"new","changes":[],"id":"EONET_1""#), "\(without)")
    let none = ChangeOutput.json(record, change: new, alerts: []).serialized()
    #expect(none.hasSuffix(",\"alerts\":[]}"))
    let some = ChangeOutput.json(record, change: Self.seen, alerts: ["fires \"near\" home"]).serialized()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(some.utf8)) as? [String: Any])
    #expect(object["alerts"] as? [String] == ["fires \"near\" home"])
    #expect(object["id"] as? String == "EONET_1")
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(
      changes.count == 1 && changes[0]["fact"] as? String == "reports" && changes[0]["count"] as? Int == 1)
  }

  @Test(
    "a notification's title is the kind of change and the title; its body the category, size, distance, rules, link"
  )
  func notification() {
    let rule = AlertRule(
      name: "fires near home", scope: EventScope(days: 1, region: .near(Self.home, radiusKilometres: 300)),
      place: "home")
    let any = AlertRule(name: "any fire", scope: EventScope(days: 1))
    let new = ChangeDescription(kind: .new, facts: [])
    let message = ChangeOutput.notification(
      fire, record: EventRecord(fire), change: new, rules: [any, rule], point: nil)
    #expect(message.title == "New: Rim Fire, California")
    let lines = message.body.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "Wildfires · 1,200 acres · 87 km E of home", "Alerts: any fire, fires near home",
        "https://example.org/rim",
      ], "\(lines)")
    let grew = ChangeDescription(kind: .updated, facts: [.magnitude(from: 500, to: 1_200, unit: "acres")])
    let updated = ChangeOutput.notification(
      fire, record: EventRecord(fire), change: grew, rules: [any], point: Self.home)
    #expect(updated.title == "Updated: Rim Fire, California")
    #expect(updated.body.hasPrefix("Wildfires · grew 500 → 1,200 acres · 87 km E\n"), "\(updated.body)")
    let plain = ChangeOutput.notification(fire, record: EventRecord(fire), change: new, rules: [], point: nil)
    #expect(plain.body.hasPrefix("Wildfires · 1,200 acres · 38.25°N 119.50°W\n"), "\(plain.body)")
  }

  @Test("every variable is one bounded line: a 200 KB title and an id with a newline reach no program whole")
  func environmentIsBounded() throws {
    let long = EOEvent(
      id: "EONET_9\nOURPLANET_X=1", title: String(repeating: "fire ", count: 40_000),
      categories: [EOCategory(id: "wildfires", title: "Wildfires")], geometries: fire.geometries)
    let record = EventRecord(long)
    let change = ChangeDescription(kind: .new, facts: [])
    let message = ChangeOutput.notification(long, record: record, change: change, rules: [], point: nil)
    let environment = ChangeOutput.environment(record, change: change, message: message, alerts: ["a"])
    #expect(environment["OURPLANET_ID"] == "EONET_9 OURPLANET_X=1")
    let title = try #require(environment["OURPLANET_TITLE"])
    #expect(title.count == ChangeOutput.fieldLimit && title.hasSuffix("…"), "\(title.count)")
    for (name, value) in environment {
      #expect(value.utf8.count < 128 * 1024 / 4, "\(name)")
      #expect(!value.contains("\n") || name == "OURPLANET_DETAILS", "\(name)")
    }
    #expect(ChangeOutput.argument(message.title).count <= ChangeOutput.fieldLimit)
  }
}
