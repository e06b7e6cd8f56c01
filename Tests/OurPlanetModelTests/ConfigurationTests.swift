import EONETKit
import Foundation
import Testing

@testable import OurPlanetModel

@Suite struct ConfigurationTests {
  private let optionKeys = ["days", "sort", "refresh-interval", "near", "bbox", "exec"]

  /// The error `text` is refused with, or `nil` when it is a valid config.
  private func refusal(_ text: String) -> ConfigurationError? {
    do {
      _ = try Configuration.parse(text, file: "config.toml", optionKeys: optionKeys)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsSettingsPlacesKeysAndAlertsWithTheirLines() throws {
    let configuration = try Configuration.parse(
      ConfigExample.text, file: "config.toml", optionKeys: optionKeys + ["theme"])
    #expect(
      configuration.settings == [
        .init(key: "days", value: .integer(30), line: 1),
        .init(key: "sort", value: .string("magnitude"), line: 2),
        .init(key: "refresh-interval", value: .string("5m"), line: 3),
        .init(key: "theme", value: .string("light"), line: 4),
      ])
    #expect(
      configuration.places == [
        .init(
          name: "home",
          region: .near(EOCoordinate(longitude: -95.37, latitude: 29.76), radiusKilometres: 300),
          text: "29.76,-95.37,300", line: 6),
        .init(
          name: "coast", region: .box(minLongitude: -98, minLatitude: 25, maxLongitude: -88, maxLatitude: 31),
          text: "bbox:-98,25,-88,31", line: 7),
      ])
    #expect(
      configuration.keys == [
        .init(action: "quit", keys: ["Q"], line: 9), .init(action: "refresh", keys: ["r", "F5"], line: 10),
      ])
    #expect(configuration.alerts.map { $0["name"] } == [.string("fires near home"), .string("storms")])
    #expect(configuration.alerts.map(\.line) == [11, 21])
    #expect(configuration.place(named: "coast")?.line == 7)
    #expect(configuration.place(named: "Home") == nil)
    #expect(configuration.setting("sort")?.value == .string("magnitude"))
    #expect(configuration.file == "config.toml")
  }

  @Test func anEmptyFileSetsNothing() throws {
    let configuration = try Configuration.parse("# nothing yet\n", file: "c.toml", optionKeys: optionKeys)
    #expect(configuration == Configuration(file: "c.toml"))
  }

  @Test(
    "each mistake names its line",
    arguments: [
      ("days = 30\ndayz = 3\n", 2, "unknown key 'dayz' (did you mean 'days'?)"),
      ("days = 30\n[place]\nhome = \"1,2\"\n", 2, "unknown section 'place' (did you mean 'places'?)"),
      ("colour = 3\n", 1, "unknown key 'colour'"),
      ("places = \"home\"\n", 1, "'places' is a section: write [places] and its entries below it"),
      ("keys = 1\n", 1, "'keys' is a section: write [keys] and its entries below it"),
      ("\n[alert]\nname = \"x\"\n", 2, "'alert' is a list of rules: write each as [[alert]]"),
      (
        "[places]\nhome = 3\n", 2,
        "place 'home': expected a string \"LAT,LON[,KM]\" or \"bbox:W,S,E,N\", found an integer"
      ),
      ("[places]\n\nhome = \"91,0\"\n", 3, "place 'home': --near: latitude 91 is outside -90...90"),
      (
        "[places]\nbox = \"bbox:1,2,3\"\n", 2,
        "place 'box': --bbox: '1,2,3' is not MINLON,MINLAT,MAXLON,MAXLAT (numbers in degrees)"
      ),
      (
        "[places]\n\"9lives\" = \"1,2\"\n", 2,
        "place '9lives': a name is letters, digits, '-' and '_', starting with a letter"
      ),
      (
        "[keys]\nquit = 3\n", 2,
        "keys: 'quit': expected a key name or a list of them (\"Q\", [\"r\", \"F5\"]), found an integer"
      ),
      (
        "[keys]\nquit = [\"q\", 1]\n", 2,
        "keys: 'quit': expected a key name or a list of them (\"Q\", [\"r\", \"F5\"]), found an array"
      ),
      ("[keys]\nquit = []\n", 2, "keys: 'quit': give at least one key"),
      ("days = 1\ndays = 2\n", 2, "'days' is set twice"),
    ])
  func mistakes(text: String, line: Int, message: String) throws {
    let error = try #require(refusal(text))
    #expect(error.line == line)
    #expect(error.description.hasPrefix("config.toml:\(line): "))
    #expect(error.message == message)
  }

  @Test func readingAMissingFileIsFineOnlyWhenAsked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID()).toml").path
    #expect(try Configuration.read(path: path, optionKeys: optionKeys, missingIsFine: true) == nil)
    #expect(throws: ConfigurationError(file: path, line: nil, message: "no such file")) {
      try Configuration.read(path: path, optionKeys: optionKeys, missingIsFine: false)
    }
    let folder = FileManager.default.temporaryDirectory.path
    #expect(throws: ConfigurationError(file: folder, line: nil, message: "is a folder, not a file")) {
      try Configuration.read(path: folder, optionKeys: optionKeys, missingIsFine: true)
    }
  }

  @Test func aPlaceNameCannotBeMistakenForCoordinates() throws {
    #expect(Configuration.Place.isName("home"))
    #expect(Configuration.Place.isName("gulf-coast_2"))
    #expect(!Configuration.Place.isName("30,-97"))
    #expect(!Configuration.Place.isName("-97"))
    #expect(!Configuration.Place.isName(""))
    #expect(!Configuration.Place.isName("a b"))
    #expect(
      try Configuration.Place.region(parsing: "BBOX:170,-50,-170,-10")
        == .box(minLongitude: 170, minLatitude: -50, maxLongitude: -170, maxLatitude: -10))
  }
}
