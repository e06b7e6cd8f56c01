import Testing

@testable import TerminalUI

@Suite struct MapViewTests {
  /// Tokyo, Buenos Aires (selected), Reykjavik, and three fires around Houston.
  private static let markers = [
    MapMarker(longitude: 139.69, latitude: 35.69, styleKey: "volcanoes"),
    MapMarker(longitude: -58.38, latitude: -34.60, styleKey: "floods"),
    MapMarker(longitude: -21.94, latitude: 64.15, styleKey: "volcanoes"),
    MapMarker(longitude: -95.37, latitude: 29.76, styleKey: "wildfires"),
    MapMarker(longitude: -95.40, latitude: 29.70, styleKey: "wildfires"),
    MapMarker(longitude: -95.30, latitude: 29.80, styleKey: "wildfires"),
  ]

  // MARK: - Golden maps

  @Test(arguments: [(40, 12, golden40x12), (60, 15, golden60x15), (80, 20, golden80x20)])
  func goldenMaps(width: Int, height: Int, expected: [String]) {
    var map = MapView(markers: Self.markers, selectedIndex: 1)
    let lines = renderLines(width: width, height: height) { map.render(into: &$0, rect: $1) }
    #expect(lines.trimmed == expected)
  }

  /// A 40×12 rectangle holds a 40×10 map (the world's shape, pole to pole) and two blank rows.
  static let golden40x12 = [
    "      ⣀⣀⢀⣤⣴⠶⠦⢤⣤⣶⣶⣦   ⠠⠄   ⡀  ⣀⣠⣄⣀  ⢀",
    "⠒⠸⠿⠿⠿⣿⣿⣿⣷⣟⡛⢹⣗⡀⠻⠛⠉●⠂⢀⠠⣶⣻⣿⣶⣶⣿⣿⣿⣿⣿⣿⣿⣿⣿⡿⠿⢿⠿⠟",
    "     ⠈⣿⣿⣿⣿⣿⡿⠟⠙     ⣼⠿⠿⡿⣿⣻⡿⣿⣿⣿⣿⣿⣿⣿⡿⡿⢫",
    "      ⠈⠻⣿3⡙⠁      ⣴⣿⣿⣷⣶⣶⣿⣿⡿⠿⣿⡿⣿⣿⡿⠇⠈●",
    "         ⠉⠑⣴⣦⣤⡀   ⠻⠿⠿⣿⣿⣿⣿⠏  ⠙ ⠈⡝⣀⠠",
    "           ⢻⣿⣿⣿⣷     ⣹⣿⣿⡇⡀     ⠉⠉⢁⣨⣙⠂",
    "            ⣿◉⠟⠁     ⠘⣿⠟ ⠃      ⠰⣿⠿⣿⣷",
    "           ⢰⡟⠁                     ⠈⠃  ⠂",
    "            ⣀       ⢀⣀⣀⣀⣀⣀⣀⡀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀",
    "⣀⣀⣐⣶⣾⣿⣿⣿⣿⣿⣿⣯⣭⣤⣴⣤⣶⣶⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣯⣀",
    "",
    "",
  ]

