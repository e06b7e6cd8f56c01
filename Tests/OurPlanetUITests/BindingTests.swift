import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// The keys as data: what the help lists is what a key press runs, the manual lists every command
/// the screens bind, and the keys with side effects outside the app (export, links) do their work
/// on the injected schedulers.
@Suite("Bindings")
struct BindingTests {
  /// A way to reach a screen from the start, by keys.
  struct Place: CustomStringConvertible {
    let description: String
    let keys: [Key]
  }

  static let places = [
    Place(description: "categories", keys: []),
    Place(description: "events", keys: [.char("G"), .enter]),
    Place(description: "detail", keys: [.char("G"), .enter, .enter]),
    Place(description: "events, map focused", keys: [.char("G"), .enter, .char("m"), .tab]),
    Place(description: "detail, map shown", keys: [.char("G"), .enter, .enter, .char("m")]),
  ]

  func harness(
    at place: Place, exportDirectory: URL? = nil, openLink: LinkOpening? = nil, keymap: Keymap = .standard
  ) -> ShellHarness {
    let app = ShellHarness(
      openLink: openLink ?? { _, completion in completion(nil) }, exportDirectory: exportDirectory,
      keymap: keymap
    ) { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    for key in place.keys { app.press(key) }
    return app
  }

  @Test("every key the help lists runs the command the help says", arguments: places)
  func helpKeysDispatch(place: Place) {
    let listed = harness(at: place).shell.helpBindings()
    #expect(listed.contains { $0.command.name == "quit" })
    for (command, keys) in listed {
      for key in keys {
        let app = harness(at: place)
        app.press(key)
        #expect(app.shell.lastCommand == command.name, "\(place): \(key) should run \(command.name)")
      }
    }
  }

  @Test("the help shows the keys of the screen it opens on")
  func helpShowsTheScreensKeys() {
    let categories = harness(at: Self.places[0])
    categories.press(.char("?"))
    #expect(categories.screen.contains("OurPlanet keys"))
    #expect(!categories.screen.contains("days filter"), "the slider is not on this screen")
    let events = harness(at: Self.places[1])
    events.press(.char("?"))
    #expect(events.screen.contains("days filter −1 / +1"), "\(events.screen)")
  }

  @Test("the manual's key table is exactly the commands the screens bind")
  func manualMatchesBindings() {
    // The terminal's own keys, and the search line's (it takes every key while open).
    var bound = Set(KeyCommand.all.filter(\.isTerminal).map(\.name) + [KeyCommand.clearSearchLine.name])
    for place in Self.places {
      bound.formUnion(harness(at: place).shell.helpBindings().map(\.command.name))
    }
    #expect(bound == Set(KeyCommand.all.map(\.name)))
    #expect(Set(KeyCommand.all.map(\.name)).count == KeyCommand.all.count, "each name once")
  }

  @Test(
    "each screen binds only commands the keymap checks together, so a shared key there is refused",
    arguments: places + [
      Place(description: "detail, map focused", keys: [.char("G"), .enter, .enter, .char("m"), .tab])
    ])
  func screensMatchTheKeymapsGroups(place: Place) {
    let bound = Set(harness(at: place).shell.bindings().map(\.command.name))
    #expect(
      KeyCommand.inForceTogether.contains { bound.isSubset(of: Set($0.map(\.name))) },
      "\(place): \(bound.sorted())")
  }

  @Test("a rebound command answers to its new key, and its old key does nothing")
  func rebinding() {
    let keymap = Keymap(overrides: ["refresh": [.char("R")]])
    #expect(keymap.keys(for: .refresh) == [.char("R")])
    #expect(keymap.keys(for: .quit) == [.char("q")])
  }

  @Test("a rebound command that tells keys apart reads each new key as the one in its place")
  func reboundDirections() {
    let keymap = Keymap(overrides: ["move": [.char("w"), .char("z")], "days": [.char("<"), .char(">")]])
    let app = harness(at: Self.places[1], keymap: keymap)
    app.press(.char("z"))
    #expect(app.statusLine.contains("2/2"), "z moves down as ↓ did: \(app.statusLine)")
    app.press(.char("w"))
    #expect(app.statusLine.contains("1/2"), "w moves up as ↑ did: \(app.statusLine)")
    app.press(.char("<"))
    #expect(app.screen.contains("Last 29 days"), "< is the days filter's −1:\n\(app.screen)")
    app.press(.char(">"), .char(">"))
    #expect(app.screen.contains("Last 31 days"), "> its +1:\n\(app.screen)")
  }

