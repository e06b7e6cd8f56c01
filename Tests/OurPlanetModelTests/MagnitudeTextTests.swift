import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

/// Issue 38, item 15: one reading of a magnitude for the command line, the config and the form.
@Suite("Magnitude text")
struct MagnitudeTextTests {
  /// EONET's `/magnitudes` as the bundled snapshot lists them (test data).
  static let bundledKinds = [
    EOMagnitudeKind(id: "ac", name: "Acres", unit: "acres"),
    EOMagnitudeKind(id: "ha", name: "Hectares", unit: "hectare"),
    EOMagnitudeKind(id: "mag_kts", name: "Maximum Sustained Wind Speed", unit: "kts"),
    EOMagnitudeKind(id: "mms", name: "Moment Magnitude Scale", unit: "Mw"),
    EOMagnitudeKind(id: "sq_NM", name: "Square Nautical Miles", unit: "NM^2"),
  ]
  private let kinds = Self.bundledKinds

  @Test("a number, grouped or not, with a unit by its unit, id or name, ^2 or ²")
  func reads() throws {
    #expect(try MagnitudeText.parse("1,000 Acres", kinds: kinds) == (1000, "acres"))
    #expect(try MagnitudeText.parse("100 NM²", kinds: kinds) == (100, "NM^2"))
    #expect(try MagnitudeText.parse("100nm^2", kinds: kinds) == (100, "NM^2"))
    #expect(try MagnitudeText.parse("2000ha", kinds: kinds) == (2000, "hectare"))
    #expect(try MagnitudeText.parse(" 2.5 ", kinds: kinds) == (2.5, nil))
  }

  @Test("what it cannot read is named, the closest unit offered")
  func refuses() {
    #expect(throws: MagnitudeText.Failure.self) { try MagnitudeText.parse("lots", kinds: kinds) }
    do {
      _ = try MagnitudeText.parse("10 acre", kinds: kinds)
      Issue.record("'acre' was taken")
    } catch {
      #expect(error.message.contains("did you mean 'acres'?"), "\(error.message)")
    }
  }

  @Test("a bound in hectares reads fires in acres, and the other way round")
  func hectaresReadAcres() {
    var scope = EventScope(days: 30)
    scope.minimumMagnitude = 2000
    scope.magnitudeUnit = "hectare"
    let acres = MagnitudeSample.fire(acres: 6000)
    let small = MagnitudeSample.fire(acres: 4000)
    #expect(scope.contains(acres, reference: MagnitudeSample.now))
    #expect(!scope.contains(small, reference: MagnitudeSample.now))
    #expect(
      scope.query(magnitudeIDs: ["hectare": "ha"]).magnitude == nil, "the server would leave out the acres")
  }

  @Test("the filter form reads its bounds as the command line: 1,000 and a unit typed with them")
  func formReadsAsTheCommandLine() throws {
    var form = FilterForm(
      days: 30, dayRange: 1...360, filters: .none, region: nil, units: ["acres"], kinds: kinds,
      sources: [], places: [])
    form.select(.minimum)
    for character in "1,000" { form.type(character) }
    let submitted = form.submit()
    let outcome = try #require(submitted, "\(form.problem ?? "")")
    #expect(outcome.filters.minimumMagnitude == 1000)
  }
}

private enum MagnitudeSample {
  static let now = Date(timeIntervalSince1970: 1_762_560_000)
  static func fire(acres: Double) -> EOEvent {
    EOEvent(
      id: "f\(acres)", title: "Fire", link: nil,
      categories: [EOCategory(id: "wildfires", title: "Wildfires")],
      sources: [],
      geometries: [
        EOGeometry(
          date: now.addingTimeInterval(-86_400), shape: .point(EOCoordinate(longitude: -100, latitude: 40)),
          magnitude: EOMagnitude(value: acres, unit: "acres"))
      ])
  }
}
