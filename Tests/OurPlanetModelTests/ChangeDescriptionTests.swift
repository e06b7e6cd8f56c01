import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// One description of a change: the facts worked out from the event and how it was seen, in words
/// and in JSON.
@Suite("ChangeDescription")
struct ChangeDescriptionTests {
  private static let start = Date(timeIntervalSince1970: 1_762_560_000)

  /// A fire with a report per position, a day apart, each with its magnitude.
  private func fire(_ positions: [(latitude: Double, longitude: Double, acres: Double)], closed: Date? = nil)
    -> EOEvent
  {
    EOEvent(
      id: "EONET_1", title: "Rim Fire", closed: closed,
      categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      geometries: positions.enumerated().map { index, position in
        EOGeometry(
          date: Self.start.addingTimeInterval(Double(index) * 86_400),
          shape: .point(EOCoordinate(longitude: position.longitude, latitude: position.latitude)),
          magnitude: EOMagnitude(value: position.acres, unit: "acres"))
      })
  }

  @Test("an update says how it grew, how far and which way it moved, and how many reports came")
  func updated() throws {
    let before = fire([(38.25, -120.5, 500)])
    let after = fire([(38.25, -120.5, 500), (38.25, -119.5, 1_200)])
    let change = ChangeDescription(after, kind: .updated, since: EventFingerprint(before))
    #expect(change.text == "grew 500 → 1,200 acres, moved 87 km E, 1 new report")
    #expect(change.text(ascii: true) == "grew 500 -> 1,200 acres, moved 87 km E, 1 new report")
    #expect(change.headline == "Updated")
    let json = change.json.serialized()
    #expect(
      json
        == #"[{"fact":"grew","from":500,"to":1200,"unit":"acres"},{"fact":"moved","km":87.3,"bearing":"E"},{"fact":"reports","count":1}]"#,
      "\(json)")
  }

  @Test("a closing says when; a new event has no facts and reads with its size")
  func closedAndNew() {
    let end = Self.start.addingTimeInterval(2 * 86_400)
    let open = fire([(38.25, -120.5, 500)])
    let closed = ChangeDescription(
      fire([(38.25, -120.5, 500)], closed: end), kind: .closed, since: .init(open))
    #expect(closed.facts == [.closed(end)])
    #expect(closed.text == "closed \(Formatting.minute(end))")
    #expect(closed.sentence(EventRecord(open)) == "Closed: Rim Fire · closed \(Formatting.minute(end))")
    let new = ChangeDescription(open, kind: .new, since: nil)
    #expect(new.facts.isEmpty && new.json == .array([]))
    #expect(new.sentence(EventRecord(open)) == "New: Rim Fire · 500 acres")
  }

  @Test("a fire that shrank fell; a report in the same place is no move")
  func fellInPlace() {
    let before = fire([(10, 10, 900)])
    let after = fire([(10, 10, 900), (10, 10, 400)])
    let change = ChangeDescription(after, kind: .updated, since: EventFingerprint(before))
    #expect(change.text == "fell 900 → 400 acres, 1 new report")
  }
}
