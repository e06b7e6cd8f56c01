import EONETKit
import Testing

@testable import OurPlanetModel

/// The filter form as a value: rows, cycling, typing, sources, and what Enter applies or refuses.
@Suite("Filter form")
struct FilterFormTests {
  private static let home = Configuration.Place(
    name: "home", region: .near(EOCoordinate(longitude: -95.37, latitude: 29.76), radiusKilometres: 300),
    text: "29.76,-95.37,300", line: 2)

  private func form(
    days: Int = 30, filters: ScopeFilters = .none, region: Region? = nil, units: [String] = ["acres", "kts"],
    sources: [(id: String, count: Int)] = [("IRWIN", 40), ("InciWeb", 12)],
    places: [Configuration.Place] = [home], kinds: [EOMagnitudeKind] = MagnitudeTextTests.bundledKinds
  ) -> FilterForm {
    FilterForm(
      days: days, dayRange: 1...360, filters: filters, region: region, units: units, kinds: kinds,
      sources: sources, places: places)
  }

  /// What Enter applies (the form must take it).
  private func submit(_ form: inout FilterForm) throws -> FilterForm.Outcome {
    let outcome = form.submit()
    return try #require(outcome)
  }

  /// What Enter applies, or `nil` when refused.
  private func submitted(_ form: inout FilterForm) -> FilterForm.Outcome? {
    form.submit()
  }

  @Test("it opens on the current values, and Enter at once applies them unchanged")
  func opensOnTheCurrentValues() throws {
    let filters = ScopeFilters(
      status: .open, minimumMagnitude: 1_000, maximumMagnitude: 2.5e3, magnitudeUnit: "acres",
      sources: ["InciWeb"], categories: ["wildfires"])
    var form = form(days: 45, filters: filters, region: Self.home.region)
    #expect(form.value(of: .days) == "45")
    #expect(form.value(of: .status) == "open")
    #expect(form.value(of: .minimum) == "1000")
    #expect(form.value(of: .maximum) == "2500")
    #expect(form.value(of: .unit) == "acres")
    #expect(form.value(of: .region) == "home")
    #expect(form.value(of: .source("InciWeb")) == "[x]")
    #expect(form.value(of: .source("IRWIN")) == "[ ]")
    let outcome = try submit(&form)
    #expect(outcome == FilterForm.Outcome(days: 45, filters: filters, region: Self.home.region))
  }

  @Test("with alert rules a row turns the alerts-only view on or off (← → or Space); without, no row")
  func alertsOnlyRow() throws {
    #expect(!form().rows.contains(.alertsOnly), "no rules, no row")
    var form = FilterForm(
      days: 30, dayRange: 1...360, filters: .none, region: nil, units: [],
      kinds: MagnitudeTextTests.bundledKinds, sources: [("IRWIN", 4)], places: [], alertsOnly: false)
    #expect(form.rows == [.days, .status, .minimum, .maximum, .unit, .region, .alertsOnly, .source("IRWIN")])
    #expect(FilterForm.cycles(.alertsOnly))
    form.select(.alertsOnly)
    #expect(form.value(of: .alertsOnly) == "every event")
    form.cycle(by: 1)
    #expect(form.value(of: .alertsOnly) == "only those an alert rule marks")
    #expect(try submit(&form).alertsOnly)
    form.toggle()
    #expect(try !submit(&form).alertsOnly)
    form.type("1")
    form.deleteBackward()
    #expect(form.value(of: .alertsOnly) == "every event", "typing does nothing there")
  }

