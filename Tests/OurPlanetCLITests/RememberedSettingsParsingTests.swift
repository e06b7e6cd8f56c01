import Foundation
import Testing

@testable import OurPlanetCLI
@testable import OurPlanetModel

/// What the terminal UI remembered, under the command line, the environment and the config file.
@Suite("Remembered settings parsing")
struct RememberedSettingsParsingTests {
  /// Options for the UI (`arguments`) under a config holding `config` and a remembered-settings
  /// file holding `remembered`.
  private func parseRemembering(_ remembered: String, config: String, _ arguments: [String]) throws
    -> (options: Options, path: String)
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-state-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("remembered.json")
    try Data(remembered.utf8).write(to: state)
    let configFile = folder.appendingPathComponent("config.toml")
    try Data(config.utf8).write(to: configFile)
    let options = try CommandLineParser(
      environment: [:], defaultConfigurationPath: configFile.path, rememberedSettingsPath: state.path
    ).parse(arguments)
    return (options, state.path)
  }

  @Test("what the UI remembered comes after the config file and before the defaults; --fresh skips it")
  func rememberedSettings() throws {
    let remembered = #"{"days": 12, "sort": "title", "region": "home", "category": "wildfires", "map": true}"#
    let places = "[places]\nhome = \"29.76,-95.37,300\"\n"
    let (options, path) = try parseRemembering(remembered, config: places, [])
    #expect(options.days == 12)
    #expect(options.sort == .title)
    #expect(options.region == .near(.init(longitude: -95.37, latitude: 29.76), radiusKilometres: 300))
    #expect(options.regionText == Options.RegionText(text: "home", box: false))
    #expect(options.origins["days"] == .remembered(path))
    #expect(options.origins["near"] == .remembered(path))
    #expect(options.remembered.category == "wildfires")
    #expect(options.rememberedProblems.isEmpty)
    // The config file beats it, and the command line beats both.
    let (configured, _) = try parseRemembering(
      remembered, config: "days = 30\nbbox = \"1,2,3,4\"\n" + places, ["--sort", "date"])
    #expect(configured.days == 30)
    #expect(configured.sort == .date)
    #expect(configured.region == .box(minLongitude: 1, minLatitude: 2, maxLongitude: 3, maxLatitude: 4))
    #expect(configured.origins["sort"] == .commandLine("--sort"))
    // --fresh: the defaults, though the file is still read (this run's changes are written over it).
    let (fresh, _) = try parseRemembering(remembered, config: places, ["--fresh"])
    #expect(fresh.days == Options.defaultDays)
    #expect(fresh.sort == .date)
    #expect(fresh.region == nil)
    #expect(fresh.origins["days"] == nil)
    #expect(fresh.remembered.days == 12)
    // A place the config no longer names, and nearest first without a point, are left out, said.
    let (lost, _) = try parseRemembering(
      #"{"region": "home", "sort": "distance", "days": 3}"#, config: "", [])
    #expect(lost.region == nil)
    #expect(lost.sort == .date)
    #expect(lost.days == 3)
    #expect(
      lost.rememberedProblems == [
        "the remembered region 'home' is no place of the config any more: showing the whole world"
      ])
    // Commands other than the UI and config never read it.
    let (events, _) = try parseRemembering(remembered, config: places, ["events", "wildfires"])
    #expect(events.days == Options.defaultDays)
    #expect(events.rememberedFile == nil)
    // `ourplanet config` shows it, with the file as the origin.
    let (shown, statePath) = try parseRemembering(remembered, config: places, ["config"])
    let listing = ConfigCommand.text(shown)
    #expect(listing.contains("days = 12"), "\(listing)")
    #expect(
      listing.split(separator: "\n").contains { $0.hasPrefix("days = 12") && $0.hasSuffix("# \(statePath)") },
      "\(listing)")
  }
}