  static let golden60x15 = [
    "              ⣀⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣄⠄    ⣀⣀           ⢀⣀⡀",
    "⣀ ⢀⣤⣤⣤⣀⣀⣤⣶⣻⣯⣦⣻⣏⣿⡿⢤⣌⡉⠙⣿⣿⣿⣿⠿⠏     ⢀⣠⣤⣀⣀⣀⣀⣆⣁⣴⣤⣴⣶⣾⣿⣿⣿⣶⣶⣦⣤⣽⣤⣤⣄⣀⣠⣀",
    "⠈⠁⠙⠿⠟⠛⠛⠿⣿⣿⣿⣿⣿⣿⣏⣉ ⣿⣯⣅⡀⠙⠛⠁  ●⠁ ⣄ ⢾⣿⢙⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⠿⠛⠛⣻⠛⠛⠋",
    "        ⠈⣿⣿⣿⣿⣿⣿⣿⣿⣿⡿⠿⠛       ⢈⣻⣾⣿⣿⣿⣿⠿⢿⣿⢿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⡿⢛  ⠁",
    "         ⠙⢿⣿⣿⣿⣿⣿⡿⠏          ⢘⣿⣤⣦⣉⣙⣙⣛⣿⣿⣧⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⡉⠇⠤●",
    "           ⠛⢿⣿3⡀⠡⣀⡀        ⣴⣿⣿⣿⣿⣿⣿⣿⣿⣻⣿⣮⡿⠛⠻⣿⣿⡿⢿⣿⣿⡿⠟⠁",
    "             ⠉⠉⠻ ⣠⣤⣄⡀      ⠻⣿⣿⣿⣿⣿⣿⣿⣿⣷⣿⡍   ⠹⡇ ⠈⢙⠿⠂ ⢃",
    "                ⢰⣿⣿⣿⣿⣧⣄⣀    ⠈⠁ ⠹⣿⣿⣿⣿⡿⠋        ⠹⣇⠶⠏⡄ ⢄⣀⡀",
    "                ⠈⢿⣿⣿⣿⣿⣿⡟⠁       ⣿⣿⣿⣿⡷⢀⡄        ⠈⠉ ⢀⣠⣤⢩⡑",
    "                  ⣿⣿⣿⣿⠛⠁        ⢹⣿⣿⡟ ⠚           ⣶⣿⣿⣿⣿⣷⡄",
    "                 ⢠⣿⡿◉⠁           ⠛⠉              ⠛⠋⠉⠙⠻⠿⠃   ⡄",
    "                 ⢸⡿⠁                                      ⠋",
    "                  ⠉",
    "     ⣀⣀⣀⣀⣀⣤⣀⣀⣤⣤⣤⣤⣤⡾⠧     ⣀⣀⣠⣤⣤⣴⣶⣶⣶⣶⣶⣶⣾⣿⣿⣿⣧⣶⣾⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣶⣶⡶⠄",
    "⣤⣤⣤⣤⣽⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣶⣶⣶⣿⣷⣶⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣤⣤",
  ]

  static let golden80x20 = [
    "                    ⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⡀⣀",
    "            ⣀⣐⣤⠦⡄⢠⣼⡻⣿⣿⣟⠉⠓⠛⠻⢿⣿⣿⣿⣿⣿⣿⣿⡟      ⠈⠚⠉⠉    ⠈ ⣠⠤⠄⢀  ⣀⣠⣬⣭⣴⣦⣤⣄⣀⣀⡀ ⠠⣤",
    "⠦⡤ ⣶⣾⣿⣷⣶⣶⣶⣶⣶⣾⣶⣿⣿⣿⣦⣾⣷⣯⣟⠉⣻⣷⡤  ⢿⣿⣿⠿⠟⠛⠋●⡄     ⣀⣴⣶⣾⣷⣶⣦⣤⣦⣼⣷⣶⣶⣿⣾⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣶⣶⣶⣶",
    "   ⠙⠛⠿⠛⠉⠛⠛⠿⣿⣿⣿⣿⣿⣿⣿⣿⣅⣀⡀⢘⣿⣮⣴⣄  ⠉⠃       ⢠⣄ ⠛⣻⠿⢈⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⡿⠛⠛⠛⢋⣽⠛⠋⠉⠁",
    "           ⠘⢿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣾⣿⣿⣟⡛⠧⠄         ⠁⢿⣷⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⢿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⠻  ⠈⠁",
    "            ⢸⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⠟⠋⠈            ⣶⣾⠋⣉⡙⡪⠻⡟⣧⣶⣬⣿⣷⣈⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣟⠿⣟⠉⢁⡎⠁",
    "             ⠉⢿⣿⣿⣿3⠿⠿⢿⠋              ⣀⣾⣿⣿⣿⣷⣦⣴⣤⣤⣴⣿⣿⣿⢿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿ ⠁⠊⠉●",
    "               ⠉⢻⣿⣇⢀⡄ ⠥⢀⡀           ⢼⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⡽⣿⣿⣷⣾⠍⠉⠻⣿⣿⣿⠿⢻⣿⣿⡿⡿⠛⠓",
    "                 ⠈⠉⠙⠳⡆ ⣀⣀⣀⡀         ⢾⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣼⣛⡋⠁   ⠸⣿⠁  ⠙⠿⣿⠆ ⠘⡁",
    "                     ⠈⢹⣿⣿⣿⣿⣶⣦        ⠙⠛⠛⠋⠛⣿⣿⣿⣿⣿⣿⣿⣿⠟      ⠈   ⠠⣳ ⣀⣴⡂⠈",
    "                      ⢿⣿⣿⣿⣿⣿⣿⣿⣶⣦⡀         ⠹⣿⣿⣿⣿⣿⣿⠁            ⠙⠦⣘⡛⠘⠂ ⠙⢲⣶⣄⠄",
    "                      ⠈⢿⣿⣿⣿⣿⣿⣿⣿⡏          ⢠⣿⣿⣿⣿⣿⣿ ⣠                ⢈⣤⣶⣆⢰⡀⠁",
    "                        ⣸⣿⣿⣿⣿⡿⠟⠁          ⠈⣿⣿⣿⣿⡿ ⠰⠟              ⣴⣶⣿⣿⣿⣿⣿⣿⣆",
    "                        ⣿⣿⣿◉⠟⠁             ⠈⡿⠿⠟⠁                 ⢸⡿⠿⠛⠻⣿⣿⣿⡿",
    "                       ⢸⣿⡿⠋⠁                                           ⠉⠭⠁   ⢀⡴⠂",
    "                       ⢾⣿⠂                                                   ⠉",
    "                        ⠉⠁",
    "                       ⢀⣀⣶⡀            ⢀⢀⣀⣀⣀⣀⣀⣀⣠⣀⣤⣤⣴⣶⣤⣤⡄⣀⣠⣤⣤⣤⣤⣴⣦⣴⣶⣤⣶⣶⣶⣦⣤⣤⣤⣄⣀⣀⡀",
    "    ⡀⠤⢤⣴⣶⣶⣶⣶⣶⣶⣶⣶⣶⣿⣷⣷⣿⣶⣶⠞⠛⠛⠁ ⣀⣀⡀ ⣠⣤⣤⣴⣾⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⠟⠉",
    "⣶⣶⣶⣦⣤⣬⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣶⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣶⣶⣶",
  ]