  @Test("↑↓ move between the rows and stop at the ends; the sources are rows of their own")
  func rows() {
    var form = form()
    #expect(
      form.rows == [.days, .status, .minimum, .maximum, .unit, .region, .source("IRWIN"), .source("InciWeb")])
    #expect(form.row == .days)
    form.move(by: -1)
    #expect(form.row == .days)
    form.move(by: 2)
    #expect(form.row == .minimum)
    form.move(by: 100)
    #expect(form.row == .source("InciWeb"))
  }

  @Test("←→ cycle the status, the unit (any first) and the region; the days step by one within bounds")
  func cycling() throws {
    var form = form(days: 360)
    form.cycle(by: 1)
    #expect(form.value(of: .days) == "360", "the slider's upper bound holds")
    form.cycle(by: -1)
    #expect(form.value(of: .days) == "359")
    form.select(.status)
    var statuses: [String] = []
    for _ in 0..<3 {
      form.cycle(by: 1)
      statuses.append(form.value(of: .status))
    }
    #expect(statuses == ["open", "closed", "open and closed"])
    form.select(.unit)
    form.cycle(by: 1)
    #expect(form.value(of: .unit) == "acres")
    form.cycle(by: 1)
    #expect(form.value(of: .unit) == "kts")
    form.cycle(by: 1)
    #expect(form.value(of: .unit) == "any (each event's own)")
    form.cycle(by: -1)
    #expect(form.value(of: .unit) == "kts")
    form.select(.region)
    form.cycle(by: 1)
    #expect(form.value(of: .region) == "home")
    form.cycle(by: 1)
    #expect(form.value(of: .region) == "none")
    let outcome = try submit(&form)
    #expect(outcome.days == 359)
    #expect(outcome.filters.magnitudeUnit == "kts")
    #expect(outcome.filters.status == .all)
    #expect(outcome.region == nil)
  }

  @Test("a region that is not a place is offered as the current one, and kept")
  func currentRegion() throws {
    let box = Region.box(minLongitude: -10, minLatitude: 40, maxLongitude: 10, maxLatitude: 60)
    var form = form(region: box)
    #expect(form.regionChoices.map(\.label) == ["none", "home", "current: \(box.label)"])
    #expect(form.value(of: .region) == "current: \(box.label)")
    #expect(try submit(&form).region == box)
  }

  @Test("typing sets a minimum and a maximum; Backspace deletes; letters are not numbers")
  func typingNumbers() throws {
    var form = form()
    form.select(.minimum)
    for character in "1x000" { form.type(character) }
    #expect(form.value(of: .minimum) == "1000")
    form.select(.maximum)
    for character in "25000" { form.type(character) }
    form.deleteBackward()
    #expect(form.value(of: .maximum) == "2500")
    let outcome = try submit(&form)
    #expect(outcome.filters.minimumMagnitude == 1_000)
    #expect(outcome.filters.maximumMagnitude == 2_500)
  }

  @Test(
    "an impossible value is refused on its row with a message, and nothing is applied",
    arguments: [
      (FilterForm.Row.days, "0", "days"), (.days, "361", "days"), (.minimum, "1.2.3", "minimum"),
      (.maximum, "-", "maximum"), (.unit, "furlongs", "no unit 'furlongs'"),
    ])
  func refusals(row: FilterForm.Row, text: String, problem: String) {
    var form = form()
    form.select(row)
    while row == .days, !form.value(of: row).isEmpty { form.deleteBackward() }
    for character in text { form.type(character) }
    form.select(.days == row ? .status : .days)
    #expect(submitted(&form) == nil)
    #expect(form.row == row, "the refused row is selected")
    #expect(form.problem?.contains(problem) == true, "\(form.problem ?? "no problem")")
    form.move(by: 0)
    #expect(form.problem == nil, "the next key takes the message away")
  }

  @Test("a maximum below the minimum is refused on the maximum's row")
  func maximumBelowMinimum() {
    var form = form(filters: ScopeFilters(minimumMagnitude: 100))
    form.select(.maximum)
    form.type("5")
    #expect(submitted(&form) == nil)
    #expect(form.row == .maximum)
    #expect(form.problem == "the maximum is below the minimum")
  }

  @Test("a unit EONET names is taken when typed, even when no event has it yet")
  func typedUnit() throws {
    var form = form(units: [])
    form.select(.unit)
    for character in "NM^2" { form.type(character) }
    #expect(try submit(&form).filters.magnitudeUnit == "NM^2")
  }

  /// Issue 38, item 15: the form reads units against the list it is given (the command line's:
  /// the cached `/magnitudes`, else the bundled one), not a list of its own.
  @Test("the form's units are EONET's list as given: a unit it adds is taken, one it lacks refused")
  func unitsFromTheGivenList() throws {
    let cached = [
      EOMagnitudeKind(id: "ac", name: "Acres", unit: "acres"),
      EOMagnitudeKind(id: "sq_km", name: "Square Kilometres", unit: "km^2"),
    ]
    var form = form(units: [], kinds: cached)
    form.select(.unit)
    for character in "km^2" { form.type(character) }
    #expect(try submit(&form).filters.magnitudeUnit == "km^2")
    var other = self.form(units: [], kinds: cached)
    other.select(.unit)
    for character in "NM^2" { other.type(character) }
    #expect(submitted(&other) == nil)
    #expect(other.problem?.hasPrefix("no unit 'NM^2' (acres, km^2)") == true, "\(other.problem ?? "")")
  }

  @Test("Space takes a source and leaves it; none taken is no source filter; the marks stay")
  func sources() throws {
    var form = form(filters: ScopeFilters(categories: ["volcanoes"]))
    form.select(.source("InciWeb"))
    form.toggle()
    #expect(form.value(of: .source("InciWeb")) == "[x]")
    form.move(by: -1)
    form.toggle()
    var outcome = try submit(&form)
    #expect(outcome.filters.sources == ["InciWeb", "IRWIN"])
    #expect(outcome.filters.categories == ["volcanoes"])
    form.toggle()
    form.move(by: 1)
    form.toggle()
    outcome = try submit(&form)
    #expect(outcome.filters.sources == nil)
    form.select(.status)
    form.toggle()
    #expect(form.value(of: .status) == "open and closed", "Space changes only a source")
  }

  @Test("a source filtered on that the catalog no longer has is still listed, to take it off")
  func missingSource() {
    let form = form(filters: ScopeFilters(sources: ["NOAA_NHC"]), sources: [])
    #expect(form.rows.last == .source("NOAA_NHC"))
    #expect(form.value(of: .source("NOAA_NHC")) == "[x]")
  }
}
