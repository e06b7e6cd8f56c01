import TerminalUI

extension MapPane {
  /// What the map says while it has the keys.
  static let focusTag = " keys: map (Tab: list) "

  /// From this many rows the map's last row is its legend.
  static let legendHeight = 14

  /// What the marks of `view` mean, as many as fit in `rect`: `● open ○ closed 2–9 + in one cell …`.
  static func drawLegend(of view: MapView, into buffer: inout CellBuffer, rect: Rect, isFocused: Bool) {
    buffer.clear(rect, style: view.theme.text)
    var x = rect.x
    var y = rect.y
    if isFocused {
      x +=
        buffer.write(Self.focusTag, at: Point(x: x, y: rect.y), style: view.theme.selection, clip: rect) + 2
    }
    let ascii = buffer.symbols.isASCII
    var items: [(glyph: String, text: String)] = [
      (ascii ? "*" : "●", "open"), (ascii ? "o" : "○", "closed"), ("2-9 +", "in one cell"),
      (ascii ? "#" : "◉", "selected"),
    ]
    if view.track.count > 1 { items.append((ascii ? "~" : "⠤⠤", "track")) }
    if view.markers.contains(where: \.isFlagged) { items.append((ascii ? "^" : "▲", "alert")) }
    var styled = items.map { (glyph: $0.glyph, text: $0.text, style: view.theme.secondary.adding(.bold)) }
    // Each category's colour, the most markers first.
    var counts: [String: Int] = [:]
    for marker in view.markers { counts[marker.styleKey, default: 0] += 1 }
    for (key, _) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where !key.isEmpty {
      let name = Rows.shortNames[key] ?? key
      styled.append((ascii ? "*" : "●", name, view.markerStyle(for: key).adding(.bold)))
    }
    for item in styled {
      let width = DisplayWidth.of(item.glyph) + 1 + DisplayWidth.of(item.text)
      if x + width > rect.maxX {
        // The next row, when the legend has one.
        guard y + 1 < rect.maxY else { break }
        y += 1
        x = rect.x
        guard x + width <= rect.maxX else { break }
      }
      buffer.write(item.glyph, at: Point(x: x, y: y), style: item.style, clip: rect)
      buffer.write(
        item.text, at: Point(x: x + DisplayWidth.of(item.glyph) + 1, y: y), style: view.theme.secondary,
        clip: rect)
      x += width + 2
    }
  }
}