  @Test("the help and message lists scroll with the keys in force, as the lists do")
  func overlaysFollowRebinding() {
    let keymap = Keymap(overrides: ["move": [.char("w"), .char("z")]])
    let app = ShellHarness(size: Size(width: 60, height: 12), keymap: keymap) {
      ScreenTests().standardFeed($0)
    }
    app.advance(to: 100)
    app.press(.char("?"))
    #expect(app.screen.contains("0 above"), "\(app.screen)")
    app.press(.char("j"))
    #expect(app.screen.contains("0 above"), "j is no longer move: \(app.screen)")
    app.press(.char("z"))
    #expect(app.screen.contains("1 above"), "z moves down as ↓ did: \(app.screen)")
    app.press(.char("w"))
    #expect(app.screen.contains("0 above"), "w moves up: \(app.screen)")
  }

  @Test("e and E write the list as shown, GeoJSON and CSV, on the export scheduler")
  func export() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-export-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = harness(at: Self.places[1], exportDirectory: directory)
    app.press(.char("e"), .char("E"))
    app.advance(to: app.scheduler.clock + 2)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files.count == 2, "\(files)")
    let geojson = try #require(files.first { $0.hasSuffix(".geojson") })
    let csv = try #require(files.first { $0.hasSuffix(".csv") })
    let geo = try String(contentsOf: directory.appendingPathComponent(geojson), encoding: .utf8)
    let table = try String(contentsOf: directory.appendingPathComponent(csv), encoding: .utf8)
    for id in ["f1", "f2"] {
      #expect(geo.contains("\"\(id)\""), "\(geo)")
      #expect(table.contains(id), "\(table)")
    }
    #expect(!geo.contains("\"f3\""), "f3 is outside the 30 days shown")
  }

  @Test("o opens the event's first source link, a digit the numbered one")
  func openLink() {
    let opened = LockedURLs()
    let app = harness(
      at: Self.places[2],
      openLink: { url, completion in
        opened.append(url)
        completion(nil)
      })
    app.press(.char("o"))
    #expect(opened.urls == ["https://source.example/f1"])
    #expect(app.statusLine.contains("Opening https://source.example/f1"), "\(app.statusLine)")
  }

  @Test("Esc on a focused map gives the keys back to the list before it leaves the screen")
  func escapeLeavesTheMapFirst() {
    let app = harness(at: Self.places[3])
    app.press(.char("h"))
    #expect(app.shell.lastCommand == "pan", "h pans while the map has the keys")
    app.press(.escape)
    #expect(app.header.hasPrefix("OurPlanet › Wildfires"), "still on the events screen: \(app.header)")
    app.press(.char("j"))
    #expect(app.shell.lastCommand == "move", "the list has the keys again")
    app.press(.escape)
    #expect(!app.header.contains("Wildfires"), "the next Esc goes back: \(app.header)")
  }

  @Test("a screen opens with the keys on its list, even when the map had them")
  func openingStartsOnTheList() {
    let app = harness(at: Self.places[3])
    app.press(.enter)
    #expect(app.header.contains("Rim Fire"), "the detail opened: \(app.header)")
    app.press(.char("j"))
    #expect(app.shell.lastCommand == "move", "j scrolls the detail rather than panning the map")
    app.press(.escape)
    app.press(.char("k"))
    #expect(app.shell.lastCommand == "move", "back on the list, the list has the keys")
  }

  @Test("y copies the selected event's EONET link through the terminal, on the list and the detail")
  func copyLink() {
    let list = harness(at: Self.places[1])
    list.press(.char("j"), .char("y"))
    #expect(list.host.clipboard == ["https://eonet.example/f2"], "the second row's event")
    #expect(list.statusLine.contains("Copied https://eonet.example/f2"), "\(list.statusLine)")
    let detail = harness(at: Self.places[2])
    detail.press(.char("y"))
    #expect(detail.host.clipboard == ["https://eonet.example/f1"])
  }
}

/// The links an opener was asked for (the opener is `@Sendable`).
final class LockedURLs: @unchecked Sendable {
  // `stored` is guarded by `lock`.
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ url: String) { lock.withLock { stored.append(url) } }
  var urls: [String] { lock.withLock { stored } }
}