  // MARK: - Land

  /// Land only, in a rectangle of the world's shape (so the map fills it).
  private static func landMap(width: Int, height: Int, symbols: Symbols = .unicode) -> CellBuffer {
    var map = MapView()
    var buffer = CellBuffer(size: Size(width: width, height: height), symbols: symbols)
    map.render(into: &buffer, rect: buffer.bounds)
    return buffer
  }

  /// Whether the braille dot at a coordinate is set.
  private static func isLandDot(_ buffer: CellBuffer, longitude: Double, latitude: Double) -> Bool {
    let dots = Projection(width: buffer.size.width * 2, height: buffer.size.height * 4)
    guard let dot = dots.cell(longitude: longitude, latitude: latitude) else { return false }
    return dotPattern(buffer[dot.x / 2, dot.y / 4]) & dotBit(x: dot.x % 2, y: dot.y % 4) != 0
  }

  /// Whether any dot within one dot of a coordinate is set (a city on a coast may sit on a sea dot).
  private static func isNearLand(_ buffer: CellBuffer, longitude: Double, latitude: Double) -> Bool {
    let dots = Projection(width: buffer.size.width * 2, height: buffer.size.height * 4)
    return [-1.0, 0, 1].contains { dx in
      [-1.0, 0, 1].contains { dy in
        isLandDot(
          buffer, longitude: longitude + dx * dots.degreesPerColumn,
          latitude: latitude + dy * dots.degreesPerRow)
      }
    }
  }

