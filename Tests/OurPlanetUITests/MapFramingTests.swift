import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import RxTesting
import TerminalUI
import Testing

@testable import OurPlanetUI

/// Issue 27, items 5, 7 and 18: the map frames what the list shows (the region, else the events;
/// the track in the detail), `0` goes back to that, zoom keeps the selection (or the point under the
/// mouse) where it is, the whole globe is reachable, and a legend says what the marks mean.
@Suite("Map framing")
struct MapFramingTests {
  /// The visible window a map caption states: "4× · 26.00°N–35.00°N, 103.00°W–92.00°W".
  struct Window: Equatable {
    var zoom: Double
    var south, north, west, east: Double

    /// Whether a point is inside (across the antimeridian when `west` is east of `east`).
    func contains(longitude: Double, latitude: Double) -> Bool {
      guard latitude >= south, latitude <= north else { return false }
      return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east
    }

    /// Degrees across.
    var width: Double { west <= east ? east - west : east + 360 - west }
  }

  /// The caption on screen, if the map shows one (it does whenever it is zoomed in).
  static func window(_ screen: String) -> Window? {
    guard let line = screen.split(separator: "\n").first(where: { $0.contains("× · ") }) else { return nil }
    // A view across 180° reads "170.00°E east across 180° to 172.00°W": its two edges, as any other.
    let text = String(line[line.range(of: "× · ")!.lowerBound...].dropFirst(4))
      .replacingOccurrences(of: " east across 180° to ", with: "–")
    let zoomText = line[..<line.range(of: "× · ")!.lowerBound].split(separator: " ").last.map(String.init)
    var numbers: [Double] = []
    var signs: [Double] = []
    for part in text.split(whereSeparator: { $0 == "–" || $0 == "," || $0 == " " }) {
      // The caption is drawn over the map's last row: land may follow it on the same line.
      guard let degree = part.firstIndex(of: "°"), let value = Double(part[..<degree]) else { continue }
      let hemisphere = part[part.index(after: degree)...].first
      numbers.append(value)
      signs.append(hemisphere == "S" || hemisphere == "W" ? -1 : 1)
    }
    guard numbers.count == 4, let zoom = zoomText.flatMap(Double.init) else { return nil }
    return Window(
      zoom: zoom, south: numbers[0] * signs[0], north: numbers[1] * signs[1], west: numbers[2] * signs[2],
      east: numbers[3] * signs[3])
  }

