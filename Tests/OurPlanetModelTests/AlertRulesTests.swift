import Foundation
import Testing

@testable import EONETKit
@testable import OurPlanetModel

@Suite("AlertRules")
struct AlertRulesTests {
  private static let home = EOCoordinate(longitude: -95.37, latitude: 29.76)
  private static let places: [String: Region] = [
    "home": .near(home, radiusKilometres: 300),
    "coast": .box(minLongitude: -98, minLatitude: 25, maxLongitude: -88, maxLatitude: 31),
  ]

  /// The `[[alert]]` tables of `text`.
  private func tables(_ text: String) throws -> [TOMLTable] {
    let document = try TOML.parse(text)
    guard case .array(let values)? = document["alert"] else { return [] }
    return values.compactMap { if case .table(let table) = $0 { table } else { nil } }
  }

  private func parse(_ text: String) throws -> AlertRules {
    try AlertRules.parse(tables(text), places: Self.places)
  }

  /// The message parsing `text` fails with.
  private func failure(_ text: String) throws -> String {
    let tables = try tables(text)
    do {
      _ = try AlertRules.parse(tables, places: Self.places)
      return "no error"
    } catch {
      return error.description
    }
  }

  private func event(
    _ id: String = "EONET_1", category: String = "wildfires", at place: EOCoordinate = home,
    magnitude: Double? = nil
  ) -> EOEvent {
    EOEvent(
      id: id, title: "Fire \(id)", categories: [EOCategory(id: category, title: category.capitalized)],
      geometries: [
        EOGeometry(
          date: Sample.reference, shape: .point(place),
          magnitude: magnitude.map { EOMagnitude(value: $0, unit: "acres") })
      ])
  }

  @Test("the issue's example rule reads whole")
  func example() throws {
    let rules = try parse(
      """
      [[alert]]
      name = "fires near home"
      near = "home"                  # or a LAT,LON[,KM] / bbox
      categories = ["wildfires"]
      min-magnitude = 1000           # in the event's own unit
      changes = ["new", "updated"]   # default: all three
      bell = true
      notify = true
      exec = ["/usr/local/bin/page-me", "--urgent"]
      """)
    let rule = try #require(rules.rules.first)
    #expect(rules.rules.count == 1)
    #expect(rule.name == "fires near home")
    #expect(rule.scope.region == Self.places["home"])
    #expect(rule.place == "home")
    #expect(rule.scope.categories == ["wildfires"])
    #expect(rule.scope.minimumMagnitude == 1000)
    #expect(rule.scope.maximumMagnitude == nil)
    #expect(rule.changes == [.new, .updated])
    #expect(rule.bell && rule.notify)
    #expect(rule.exec == ["/usr/local/bin/page-me", "--urgent"])
    #expect(rule.line == 1)
  }

  @Test("a rule with only a name fires on every change of every event, and does nothing else")
  func defaults() throws {
    let rule = try #require(try parse("[[alert]]\nname = \"all\"\n").rules.first)
    #expect(rule.changes == Set(EventChange.allCases))
    #expect(!rule.bell && !rule.notify && rule.exec == nil)
    for change in EventChange.allCases {
      #expect(rule.matches(event(at: EOCoordinate(longitude: 100, latitude: -40)), change: change))
    }
  }

