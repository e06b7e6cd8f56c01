import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// Issue 38: screens a daily user trusts: keys that do what they say, words that fit.
@Suite("Screens a daily user trusts")
struct DailyUseTests {
  /// The standard three categories, Wildfires open (the last row).
  private func wildfires(size: Size = Size(width: 100, height: 30), options: AppOptions = AppOptions())
    -> ShellHarness
  {
    let app = ShellHarness(size: size, options: options) { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    return app
  }

  private func sliderLabel(_ app: ShellHarness) -> String {
    app.lines.first { $0.hasPrefix("Last ") }.map { String($0.prefix(13)) } ?? ""
  }

  // MARK: - Keys

  @Test("item 1: → and ← on the events screen move the days filter; → opens nothing")
  func rightArrowAddsADay() {
    let app = wildfires()
    #expect(sliderLabel(app).hasPrefix("Last 30 days"), "\(app.screen)")
    app.press(.right, .right)
    #expect(sliderLabel(app).hasPrefix("Last 32 days"), "\(app.screen)")
    #expect(app.shell.screen is EventsScreen, "→ opened an event:\n\(app.screen)")
    app.press(.left)
    #expect(sliderLabel(app).hasPrefix("Last 31 days"), "\(app.screen)")
    // The help lists → with the days, not with open.
    let help = app.shell.helpBindings()
    #expect(help.first { $0.command == .days }?.keys.contains(.right) == true)
    #expect(help.first { $0.command == .open }?.keys.contains(.right) != true)
  }

  @Test("item 2: the pane that has the keys is marked: the map's tag, the list's selection underlined")
  func focusIsShown() throws {
    let app = wildfires(size: Size(width: 100, height: 40))
    app.press(.char("m"))
    let selectedRow = try #require(app.lines.firstIndex { $0.contains("Rim Fire") }, "\(app.screen)")
    func selectionStyle() -> Style { app.buffer[10, selectedRow].style }
    #expect(!app.screen.contains(MapPane.focusTag), "the list has the keys:\n\(app.screen)")
    #expect(selectionStyle().attributes.contains(.reverse) || selectionStyle() == app.host.theme.selection)
    let listFocused = selectionStyle()
    app.press(.tab)
    #expect(app.screen.contains(MapPane.focusTag), "the map has the keys:\n\(app.screen)")
    #expect(selectionStyle() != listFocused, "the list's selection looks the same without the keys")
    #expect(selectionStyle().attributes.contains(.underline))
    app.press(.tab)
    #expect(!app.screen.contains(MapPane.focusTag), "\(app.screen)")
    #expect(selectionStyle() == listFocused)
  }

  @Test(
    "item 3: a key that does nothing where it is pressed says why",
    arguments: [Key.escape, .char("["), .char("o"), .char("J"), .char("y"), .char("e")])
  func idleKeysSaySo(key: Key) {
    let app = ShellHarness { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    let before = app.statusLine
    app.press(key)
    #expect(app.statusLine != before, "\(key) said nothing: \(app.statusLine)")
    #expect(app.statusLine.contains(KeyCommand.name(of: key)), "\(app.statusLine)")
    #expect(app.shell.screen is CategoriesScreen)
  }

  @Test("item 3: o on an events row says it opens links from the detail")
  func linkKeyOnTheList() {
    let app = wildfires()
    app.press(.char("o"))
    #expect(app.statusLine.contains("o does nothing on the events list"), "\(app.statusLine)")
    #expect(app.statusLine.contains("in the detail"), "\(app.statusLine)")
  }

  @Test("item 4: an answer expires after 8 seconds, and ! lists it whole with the messages")
  func answersExpireAndAreKept() {
    let app = wildfires(size: Size(width: 60, height: 30))
    let idle = app.statusLine
    app.press(.char("s"))
    #expect(app.statusLine.contains("Sorted"), "\(app.statusLine)")
    app.advance(to: app.scheduler.clock + 3)
    #expect(app.statusLine.contains("Sorted"), "\(app.statusLine)")
    app.advance(to: app.scheduler.clock + 6)
    #expect(!app.statusLine.contains("Sorted"), "the answer never expired: \(app.statusLine)")
    #expect(app.statusLine.hasPrefix(String(idle.prefix(10))), "\(app.statusLine)")
    app.press(.char("!"))
    #expect(app.screen.contains("Sorted "), "! lists the answers:\n\(app.screen)")
    #expect(!app.screen.contains("No messages"), "\(app.screen)")
  }

  @Test("item 8: a written export is a note: not an error, not an unread message")
  func exportIsNoError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-daily-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = ShellHarness(exportDirectory: folder) { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    app.press(.char("E"))
    app.advance(to: app.scheduler.clock + 2)
    #expect(app.statusLine.contains("Wrote 2 events"), "\(app.statusLine)")
    #expect(!app.statusLine.hasPrefix("!"), "shown as an error: \(app.statusLine)")
    #expect(!app.statusLine.contains("unread"), "\(app.statusLine)")
    let y = app.lines.count - 1
    #expect(app.buffer[2, y].style != app.host.theme.error)
  }

  // MARK: - Words and layout

  @Test("item 6: a narrow header drops words, never the data's date or the window", arguments: [60, 80, 100])
  func headerKeepsTheDate(width: Int) {
    let app = ShellHarness.offline(width: width)
    let shown = Formatting.minute(Fixture.reference.addingTimeInterval(-3_600))
    #expect(app.header.contains(shown), "the data's date: \(app.header)")
    #expect(app.header.contains("last 30 days"), "the window: \(app.header)")
    #expect(!app.header.contains("…"), "cut: \(app.header)")
  }

  @Test("item 6: with three filters the events header keeps the count, the window and the order")
  func headerKeepsTheOrder() {
    var options = AppOptions()
    options.filters = ScopeFilters(
      status: .open, minimumMagnitude: 100, magnitudeUnit: "acres", sources: ["SRC", "IRWIN"])
    let app = wildfires(size: Size(width: 70, height: 30), options: options)
    app.press(.char("s"))
    #expect(app.header.contains("last 30 days"), "\(app.header)")
    #expect(app.header.hasSuffix(EventSort.magnitude.label), "\(app.header)")
    #expect(!app.header.contains("…"), "cut: \(app.header)")
  }

  @Test(
    "item 7: the events screen says where its data comes from when it is not live, for as long as it shows")
  func eventsScreenSaysOffline() {
    let app = ShellHarness.offline(width: 100)
    app.press(.char("G"), .enter)
    app.advance(to: app.scheduler.clock + 3_600)
    #expect(app.screen.contains("Offline since"), "\(app.screen)")
  }

  /// Item 7 (round 2): offline on the snapshot or the cache (`--offline`), the events screen keeps
  /// saying so once the status line's messages have expired, at 80×24 and 100×30.
  @Test(
    "item 7: offline on the snapshot or the cache, the events screen says so after the messages expire",
    arguments: [EODataSource.snapshot, .cache], [Size(width: 80, height: 24), Size(width: 100, height: 30)])
  func eventsScreenSaysStoredData(source: EODataSource, size: Size) throws {
    let stored = Catalog(items: [
      CategoryItem(
        category: Fixture.fires, events: [Fixture.event("old", daysAgo: 2, title: "Stored Fire")],
        fetchedAt: Fixture.reference.addingTimeInterval(-3_600), source: source, state: .stored)
    ])
    let app = ShellHarness(size: size, options: AppOptions(offline: true)) { scheduler in
      let feed = ScreenTests().standardFeed(scheduler)
      feed.storedCatalog = stored
      return feed
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    #expect(app.screen.contains("Stored Fire"), "\(app.screen)")
    app.advance(to: app.scheduler.clock + 3_600)
    let words = source == .snapshot ? "offline snapshot" : "cached data"
    let body = app.lines.dropFirst().dropLast()
    let line = try #require(body.first { $0.lowercased().contains(words) }, "\(size): \(app.screen)")
    #expect(line.contains(Formatting.minute(Fixture.reference.addingTimeInterval(-3_600))), "\(line)")
  }

  @Test("item 9: an empty list names the filters that hide its events and that X clears them")
  func emptyStateNamesTheFilters() {
    let app = wildfires()
    app.press(.char("x"), .char("x"))
    #expect(app.screen.contains("No events in the last 30 days with closed"), "\(app.screen)")
    #expect(app.screen.contains("X clears the filters"), "\(app.screen)")
  }

  @Test("item 10: the list's first row names its columns, and gives way on a short terminal")
  func columnHeader() throws {
    let app = wildfires()
    let header = try #require(app.lines.first { $0.contains("title") }, "\(app.screen)")
    #expect(header.hasSuffix("magnitude   last date"), "\(header)")
    let rimFire = try #require(app.lines.first { $0.contains("Rim Fire") })
    #expect(rimFire.count == header.count, "the date column under its name:\n\(header)\n\(rimFire)")
    let short = wildfires(size: Size(width: 100, height: 8))
    #expect(!short.screen.contains("last date"), "\(short.screen)")
  }

  @Test("item 5: the help is grouped, and at 40 columns each text reads whole under its keys")
  func helpIsGrouped() throws {
    let app = wildfires()
    app.press(.char("?"))
    let lines = app.lines
    #expect(lines.contains { $0.contains("Navigate") }, "the first heading")
    let entries = app.shell.helpEntries()
    let navigate = try #require(entries.firstIndex { $0.isHeading && $0.keys == "Navigate" })
    let appHeading = try #require(entries.firstIndex { $0.isHeading && $0.keys == "App" })
    let quit = try #require(entries.firstIndex { $0.action == "quit" })
    #expect(navigate < appHeading && appHeading < quit, "q is listed with the app's keys, last")
    let narrow = wildfires(size: Size(width: 40, height: 15))
    narrow.press(.char("?"))
    let moveText = try #require(narrow.lines.first { $0.contains("move the selection") })
    // Under its keys, not in a strip right of them.
    let column = moveText.distance(
      from: moveText.startIndex, to: moveText.range(of: "move the selection")!.lowerBound)
    #expect(column < 10, "at column \(column)")
  }

  // MARK: - The map

  @Test("item 13: c on the whole world says it zooms; the legend names the categories' colours")
  func centreOnTheWorldSaysSo() {
    let app = wildfires(size: Size(width: 100, height: 40))
    app.press(.char("m"), .tab)
    // Out to the whole world, then c.
    for _ in 0..<8 { app.press(.char("-")) }
    app.press(.char("c"))
    #expect(app.statusLine.contains("Zoomed in 4×"), "\(app.statusLine)")
    #expect(app.screen.contains("● Fire"), "\(app.screen)")
  }

  @Test("item 13: a single-point event's detail map shows the land around it, not the closest zoom")
  func singlePointHasContext() throws {
    let app = wildfires(size: Size(width: 100, height: 40))
    app.press(.enter, .char("m"))
    let caption = try #require(app.lines.first { $0.contains("× · ") }, "\(app.screen)")
    let zoom = Int(caption.prefix { $0.isNumber }) ?? 0
    #expect((1...16).contains(zoom), "\(caption)")
  }

  @Test("item 13: the --near circle is drawn on the map")
  func nearCircleIsDrawn() {
    func braille(_ app: ShellHarness) -> Int {
      let buffer = app.buffer
      var count = 0
      for y in 0..<app.size.height {
        for x in 0..<app.size.width {
          let cell = buffer[x, y]
          if cell.style == app.host.theme[.accent], let scalar = cell.character.unicodeScalars.first,
            (0x2801...0x28FF).contains(scalar.value)
          {
            count += 1
          }
        }
      }
      return count
    }
    var options = AppOptions()
    options.region = .near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 800)
    let near = wildfires(size: Size(width: 100, height: 40), options: options)
    near.press(.char("m"))
    let plain = wildfires(size: Size(width: 100, height: 40))
    plain.press(.char("m"))
    let drawn = braille(near)
    let undrawn = braille(plain)
    #expect(drawn > 10, "the circle's dots: \(drawn)")
    #expect(undrawn == 0, "dots without a region: \(undrawn)")
  }

  // MARK: - Exports and search

  @Test("item 17: with --near the UI's exports carry distance_km and bearing, as the CLI's do")
  func exportsMeasureFromNear() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-daily-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = AppOptions()
    options.region = .near(EOCoordinate(longitude: -101, latitude: 40), radiusKilometres: 800)
    let app = ShellHarness(options: options, exportDirectory: folder) { ScreenTests().standardFeed($0) }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("E"), .char("e"))
    app.advance(to: app.scheduler.clock + 2)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let csv = try #require(files.first { $0.hasSuffix(".csv") }, "\(files)")
    let geojson = try #require(files.first { $0.hasSuffix(".geojson") }, "\(files)")
    let table = try String(contentsOf: folder.appendingPathComponent(csv), encoding: .utf8)
    let header = try #require(table.split(separator: "\r\n").first)
    #expect(header.contains("distance_km") && header.contains("bearing"), "\(header)")
    let geo = try String(contentsOf: folder.appendingPathComponent(geojson), encoding: .utf8)
    #expect(geo.contains("\"distance_km\"") && geo.contains("\"bearing\""), "\(geo)")
  }

