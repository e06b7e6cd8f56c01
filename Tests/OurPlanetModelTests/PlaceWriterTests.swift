import Foundation
import Testing

@testable import OurPlanetModel

/// Saving a place into the user's config file: one line added, the rest of the file as it was.
@Suite("Place writer")
struct PlaceWriterTests {
  private let lake = Region.box(minLongitude: -120.5, minLatitude: 38, maxLongitude: -119.25, maxLatitude: 39)

  @Test("the new place goes after the last entry of [places]; comments, order and other tables stay")
  func insertsUnderPlaces() throws {
    let text = """
      # my settings
      days = 30   # a month

      [places]   # where I look
      # home first
      home = "29.76,-95.37,300"
      coast = "bbox:-98,25,-88,31"

      # keys below
      [keys]
      quit = "Q"
      """
    let edited = try PlaceWriter.adding(name: "lake", value: "bbox:-120.5,38,-119.25,39", to: text)
    var lines = text.components(separatedBy: "\n")
    lines.insert("lake = \"bbox:-120.5,38,-119.25,39\"", at: 7)
    #expect(edited.text == lines.joined(separator: "\n"))
    #expect(edited.line == 8)
    let configuration = try Configuration.parse(edited.text, file: "config.toml", optionKeys: ["days"])
    #expect(configuration.places.map(\.name) == ["home", "coast", "lake"])
    #expect(configuration.place(named: "lake")?.region == lake)
    #expect(configuration.place(named: "lake")?.line == 8)
  }

  @Test("without [places], a new table at the end; an empty file gets just that")
  func createsTheTable() throws {
    #expect(
      try PlaceWriter.adding(name: "lake", value: "1,2,3", to: "days = 3\n# end").text
        == "days = 3\n# end\n\n[places]\nlake = \"1,2,3\"\n")
    #expect(
      try PlaceWriter.adding(name: "lake", value: "1,2,3", to: "").text == "[places]\nlake = \"1,2,3\"\n")
    #expect(
      try PlaceWriter.adding(name: "lake", value: "1,2,3", to: "days = 3\r\n").text
        == "days = 3\r\n\r\n[places]\r\nlake = \"1,2,3\"\r\n")
    #expect(
      try PlaceWriter.adding(name: "lake", value: "1,2,3", to: "[places]\nhome = \"4,5\"\n").text
        == "[places]\nhome = \"4,5\"\nlake = \"1,2,3\"\n")
  }

  @Test("a taken name, a bad name, places it cannot safely add to, a file that does not parse: refused")
  func refusals() {
    func refusal(_ name: String, _ text: String) -> String? {
      do {
        _ = try PlaceWriter.adding(name: name, value: "1,2", to: text)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      refusal("home", "days = 1\n[places]\nhome = \"4,5\"\n")
        == "config.toml:3: a place called 'home' is there already: pick another name")
    #expect(
      refusal("9lives", "")
        == "config.toml: '9lives' is no place name: letters, digits, '-' and '_', starting with a letter")
    #expect(
      refusal("lake", "places = { home = \"4,5\" }\n")
        == "config.toml:1: the places are not a [places] table (line 1): add lake = \"1,2\" yourself")
    #expect(refusal("lake", "days = [\n")?.hasPrefix("config.toml:1: does not parse") == true)
  }

  @Test("saving keeps the file's mode, writes through a symbolic link, and leaves the file alone on failure")
  func saves() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-places-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let dotfiles = folder.appendingPathComponent("dotfiles")
    let config = folder.appendingPathComponent("config/ourplanet")
    try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let real = dotfiles.appendingPathComponent("ourplanet.toml")
    try Data("# mine\n[places]\nhome = \"4,5\"\n".utf8).write(to: real)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: real.path)
    let link = config.appendingPathComponent("config.toml")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

    let place = try PlaceWriter.save(name: "lake", region: lake, to: link.path)
    #expect(place.name == "lake" && place.region == lake && place.line == 4)
    #expect(
      try String(contentsOf: real, encoding: .utf8)
        == "# mine\n[places]\nhome = \"4,5\"\nlake = \"bbox:-120.5,38,-119.25,39\"\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
    #expect(mode == 0o644)

    // A name taken since the prompt opened (another instance saved it) is refused under the lock.
    #expect(throws: ConfigurationError.self) {
      try PlaceWriter.save(name: "lake", region: lake, to: link.path)
    }
    // A folder that cannot be written: an error, and the file as it was.
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: dotfiles.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dotfiles.path) }
    if getuid() != 0 {
      #expect(throws: ConfigurationError.self) {
        try PlaceWriter.save(name: "river", region: lake, to: link.path)
      }
      #expect(
        try String(contentsOf: real, encoding: .utf8).hasSuffix("lake = \"bbox:-120.5,38,-119.25,39\"\n"))
    }
    // No config file yet: it is made, with its folder.
    let fresh = folder.appendingPathComponent("new/ourplanet/config.toml")
    _ = try PlaceWriter.save(name: "lake", region: lake, to: fresh.path)
    #expect(
      try String(contentsOf: fresh, encoding: .utf8) == "[places]\nlake = \"bbox:-120.5,38,-119.25,39\"\n")
  }
}