  @Test("near takes a place, LAT,LON[,KM] or bbox:W,S,E,N")
  func nearForms() throws {
    let rules = try parse(
      """
      [[alert]]
      name = "box"
      near = "coast"
      [[alert]]
      name = "point"
      near = "10,20,50"
      [[alert]]
      name = "default radius"
      near = "10, 20"
      [[alert]]
      name = "bbox"
      near = "bbox:170,-10,-170,10"
      """)
    #expect(
      rules.rules.map(\.scope.region) == [
        Self.places["coast"], .near(EOCoordinate(longitude: 20, latitude: 10), radiusKilometres: 50),
        .near(EOCoordinate(longitude: 20, latitude: 10), radiusKilometres: Region.defaultRadiusKilometres),
        .box(minLongitude: 170, minLatitude: -10, maxLongitude: -170, maxLatitude: 10),
      ])
  }

  @Test("matching is the region, categories, magnitude bounds and the kind of change together")
  func matching() throws {
    let rules = try parse(
      """
      [[alert]]
      name = "big fires near home"
      near = "home"
      categories = ["wildfires"]
      min-magnitude = 1000
      changes = ["new", "updated"]
      [[alert]]
      name = "small things"
      max-magnitude = 500.5
      [[alert]]
      name = "closed storms"
      categories = "severeStorms"
      changes = ["closed"]
      """)
    let names = { (event: EOEvent, change: EventChange) in rules.matching(event, change: change).map(\.name) }
    #expect(names(event(magnitude: 1000), .new) == ["big fires near home"])
    #expect(names(event(magnitude: 1500), .updated) == ["big fires near home"])
    #expect(names(event(magnitude: 1500), .closed) == [], "not a kind the rule names")
    #expect(names(event(magnitude: 999.9), .new) == [], "below the minimum")
    #expect(names(event(), .new) == [], "no magnitude is outside any bound")
    // 300 km from home: Dallas is about 360 km away.
    let dallas = EOCoordinate(longitude: -96.8, latitude: 32.78)
    #expect(names(event(at: dallas, magnitude: 5000), .new) == [], "outside the radius")
    #expect(names(event(category: "volcanoes", magnitude: 5000), .new) == [], "another category")
    #expect(names(event(magnitude: 500.5), .closed) == ["small things"], "the maximum is inclusive")
    #expect(names(event(magnitude: 500.6), .closed) == [])
    #expect(names(event("EONET_9", category: "severeStorms"), .closed) == ["closed storms"])
    #expect(
      names(event("EONET_9", category: "severeStorms", magnitude: 80), .closed) == [
        "small things", "closed storms",
      ])
    #expect(names(event("EONET_9", category: "severeStorms"), .new) == [])
  }

  @Test("a rule's region is EventScope's: an event counts when any of its positions is inside")
  func regionIsTheScopes() throws {
    let rule = try #require(try parse("[[alert]]\nname = \"home\"\nnear = \"home\"\n").rules.first)
    let far = EOCoordinate(longitude: 0, latitude: 0)
    let moved = EOEvent(
      id: "EONET_7", title: "Track",
      geometries: [
        EOGeometry(date: Sample.reference.addingTimeInterval(-86_400), shape: .point(Self.home)),
        EOGeometry(date: Sample.reference, shape: .point(far)),
      ])
    #expect(
      rule.matches(moved, change: .updated)
        == EventScope(days: 1, region: rule.scope.region)
        .containsIgnoringWindow(moved))
    #expect(rule.matches(moved, change: .updated))
  }

  @Test(
    "each mistake is one line naming the file, the line and the problem",
    arguments: [
      (
        "[[alert]]\nname = \"a\"\nmin-magnitud = 3\n",
        "config.toml:3: alert 'a': unknown key 'min-magnitud' (did you mean 'min-magnitude'?)"
      ),
      (
        "[[alert]]\nname = \"a\"\nwhere = 3\n",
        "config.toml:3: alert 'a': unknown key 'where'; an alert takes"
      ),
      ("[[alert]]\nnear = \"home\"\n", "config.toml:1: alert: has no name"),
      ("[[alert]]\nname = \"  \"\n", "config.toml:2: alert: the name is empty"),
      ("[[alert]]\nname = 3\n", "config.toml:2: alert: name must be a string, not an integer"),
      (
        "[[alert]]\nname = \"a\"\n\n[[alert]]\nname = \"a\"\n",
        "config.toml:5: alert 'a' is named twice (first on line 2)"
      ),
      (
        "[[alert]]\nname = \"a\"\nnear = \"hom\"\n",
        "config.toml:3: alert 'a': near 'hom' is no place and not LAT,LON[,KM] or bbox:W,S,E,N (did you mean 'home'?); places: coast, home"
      ),
      (
        "[[alert]]\nname = \"a\"\nnear = \"95,10\"\n",
        "config.toml:3: alert 'a': near: latitude 95 is outside -90...90"
      ),
      (
        "[[alert]]\nname = \"a\"\nnear = \"bbox:1,2,3\"\n",
        "config.toml:3: alert 'a': near: '1,2,3' is not MINLON,MINLAT,MAXLON,MAXLAT"
      ),
      (
        "[[alert]]\nname = \"a\"\nmin-magnitude = \"1000\"\n",
        "config.toml:3: alert 'a': min-magnitude must be a number, not a string"
      ),
      (
        "[[alert]]\nname = \"a\"\nmin-magnitude = 10\nmax-magnitude = 5\n",
        "config.toml:4: alert 'a': max-magnitude 5.0 is below min-magnitude 10.0"
      ),
      (
        "[[alert]]\nname = \"a\"\nchanges = [\"new\", \"closd\"]\n",
        "config.toml:3: alert 'a': unknown change 'closd' (did you mean 'closed'?); one of new, updated, closed"
      ),
      ("[[alert]]\nname = \"a\"\nchanges = []\n", "config.toml:3: alert 'a': changes is empty"),
      (
        "[[alert]]\nname = \"a\"\ncategories = [1]\n",
        "config.toml:3: alert 'a': categories must be an array of strings, not one holding an integer"
      ),
      (
        "[[alert]]\nname = \"a\"\nbell = \"yes\"\n",
        "config.toml:3: alert 'a': bell must be true or false, not a string"
      ),
      (
        "[[alert]]\nname = \"a\"\nnotify = 1\n",
        "config.toml:3: alert 'a': notify must be true or false, not an integer"
      ),
      (
        "[[alert]]\nname = \"a\"\nexec = \"page-me --urgent\"\n",
        "config.toml:3: alert 'a': exec must be an array of strings, not a string"
      ),
      ("[[alert]]\nname = \"a\"\nexec = []\n", "config.toml:3: alert 'a': exec needs a program"),
    ])
  func mistakes(text: String, message: String) throws {
    let said = try failure(text)
    #expect(said.hasPrefix(message), "\(said)")
    #expect(!said.contains("\n"), "one line: \(said)")
  }

  @Test("without places, a name that is no place says that none are defined")
  func noPlaces() throws {
    let tables = try tables("[[alert]]\nname = \"a\"\nnear = \"home\"\n")
    do {
      _ = try AlertRules.parse(tables, places: [:], file: "my.toml")
      Issue.record("no error")
    } catch {
      #expect(
        error.description
          == "my.toml:3: alert 'a': near 'home' is no place and not LAT,LON[,KM] or bbox:W,S,E,N; no places are defined ([places])"
      )
    }
  }

  @Test("EventScope's categories and magnitude bounds count in contains and in hasSameFilters")
  func scopeFilters() {
    var scope = EventScope(days: 10)
    let fire = event(magnitude: 700)
    #expect(scope.containsIgnoringWindow(fire))
    var other = scope
    other.categories = ["volcanoes"]
    #expect(!other.containsIgnoringWindow(fire))
    #expect(!scope.hasSameFilters(as: other))
    other.categories = ["volcanoes", "wildfires"]
    #expect(other.containsIgnoringWindow(fire))
    scope.minimumMagnitude = 700
    #expect(scope.containsIgnoringWindow(fire))
    scope.maximumMagnitude = 699
    #expect(!scope.containsIgnoringWindow(fire))
    #expect(!scope.hasSameFilters(as: EventScope(days: 10)))
  }

  @Test("a change's progress is for that event, kind and fingerprint only")
  func progress() throws {
    let fire = event(magnitude: 700)
    var progress = ActionProgress(fire, change: .new)
    #expect(progress.isFor(fire, change: .new))
    #expect(!progress.isFor(fire, change: .updated))
    #expect(!progress.isFor(event(magnitude: 800), change: .new), "the event changed again")
    #expect(!progress.isFor(event("EONET_2", magnitude: 700), change: .new))
    progress.done.append("alert:a:exec")
    #expect(progress.hasDone("alert:a:exec") && !progress.hasDone("exec"))
    let data = try JSONEncoder().encode(progress)
    #expect(try JSONDecoder().decode(ActionProgress.self, from: data) == progress)
  }
  @Test("the declared keys are the ones a table may have: each is read by its declared type and applied")
  func declaredKeys() throws {
    let declared = AlertRules.keyDeclarations
    #expect(Set(declared.map(\.name)).count == declared.count, "one declaration per key")
    #expect(AlertRules.keys == declared.map(\.name))
    #expect(declared.allSatisfy { !$0.meaning.isEmpty })
    // A value of the wrong type is refused with the declared type's phrase, for every key but the
    // name (which labels the messages).
    for key in declared where key.name != "name" {
      let wrong = key.type == .boolean ? "3" : "true"
      let message = try failure("[[alert]]\nname = \"a\"\n\(key.name) = \(wrong)\n")
      #expect(
        message.hasPrefix("config.toml:3: alert 'a': \(key.name) must be \(key.type.phrase)"), "\(message)")
    }
    // Every key applied: a table with all of them is a rule with each part set.
    let rule = try #require(
      try parse(
        """
        [[alert]]
        name = " fires "
        near = "home"
        categories = "wildfires"
        min-magnitude = 10
        max-magnitude = 20.5
        changes = ["new", "closed"]
        bell = true
        notify = true
        exec = ["/bin/echo", "x"]
        """
      ).rules.first)
    #expect(rule.name == "fires")
    #expect(rule.place == "home" && rule.scope.region == Self.places["home"])
    #expect(rule.scope.categories == ["wildfires"])
    #expect(rule.scope.minimumMagnitude == 10 && rule.scope.maximumMagnitude == 20.5)
    #expect(rule.changes == [.new, .closed])
    #expect(rule.bell && rule.notify)
    #expect(rule.exec == ["/bin/echo", "x"])
    #expect(
      try failure("[[alert]]\nname = \"a\"\nexec = \"/bin/echo\"\n").contains(
        "exec must be an array of strings"))
    #expect(
      try failure("[[alert]]\nname = \"a\"\nbel = true\n").hasSuffix(
        "an alert takes \(declared.map(\.name).joined(separator: ", "))"))
  }
}