  /// Whether a line holds braille (the map's land).
  static func isMapLine(_ line: String) -> Bool {
    line.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } && !line.contains("selected")
  }

  /// Where `glyph` is on the map: from its first row of land down, the legend left out (the list's
  /// rows above it have their own `●` and `○`).
  static func find(_ glyph: Character, in lines: [String]) -> Point? {
    guard let top = lines.firstIndex(where: isMapLine) else { return nil }
    for y in top..<lines.count where !lines[y].contains("selected") {
      if let x = Array(lines[y]).firstIndex(of: glyph) { return Point(x: x, y: y) }
    }
    return nil
  }

  /// An event at one position, or along a track (oldest first), one position a day.
  static func event(
    _ id: String, _ title: String, at positions: [(Double, Double)], category: EOCategory = Fixture.fires,
    closed: Bool = false, daysAgo: Double = 1
  ) -> EOEvent {
    let count = Double(positions.count)
    return EOEvent(
      id: id, title: title, link: "https://eonet.example/\(id)",
      closed: closed ? Fixture.reference.addingTimeInterval(-daysAgo * 86_400) : nil, categories: [category],
      sources: [EOSource(id: "SRC", url: "https://source.example/\(id)")],
      geometries: positions.enumerated().map { index, position in
        EOGeometry(
          date: Fixture.reference.addingTimeInterval(-(daysAgo + count - 1 - Double(index)) * 86_400),
          shape: .point(EOCoordinate(longitude: position.0, latitude: position.1)))
      })
  }

  /// A feed of one category, `events`, with nothing else.
  static func feed(_ scheduler: TestScheduler, _ events: [EOEvent], category: EOCategory = Fixture.fires)
    -> ScriptedFeed
  {
    ScriptedFeed(
      categories: scheduler.createColdObservable([.next(5, [category]), .completed(5)]).asObservable(),
      events: [
        category.id: scheduler.createColdObservable([.next(10, events), .completed(10)]).asObservable()
      ]
    )
  }

  /// Fires around Austin, and one in California.
  static let texas = [
    event("a", "Austin Fire", at: [(-97.74, 30.27)]),
    event("b", "San Antonio Fire", at: [(-98.49, 29.42)], daysAgo: 2),
    event("c", "Dallas Fire", at: [(-96.80, 32.78)], closed: true, daysAgo: 3),
  ]

  /// The app with `events` open in their category (the last row of the categories list).
  static func open(
    _ events: [EOEvent], category: EOCategory = Fixture.fires, size: Size = Size(width: 100, height: 40),
    options: AppOptions = AppOptions()
  ) -> ShellHarness {
    let app = ShellHarness(size: size, options: options) { feed($0, events, category: category) }
    app.advance(to: 100)
    app.press(.char("G"), .enter)
    return app
  }

  @Test("the map opens framed on the events the list shows, with a margin")
  func opensOnTheEvents() throws {
    let app = Self.open(Self.texas)
    app.press(.char("m"))
    let window = try #require(Self.window(app.screen), "the map is zoomed onto Texas:\n\(app.screen)")
    for event in Self.texas {
      let point = try #require(event.latestGeometry?.center)
      #expect(
        window.contains(longitude: point.longitude, latitude: point.latitude), "\(event.title) \(window)")
    }
    #expect(window.width < 45 && window.zoom >= 8, "framed close: \(window)")
    #expect(window.west < -98.49 - 0.5 && window.east > -96.8 + 0.5, "a margin across: \(window)")
  }

  @Test("with --near the map opens framed on the region, and 0 goes back to it after zoom and pan")
  func opensOnTheRegionAndZeroReturns() throws {
    let region = try Region.near(parsing: "30.27,-97.74,500")
    let far = Self.event("z", "Far Fire", at: [(139.7, 35.7)])
    let app = Self.open(Self.texas + [far], options: AppOptions(region: region))
    app.press(.char("m"))
    let framed = try #require(Self.window(app.screen), "zoomed onto the region:\n\(app.screen)")
    // 500 km is 4.5° of latitude either side, and 5.2° of longitude at Austin's latitude.
    #expect(framed.south < 30.27 - 4.5 && framed.north > 30.27 + 4.5, "\(framed)")
    #expect(framed.west < -97.74 - 5.2 && framed.east > -97.74 + 5.2, "\(framed)")
    #expect(framed.width < 60, "\(framed)")
    app.press(.tab, .char("+"), .char("+"), .char("h"), .char("k"))
    let moved = try #require(Self.window(app.screen))
    #expect(moved != framed)
    app.press(.char("0"))
    #expect(Self.window(app.screen) == framed, "0 frames the region again:\n\(app.screen)")
  }

  @Test("+ and - zoom around the selection: its marker stays in view, on the same cell")
  func zoomKeepsTheSelection() throws {
    let world = [
      Self.event("t", "Tokyo Quake", at: [(139.69, 35.69)]),
      Self.event("r", "Reykjavik Eruption", at: [(-21.94, 64.15)], daysAgo: 2),
      Self.event("b", "Buenos Aires Flood", at: [(-58.38, -34.60)], daysAgo: 3),
    ]
    let app = Self.open(world)
    app.press(.char("m"), .char("j"))  // Reykjavik, far from the map's middle
    func selected() -> Point? { Self.find("◉", in: app.lines) }
    let start = try #require(selected(), "the selection's marker:\n\(app.screen)")
    app.press(.tab)
    for step in 1...4 {
      app.press(.char("+"))
      #expect(selected() == start, "after + number \(step):\n\(app.screen)")
    }
    app.press(.char("-"))
    #expect(selected() == start, "after -:\n\(app.screen)")
  }

  @Test("the mouse wheel zooms around the pointer: the marker under it stays under it")
  func wheelZoomsAroundThePointer() throws {
    let world = [
      Self.event("t", "Tokyo Quake", at: [(139.69, 35.69)]),
      Self.event("b", "Buenos Aires Flood", at: [(-58.38, -34.60)], daysAgo: 3),
    ]
    let app = Self.open(world)
    app.press(.char("m"))
    func marker(_ glyph: Character) -> Point? { Self.find(glyph, in: app.lines) }
    // Buenos Aires is not selected: a plain marker. The wheel zooms around the middle of the cell
    // under the pointer, so the marker, somewhere in that cell, stays within a cell of it.
    let start = try #require(marker("●"), "Buenos Aires:\n\(app.screen)")
    app.press(.mouse(MouseEvent(.wheelUp, at: start)))
    let window = try #require(Self.window(app.screen), "zoomed in:\n\(app.screen)")
    #expect(window.zoom == 2)
    let after = try #require(marker("●"), "Buenos Aires after the wheel:\n\(app.screen)")
    #expect(abs(after.x - start.x) <= 1 && abs(after.y - start.y) <= 1, "\(start) → \(after):\n\(app.screen)")
    app.press(.mouse(MouseEvent(.wheelDown, at: after)))
    #expect(Self.window(app.screen) == nil, "the whole world again:\n\(app.screen)")
  }

  @Test("a region across the antimeridian is drawn centred on it, its events side by side")
  func antimeridianRegion() throws {
    let fiji = [
      Self.event("w", "West Fiji Flood", at: [(178.0, -17.7)]),
      Self.event("e", "East Fiji Flood", at: [(-178.5, -17.2)], daysAgo: 2),
    ]
    let region = try Region.box(parsing: "170,-25,-170,-10")
    let app = Self.open(fiji, options: AppOptions(region: region))
    app.press(.char("m"))
    let window = try #require(Self.window(app.screen), "zoomed onto the region:\n\(app.screen)")
    #expect(window.west > 0 && window.east < 0, "the window crosses 180°: \(window)")
    #expect(window.contains(longitude: 170, latitude: -17) && window.contains(longitude: -170, latitude: -17))
    // Both markers (the selected one and the other) are in the middle third of the map, together.
    let top = try #require(app.lines.firstIndex(where: Self.isMapLine), "the map:\n\(app.screen)")
    let columns = app.lines[top...].filter { !$0.contains("selected") }.compactMap { line -> [Int]? in
      let cells = Array(line)
      let found = cells.indices.filter { cells[$0] == "◉" || cells[$0] == "●" }
      return found.isEmpty ? nil : found
    }.flatMap { $0 }
    #expect(columns.count == 2, "two markers:\n\(app.screen)")
    #expect(columns.allSatisfy { (33...66).contains($0) }, "\(columns):\n\(app.screen)")
  }

  @Test("the detail's map opens on the event's track; back on the list, the list's view returns")
  func detailOpensOnTheTrack() throws {
    let track = [(130.0, 10.0), (128.5, 12.0), (127.0, 14.5), (126.0, 17.0), (125.5, 20.0)]
    let storms = [
      Self.event("s", "Typhoon Track", at: track, category: Fixture.storms),
      Self.event("q", "Far Storm", at: [(-60.0, 15.0)], category: Fixture.storms, daysAgo: 3),
    ]
    let app = Self.open(storms, category: Fixture.storms)
    app.press(.char("m"))
    let list = Self.window(app.screen)
    app.press(.enter)
    #expect(app.screen.contains("Typhoon Track"))
    let window = try #require(Self.window(app.screen), "zoomed onto the track:\n\(app.screen)")
    for (longitude, latitude) in track {
      #expect(
        window.contains(longitude: longitude, latitude: latitude), "\(longitude), \(latitude): \(window)")
    }
    #expect(window.zoom >= 4 && window.north - window.south < 40, "\(window)")
    app.press(.escape)
    #expect(Self.window(app.screen) == list, "the list's view again:\n\(app.screen)")
  }

  @Test("c brings an iceberg at 68.89°S into view, and its marker sits on its own row")
  func icebergInView() throws {
    let ice = [
      Self.event("n", "Iceberg North", at: [(-30.0, 50.0)], category: Fixture.ice),
      Self.event("i", "Iceberg A23A", at: [(-40.5, -68.89)], category: Fixture.ice, daysAgo: 2),
    ]
    let app = Self.open(ice, category: Fixture.ice)
    app.press(.char("m"), .char("j"), .tab, .char("c"))
    let window = try #require(Self.window(app.screen), "zoomed in:\n\(app.screen)")
    #expect(window.contains(longitude: -40.5, latitude: -68.89), "\(window)")
    #expect(app.screen.contains("◉"), "the iceberg's marker:\n\(app.screen)")
    // Zoomed out to the whole world, the marker is on the row its latitude gives, not the edge.
    for _ in 0..<6 { app.press(.char("-")) }
    #expect(Self.window(app.screen) == nil, "the whole world:\n\(app.screen)")
    let rows = app.lines.indices.filter { Self.isMapLine(app.lines[$0]) }
    let top = try #require(rows.first)
    let bottom = try #require(rows.last)
    let row = try #require(Self.find("◉", in: app.lines)?.y)
    let expected = Double(top) + (90 + 68.89) / 180 * Double(bottom - top + 1)
    #expect(abs(Double(row) - expected) <= 1.5, "row \(row), expected about \(expected):\n\(app.screen)")
  }

  @Test("at a large size the map takes the rows it has; a legend says what the marks mean")
  func largeMapWithLegend() throws {
    let app = Self.open(Self.texas, size: Size(width: 110, height: 70))
    app.press(.char("m"))
    let lines = app.lines
    let first = try #require(lines.firstIndex(where: Self.isMapLine))
    let caption = try #require(lines.firstIndex { $0.contains("× · ") })
    #expect(caption - first + 1 >= 30, "the map is \(caption - first + 1) rows:\n\(app.screen)")
    let legend = try #require(lines.first { $0.contains("○ closed") }, "a legend:\n\(app.screen)")
    #expect(legend.contains("● open") && legend.contains("◉ selected"), "\(legend)")
    #expect(Self.find("○", in: lines) != nil, "Dallas, closed, is a ring on the map:\n\(app.screen)")
  }
}
