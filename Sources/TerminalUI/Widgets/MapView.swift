/// A world map in braille cells with markers on it: where the events are.
///
/// Land is drawn from ``MapLandMask/naturalEarth110m`` in braille, each character cell holding 2×4
/// dots, on an equirectangular projection of the whole globe, pole to pole (``Projection``). Braille
/// dots are about square in a terminal, so the whole world keeps its shape: four columns for every
/// row, as wide as the rectangle allows, top-aligned and centred across; zoomed in, the map fills the
/// rectangle (``MapViewport``). Below ``minimumSize`` it draws a one-line note instead.
///
/// Markers:
/// - one marker in a cell is `●` (ASCII `*`), or `▲` (ASCII `^`) when it is flagged; several show
///   their count, `2`–`9`, and `+` for ten or more. A closed event's marker alone in its cell is
///   `○` (ASCII `o`).
/// - a cell takes the style of the first of its markers (the app lists events newest first), from
///   ``markerStyles`` by the marker's `styleKey`, or else from the theme's other markers; markers are bold.
/// - the selected marker's cell is drawn last, in reverse video, so it is never hidden; alone in its
///   cell it is `◉` (ASCII `#`).
///
/// Colours are only styles, so `--no-color` (which strips them when drawing) leaves bold and reverse
/// video. With ASCII symbols a cell with at least three of its eight dots on land is `.`.
///
/// ```swift
/// var map = MapView(markerStyles: ["wildfires": Style(foreground: .red)])
/// map.markers = [MapMarker(longitude: -96.8, latitude: 28.1, styleKey: "wildfires")]
/// map.selectedIndex = 0
/// map.render(into: &buffer, rect: pane)
/// ```
package struct MapView: Sendable {
  /// The smallest rectangle that shows a map: the whole world 40 columns wide.
  package static let minimumSize = Size(width: 40, height: 8)

  /// What to show, in drawing order (earlier markers give a shared cell its style).
  package var markers: [MapMarker]
  /// The highlighted marker, an index into ``markers`` (`nil`, or out of range, for none).
  package var selectedIndex: Int?
  /// Marker styles by ``MapMarker/styleKey``; other keys take one of the theme's other markers.
  package var markerStyles: [String: Style]
  /// The land's style.
  package var landStyle: Style
  /// Styles for the background and the too-small note.
  package var theme: Theme

  /// Which part of the world shows (zoom and centre).
  package var viewport = MapViewport()
  /// The selected event's track, oldest position first, drawn as a braille line under the markers.
  package var track: [MapMarker] = []
  /// An outline drawn as a dotted line under the track, in the accent style: the region a list is
  /// filtered to (a `--near` circle, a box), first point to last.
  package var outline: [MapMarker] = []

  /// The land drawn at the last render, kept until the window, its size or the symbols change.
  private var landCache: LandLayer?
  /// The land, `nil` for the shipped mask: that one decodes on the first frame with a map, not when
  /// the app builds its screens (a launch that never shows the map never pays for it).
  private let customMask: MapLandMask?

  /// Creates a map.
  ///
  /// - Parameters:
  ///   - markers: What to show.
  ///   - selectedIndex: The highlighted marker.
  ///   - markerStyles: Marker styles by key.
  ///   - landStyle: The land's style (default: the theme's ``Theme/Role/mapLand``).
  ///   - theme: Styles.
  package init(
    markers: [MapMarker] = [], selectedIndex: Int? = nil, markerStyles: [String: Style] = [:],
    landStyle: Style? = nil, theme: Theme = .standard
  ) {
    self.init(
      mask: nil, markers: markers, selectedIndex: selectedIndex, markerStyles: markerStyles,
      landStyle: landStyle, theme: theme)
  }

  init(
    mask: MapLandMask?, markers: [MapMarker] = [], selectedIndex: Int? = nil,
    markerStyles: [String: Style] = [:], landStyle: Style? = nil, theme: Theme = .standard
  ) {
    self.customMask = mask
    self.markers = markers
    self.selectedIndex = selectedIndex
    self.markerStyles = markerStyles
    self.landStyle = landStyle ?? theme[.mapLand]
    self.theme = theme
  }

  /// The rows a map `width` columns wide takes to keep the world's shape.
  package static func preferredHeight(forWidth width: Int) -> Int {
    max(0, (width + MapViewport.columnsPerRow / 2) / MapViewport.columnsPerRow)
  }

  /// The note drawn instead of a map in a rectangle below ``minimumSize``.
  static func tooSmallMessage(for size: Size, symbols: Symbols) -> String {
    let needed = Self.minimumSize
    switch (size.width < needed.width, size.height < needed.height) {
    case (true, true):
      return
        "map needs \(needed.width)\(symbols.times)\(needed.height) cells, has \(size.width)\(symbols.times)\(size.height)"
    case (true, false):
      return "map needs \(needed.width) columns, has \(size.width): widen the terminal"
    default:
      return "map needs \(needed.height) rows, has \(size.height): make the terminal taller"
    }
  }

  /// Draws the map (or the too-small note) into `rect`, blanking the rest of it.
  package mutating func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    guard rect.size.contains(Self.minimumSize) else {
      let note = TextLayout.truncate(
        Self.tooSmallMessage(for: rect.size, symbols: buffer.symbols), toWidth: rect.width,
        ellipsis: buffer.symbols.ellipsis)
      buffer.write(note, at: Point(x: rect.x, y: rect.y), style: theme.secondary, clip: rect)
      return
    }
    let area = viewport.mapArea(in: rect)
    let projection = viewport.projection(in: rect)
    let ascii = buffer.symbols.isASCII
    if landCache?.projection != projection || landCache?.ascii != ascii {
      landCache = LandLayer(mask: customMask ?? .naturalEarth110m, projection: projection, ascii: ascii)
    }
    landCache?.draw(into: &buffer, at: area, style: landStyle)
    drawLine(outline, into: &buffer, area: area, projection: projection, style: theme[.accent], ascii: ascii)
    drawLine(track, into: &buffer, area: area, projection: projection, style: theme[.mapTrack], ascii: ascii)
    drawMarkers(into: &buffer, area: area, projection: projection, ascii: ascii)
    if !viewport.isWholeWorld {
      let caption = TextLayout.truncate(
        viewport.caption(in: rect), toWidth: area.width, ellipsis: buffer.symbols.ellipsis)
      buffer.write(
        caption, at: Point(x: area.x, y: area.maxY - 1), style: theme.secondary.adding(.reverse), clip: area)
    }
  }

  /// The indices of the markers inside the visible window of a map drawn into `rect`, in marker order.
  package func visibleMarkers(in rect: Rect) -> [Int] {
    let projection = viewport.projection(in: rect)
    return markers.indices.filter { index in
      let marker = markers[index]
      return marker.longitude.isFinite && marker.latitude.isFinite
        && projection.contains(longitude: marker.longitude, latitude: marker.latitude)
    }
  }

  /// The first marker drawn in the cell at `point` of a map rendered into `rect` (a click).
  package func marker(at point: Point, in rect: Rect) -> Int? {
    let area = viewport.mapArea(in: rect)
    guard area.contains(point) else { return nil }
    let projection = viewport.projection(in: rect)
    for index in markers.indices {
      let marker = markers[index]
      guard projection.contains(longitude: marker.longitude, latitude: marker.latitude),
        let cell = projection.cell(longitude: marker.longitude, latitude: marker.latitude)
      else { continue }
      if cell.x == point.x - area.x && cell.y == point.y - area.y { return index }
    }
    return nil
  }

  /// The size in cells of the map drawn into `rect` (for panning by cells).
  package func mapSize(in rect: Rect) -> Size { viewport.mapArea(in: rect).size }

  /// The coordinate under `point` of a map rendered into `rect`, if it is on the map.
  package func coordinate(at point: Point, in rect: Rect) -> (longitude: Double, latitude: Double)? {
    let area = viewport.mapArea(in: rect)
    guard area.contains(point) else { return nil }
    return viewport.projection(in: rect).center(of: Point(x: point.x - area.x, y: point.y - area.y))
  }

  /// The style of markers with `key`: ``markerStyles``, else one of the theme's
  /// ``Theme/otherMarkers`` picked by the key's bytes (stable across runs, unlike `Hasher`).
  package func markerStyle(for key: String) -> Style {
    if let style = markerStyles[key] { return style }
    var hash: UInt32 = 2_166_136_261  // FNV-1a
    for byte in key.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    let others = theme.otherMarkers.isEmpty ? Theme.standard.otherMarkers : theme.otherMarkers
    return others[Int(hash % UInt32(others.count))]
  }

  // MARK: - Internals

  private func drawMarkers(into buffer: inout CellBuffer, area: Rect, projection: Projection, ascii: Bool) {
    guard !markers.isEmpty else { return }
    var counts = [Int32](repeating: 0, count: area.width * area.height)
    // Each occupied cell once, in the order first reached, with the marker that reached it first.
    var occupied: [(cell: Int, marker: Int)] = []
    var selectedCell: Int?
    for (index, marker) in markers.enumerated() {
      guard projection.contains(longitude: marker.longitude, latitude: marker.latitude),
        let point = projection.cell(longitude: marker.longitude, latitude: marker.latitude)
      else { continue }
      let cell = point.y * area.width + point.x
      if counts[cell] == 0 { occupied.append((cell, index)) }
      counts[cell] &+= 1
      if index == selectedIndex { selectedCell = cell }
    }
    let single: Character = ascii ? "*" : "●"
    for (cell, marker) in occupied where cell != selectedCell {
      // A flagged marker alone in its cell is a triangle, a closed one a ring; several in a cell keep
      // their count.
      let alone = counts[cell] == 1
      let glyph: Character =
        alone && markers[marker].isFlagged
        ? (ascii ? "^" : "▲")
        : alone && markers[marker].isClosed
          ? (ascii ? "o" : "○") : Self.glyph(count: counts[cell], single: single)
      let style = markerStyle(for: markers[marker].styleKey).adding(.bold)
      buffer.fill(cellRect(cell, in: area), with: glyph, style: style)
    }
    if let selectedCell, let selectedIndex {
      let glyph = Self.glyph(count: counts[selectedCell], single: ascii ? "#" : "◉")
      let style = markerStyle(for: markers[selectedIndex].styleKey).adding([.bold, .reverse])
      buffer.fill(cellRect(selectedCell, in: area), with: glyph, style: style)
    }
  }

  /// A line (the track, the outline) in braille: each leg between two positions drawn dot by dot.
  private func drawLine(
    _ track: [MapMarker], into buffer: inout CellBuffer, area: Rect, projection cells: Projection,
    style: Style,
    ascii: Bool
  ) {
    guard track.count > 1 else { return }
    let dots = Projection(
      width: area.width * 2, height: area.height * 4, north: cells.north, south: cells.south,
      west: cells.west,
      east: cells.east)
    var patterns = [UInt8](repeating: 0, count: area.width * area.height)
    let points = track.compactMap { marker -> (x: Int, y: Int)? in
      guard marker.longitude.isFinite, marker.latitude.isFinite else { return nil }
      let position = dots.position(longitude: marker.longitude, latitude: marker.latitude)
      return (Int(position.x.rounded(.down)), Int(position.y.rounded(.down)))
    }
    for (start, end) in zip(points, points.dropFirst()) {
      let steps = max(abs(end.x - start.x), abs(end.y - start.y), 1)
      guard steps < 100_000 else { continue }
      for step in 0...steps {
        let x = start.x + (end.x - start.x) * step / steps
        let y = start.y + (end.y - start.y) * step / steps
        guard x >= 0, y >= 0, x < area.width * 2, y < area.height * 4 else { continue }
        patterns[(y / 4) * area.width + x / 2] |= LandLayer.dotBits[y % 4][x % 2]
      }
    }
    for (cell, pattern) in patterns.enumerated() where pattern != 0 {
      let glyph: Character = ascii ? "~" : Character(Unicode.Scalar(0x2800 + UInt32(pattern))!)
      buffer.fill(cellRect(cell, in: area), with: glyph, style: style)
    }
  }

  private func cellRect(_ cell: Int, in area: Rect) -> Rect {
    Rect(x: area.x + cell % area.width, y: area.y + cell / area.width, width: 1, height: 1)
  }

  /// `single` for one marker, the count up to 9, `+` beyond.
  private static func glyph(count: Int32, single: Character) -> Character {
    switch count {
    case ...1: single
    case 2...9: Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(count)))
    default: "+"
    }
  }
}