  @Test("item 18: the search finds a description's words too, and the row says where it matched")
  func searchLooksInDescriptions() throws {
    let events = [
      Fixture.event("a", daysAgo: 1, title: "Creek Fire", description: "Burning near Yosemite Valley"),
      Fixture.event("b", daysAgo: 2, title: "Yosemite Fire"),
      Fixture.event("c", daysAgo: 3, title: "Other Fire"),
    ]
    let app = ShellHarness { scheduler in
      ScreenTests().standardFeed(scheduler, fires: [.next(20, events), .completed(20)])
    }
    app.advance(to: 100)
    app.press(.char("G"), .enter, .char("/"))
    app.type("yosemite")
    let creek = try #require(app.lines.first { $0.contains("Creek Fire") }, "\(app.screen)")
    #expect(creek.contains("(in its description)"), "\(creek)")
    let titled = try #require(app.lines.first { $0.contains("Yosemite Fire") }, "\(app.screen)")
    #expect(!titled.contains("(in its description)"), "\(titled)")
    #expect(!app.screen.contains("Other Fire"), "\(app.screen)")
  }

  // MARK: - Small things

  @Test("item 13: a view across the antimeridian says how wide it is, not the gap between its edges")
  func wrappedViewLabel() {
    let wrapped = Region.box(minLongitude: -85.29, minLatitude: -60, maxLongitude: -99.14, maxLatitude: 70)
    #expect(wrapped.label.contains("85.29°W east across 180° to 99.14°W (346° wide)"), "\(wrapped.label)")
    let plain = Region.box(minLongitude: 10, minLatitude: -10, maxLongitude: 20, maxLatitude: 10)
    #expect(plain.label == "in 10.00°E–20.00°E, 10.00°S–10.00°N")
  }

  @Test("item 15: a named box is 'in' its place, a point's circle 'near' it")
  func placeWords() {
    let box = Region.box(minLongitude: -125, minLatitude: 30, maxLongitude: -100, maxLatitude: 49)
    let near = Region.near(EOCoordinate(longitude: -100, latitude: 40), radiusKilometres: 100)
    #expect(
      ScopeSummary.filterParts(of: EventScope(days: 1, region: box), placeName: "westus") == ["in westus"])
    #expect(
      ScopeSummary.filterParts(of: EventScope(days: 1, region: near), placeName: "home") == ["near home"])
  }
}
