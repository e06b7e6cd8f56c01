import EONETKit
import OurPlanetModel
import TerminalUI
import Testing

@testable import OurPlanetUI

/// `p`: the config's places, one of which becomes the region filter.
@Suite("Place picker")
struct PlacePickerTests {
  private let home = Configuration.Place(
    name: "home", region: .near(EOCoordinate(longitude: -95.37, latitude: 29.76), radiusKilometres: 300),
    text: "29.76,-95.37,300", line: 3)
  private let coast = Configuration.Place(
    name: "coast", region: .box(minLongitude: -98, minLatitude: 25, maxLongitude: -88, maxLatitude: 31),
    text: "bbox:-98,25,-88,31", line: 4)

  private func harness(places: [Configuration.Place], keymap: Keymap = .standard) -> ShellHarness {
    var options = AppOptions()
    options.places = places
    let app = ShellHarness(options: options, keymap: keymap) { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    return app
  }

  @Test func choosingAPlaceFiltersByIt() {
    let app = harness(places: [home, coast])
    app.press(.char("p"))
    #expect(app.screen.contains("Places"), "\(app.screen)")
    #expect(app.screen.contains("> home"), "\(app.screen)")
    #expect(app.screen.contains("coast"))
    app.press(.down, .enter)
    #expect(app.shell.context.region.value == coast.region)
    #expect(!app.screen.contains("> coast"), "the picker closed")
    #expect(app.screen.contains("(coast); F clears the region"), "\(app.screen)")
  }

  @Test func escapeChangesNothing() {
    let app = harness(places: [home, coast])
    app.press(.char("p"), .down, .escape)
    #expect(app.shell.context.region.value == nil)
    #expect(!app.screen.contains("> "))
  }

  @Test func withoutPlacesItSaysWhereToNameThem() {
    let app = harness(places: [])
    app.press(.char("p"))
    #expect(app.screen.contains("No places: name some in the config's [places]"), "\(app.screen)")
    #expect(app.shell.context.region.value == nil)
  }

  @Test func aReboundKeyOpensAndClosesIt() throws {
    let keymap = try Keymap(
      configuration: Configuration(keys: [.init(action: "places", keys: ["P"], line: 1)]))
    let app = harness(places: [home], keymap: keymap)
    app.press(.char("p"))
    #expect(!app.screen.contains("> home"))
    app.press(.char("P"))
    #expect(app.screen.contains("> home"))
    app.press(.char("P"))
    #expect(!app.screen.contains("> home"))
  }
}