  /// The dot bits of a braille cell (0 for anything else).
  private static func dotPattern(_ cell: Cell) -> UInt32 {
    guard let scalar = cell.character.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) else {
      return 0
    }
    return scalar.value - 0x2800
  }

  private static func dotBit(x: Int, y: Int) -> UInt32 {
    [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]][y][x]
  }

  @Test(arguments: [(40, 10), (60, 15), (100, 25), (200, 50)])
  func knownPlacesAreLandOrSea(width: Int, height: Int) {
    let map = Self.landMap(width: width, height: height)
    let cells = Projection(width: width, height: height)
    let cities = [("Tokyo", 139.69, 35.69), ("Buenos Aires", -58.38, -34.60), ("Reykjavik", -21.94, 64.15)]
    for (name, longitude, latitude) in cities {
      let cell = cells.cell(longitude: longitude, latitude: latitude)!
      #expect(Self.dotPattern(map[cell.x, cell.y]) != 0, "\(name)'s cell has no land")
      #expect(Self.isNearLand(map, longitude: longitude, latitude: latitude), "\(name) is at sea")
    }
    // 0°, 0° is in the Gulf of Guinea, with the African coast to the north and the east.
    #expect(!Self.isLandDot(map, longitude: 0, latitude: 0))
    #expect(!Self.isLandDot(map, longitude: 5, latitude: 0))
    #expect(Self.isLandDot(map, longitude: -1, latitude: 7))  // Ghana
    #expect(Self.isLandDot(map, longitude: 11, latitude: 0))  // Gabon
    // Open ocean and the middle of continents.
    #expect(!Self.isLandDot(map, longitude: -140, latitude: 0))
    #expect(!Self.isLandDot(map, longitude: -30, latitude: 30))
    #expect(Self.isLandDot(map, longitude: 20, latitude: 20))  // Sahara
    #expect(Self.isLandDot(map, longitude: -100, latitude: 40))  // Great Plains
    #expect(Self.isLandDot(map, longitude: 100, latitude: 60))  // Siberia
    #expect(Self.isLandDot(map, longitude: 0, latitude: -80))  // Antarctica
    #expect(Self.isLandDot(map, longitude: 100, latitude: -85))
    #expect(!Self.isLandDot(map, longitude: -40, latitude: -60))  // the Scotia Sea
  }

  /// A window across the antimeridian draws the land on both sides of it: New Zealand west of 180°.
  @Test func aWindowAcrossTheAntimeridianHasItsLand() {
    var map = MapView()
    let rect = Rect(x: 0, y: 0, width: 80, height: 20)
    map.viewport = MapViewport(framing: MapBox(west: 165, south: -48, east: -165, north: -33), in: rect)
    var buffer = CellBuffer(size: rect.size)
    map.render(into: &buffer, rect: rect)
    let projection = map.viewport.projection(in: rect)
    let bounds = map.viewport.bounds(in: rect)
    #expect(!projection.spansAllLongitudes && bounds.west > 0 && bounds.east < 0, "across 180°: \(bounds)")
    let area = map.viewport.mapArea(in: rect)
    for (longitude, latitude) in [(174.78, -41.29), (172.0, -43.5), (176.0, -38.0)] {
      let cell = projection.cell(longitude: longitude, latitude: latitude)!
      #expect(Self.dotPattern(buffer[area.x + cell.x, area.y + cell.y]) != 0, "\(longitude), \(latitude)")
    }
    // East of 180° at these latitudes is open sea.
    let sea = projection.cell(longitude: -170, latitude: -40)!
    #expect(Self.dotPattern(buffer[area.x + sea.x, area.y + sea.y]) == 0)
  }

  @Test func redrawsAtANewSize() {
    var map = MapView(markers: Self.markers, selectedIndex: 0)
    _ = renderLines(width: 40, height: 8) { map.render(into: &$0, rect: $1) }
    let resized = renderLines(width: 60, height: 12) { map.render(into: &$0, rect: $1) }
    var fresh = MapView(markers: Self.markers, selectedIndex: 0)
    #expect(resized == renderLines(width: 60, height: 12) { fresh.render(into: &$0, rect: $1) })
    let ascii = renderLines(width: 60, height: 12, symbols: .ascii) { map.render(into: &$0, rect: $1) }
    #expect(
      ascii == renderLines(width: 60, height: 12, symbols: .ascii) { fresh.render(into: &$0, rect: $1) })
  }

  // MARK: - Layout

  @Test func keepsTheWorldsShapeAndSaysItsHeight() {
    // Where the map goes in a rectangle is the viewport's (MapViewportTests); the view's size follows it.
    let map = MapView()
    #expect(map.mapSize(in: Rect(x: 0, y: 0, width: 200, height: 60)) == Size(width: 200, height: 50))
    #expect(map.mapSize(in: Rect(x: 0, y: 0, width: 41, height: 8)) == Size(width: 32, height: 8))
    #expect(MapView.preferredHeight(forWidth: 40) == 10)
    #expect(MapView.preferredHeight(forWidth: 83) == 21)
  }

  @Test func drawsOnlyInsideItsRectangle() {
    var map = MapView(markers: [
      MapMarker(longitude: -180, latitude: 90), MapMarker(longitude: 180, latitude: -90),
    ])
    var buffer = CellBuffer(size: Size(width: 50, height: 16))
    buffer.fill(buffer.bounds, with: "x")
    let rect = Rect(x: 5, y: 3, width: 40, height: 10)
    map.render(into: &buffer, rect: rect)
    for y in 0..<buffer.size.height {
      for x in 0..<buffer.size.width where !rect.contains(Point(x: x, y: y)) {
        #expect(buffer[x, y].character == "x", "(\(x), \(y)) was drawn over")
      }
    }
    #expect(buffer[5, 3].character == "●")
    #expect(buffer[44, 12].character == "●")
  }

  @Test(arguments: [(39, 8), (40, 7), (12, 2)])
  func tooSmallShowsANote(width: Int, height: Int) {
    var map = MapView(markers: Self.markers)
    let lines = renderLines(width: width, height: height) { map.render(into: &$0, rect: $1) }.trimmed
    let note = MapView.tooSmallMessage(for: Size(width: width, height: height), symbols: .unicode)
    let expected = [
      "39x8": "map needs 40 columns, has 39: widen the terminal",
      "40x7": "map needs 8 rows, has 7: make the terminal taller",
      "12x2": "map needs 40×8 cells, has 12×2",
    ]
    #expect(note == expected["\(width)x\(height)"], "the note says what is missing")
    #expect(lines[0] == TextLayout.truncate(note, toWidth: width, ellipsis: "…"))
    #expect(lines.dropFirst().allSatisfy { $0.isEmpty })
  }

  @Test(arguments: [(1, 1), (0, 0), (3, 40)])
  func tinyRectanglesAreHarmless(width: Int, height: Int) {
    var map = MapView(markers: Self.markers, selectedIndex: 2)
    let lines = renderLines(width: width, height: height) { map.render(into: &$0, rect: $1) }
    #expect(lines.count == height)
  }

  // MARK: - Markers

  /// The one cell a 40×10 map (the whole world) puts `longitude`, `latitude` in.
  private static func cell(_ longitude: Double, _ latitude: Double) -> Point {
    Projection(width: 40, height: 10).cell(longitude: longitude, latitude: latitude)!
  }

  /// Pole to pole: each marker on the row of its latitude (9° rows in an 80×20 map), the edges
  /// only for the edges; longitudes wrap; what is not a place is skipped.
  @Test func markersSitOnTheirOwnRowsFromPoleToPole() {
    let places: [(longitude: Double, latitude: Double)] = [
      (10, 89), (-40.5, -68.89), (60, -61.2), (10, -80), (-100, -89.9), (180, 0), (-180, 10),
    ]
    var map = MapView(
      markers: places.map { MapMarker(longitude: $0.longitude, latitude: $0.latitude) } + [
        MapMarker(longitude: 190, latitude: -30),  // wraps to 170°W
        MapMarker(longitude: .nan, latitude: 0),  // not a place: skipped
        MapMarker(longitude: 0, latitude: .infinity),
      ])
    var buffer = CellBuffer(size: Size(width: 80, height: 20))
    map.render(into: &buffer, rect: buffer.bounds)
    for place in places + [(-170, -30)] {
      let column = min(79, Int((place.longitude + 180) / 4.5))
      let row = min(19, Int((90 - place.latitude) / 9))
      #expect(buffer[column, row].character == "●", "\(place) at \(column), \(row)")
    }
    #expect(buffer[31, 17].character == "●", "the iceberg at 68.89°S is two rows above the bottom")
    #expect(buffer.lines.joined().filter { $0 == "●" }.count == places.count + 1)
  }

  @Test func aClosedEventAloneInItsCellIsARing() {
    var map = MapView(markers: [
      MapMarker(longitude: -100, latitude: 40, isClosed: true),
      MapMarker(longitude: 20, latitude: 20, isClosed: true), MapMarker(longitude: 20.1, latitude: 20.1),
    ])
    var buffer = CellBuffer(size: Size(width: 40, height: 10))
    map.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[Self.cell(-100, 40).x, Self.cell(-100, 40).y].character == "○")
    #expect(buffer[Self.cell(20, 20).x, Self.cell(20, 20).y].character == "2", "a shared cell counts")
    var ascii = CellBuffer(size: Size(width: 40, height: 10), symbols: .ascii)
    map.render(into: &ascii, rect: ascii.bounds)
    #expect(ascii[Self.cell(-100, 40).x, Self.cell(-100, 40).y].character == "o")
  }

  @Test func severalMarkersInACellShowTheirCount() {
    func markers(_ count: Int, at longitude: Double, _ latitude: Double) -> [MapMarker] {
      (0..<count).map { MapMarker(longitude: longitude + Double($0) * 0.01, latitude: latitude) }
    }
    var map = MapView(
      markers: markers(1, at: -100, 40) + markers(2, at: 20, 20) + markers(9, at: 100, 60)
        + markers(10, at: 135, -25) + markers(250, at: -60, -10))
    var buffer = CellBuffer(size: Size(width: 40, height: 10))
    map.render(into: &buffer, rect: buffer.bounds)
    let glyphs = [(-100.0, 40.0, "●"), (20, 20, "2"), (100, 60, "9"), (135, -25, "+"), (-60, -10, "+")]
    for (longitude, latitude, glyph) in glyphs {
      let cell = Self.cell(longitude, latitude)
      #expect(buffer[cell.x, cell.y].character == Character(glyph), "at \(longitude), \(latitude)")
      #expect(buffer[cell.x, cell.y].style.attributes.contains(.bold))
    }
  }

  @Test func theSelectedMarkerIsDrawnLastInReverseVideo() {
    let styles = ["fire": Style(foreground: .red), "ice": Style(foreground: .cyan)]
    var map = MapView(
      markers: [
        MapMarker(longitude: 20, latitude: 20, styleKey: "fire"),
        MapMarker(longitude: 20.1, latitude: 20.1, styleKey: "ice"),
        MapMarker(longitude: -100, latitude: 40, styleKey: "fire"),
      ], selectedIndex: 1, markerStyles: styles)
    var buffer = CellBuffer(size: Size(width: 40, height: 10))
    map.render(into: &buffer, rect: buffer.bounds)
    let shared = buffer[Self.cell(20, 20).x, Self.cell(20, 20).y]
    #expect(shared.character == "2")
    #expect(shared.style == Style(foreground: .cyan, attributes: [.bold, .reverse]))
    let other = buffer[Self.cell(-100, 40).x, Self.cell(-100, 40).y]
    #expect(other.style == Style(foreground: .red, attributes: .bold))

    map.selectedIndex = 2
    map.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[Self.cell(-100, 40).x, Self.cell(-100, 40).y].character == "◉")
    // Without its colours (`--no-color`), the selection still stands out.
    #expect(
      buffer[Self.cell(-100, 40).x, Self.cell(-100, 40).y].style.withoutColors.attributes.contains(.reverse))
    // A shared cell not selected takes its first marker's style.
    #expect(
      buffer[Self.cell(20, 20).x, Self.cell(20, 20).y].style == Style(foreground: .red, attributes: .bold))

    map.selectedIndex = 7  // out of range: nothing highlighted
    map.render(into: &buffer, rect: buffer.bounds)
    #expect(!buffer.lines.joined().contains("◉"))
  }

  @Test func unknownKeysTakeAStablePaletteColour() {
    let map = MapView(markerStyles: ["wildfires": Style(foreground: .brightRed)])
    #expect(map.markerStyle(for: "wildfires") == Style(foreground: .brightRed))
    #expect(map.markerStyle(for: "volcanoes") == map.markerStyle(for: "volcanoes"))
    #expect(map.markerStyle(for: "volcanoes").foreground != .default)
    let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "volcanoes", "floods"]
    #expect(Set(keys.map { map.markerStyle(for: $0).foreground }).count > 2)
  }

  @Test func landTakesTheThemesSecondaryStyle() {
    var map = MapView()
    var buffer = CellBuffer(size: Size(width: 40, height: 10))
    map.render(into: &buffer, rect: buffer.bounds)
    let land = Self.cell(20, 20)
    #expect(buffer[land.x, land.y].style == Theme.standard.secondary)
  }

  // MARK: - ASCII

  @Test func asciiFallback() {
    var map = MapView(markers: Self.markers, selectedIndex: 2)
    let lines = renderLines(width: 40, height: 10, symbols: .ascii) { map.render(into: &$0, rect: $1) }
    #expect(lines.allSatisfy { $0.allSatisfy { " .*#+23456789".contains($0) } })
    #expect(
      lines.trimmed == [
        "         .........            ..",
        " ............ .. #   ...................",
        "      ........     .................",
        "       ..3.       ................ *",
        "           ...    ........  .  .",
        "           .....     ....         ..",
        "            .*.       ..         ....",
        "           ..",
        "",
        "  .....................................",
      ])
    let land = Self.cell(20, 20)
    let sea = Self.cell(-140, 0)
    #expect(lines[land.y][lines[land.y].index(lines[land.y].startIndex, offsetBy: land.x)] == ".")
    #expect(lines[sea.y][lines[sea.y].index(lines[sea.y].startIndex, offsetBy: sea.x)] == " ")
    let tooSmall = renderLines(width: 30, height: 2, symbols: .ascii) { map.render(into: &$0, rect: $1) }
    #expect(tooSmall.trimmed == ["map needs 40x8 cells, has 30x2", ""])
  }
}
