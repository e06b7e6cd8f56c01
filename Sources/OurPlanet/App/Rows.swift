import EONETKit
import TerminalUI

/// How categories and events look as list rows.
public enum Rows {
  /// A category: its state glyph, title, description (or why it failed) and event count.
  public static func category(_ item: CategoryItem, ascii: Bool) -> ListRow {
    var glyphStyle = Style.plain
    var detail = item.category.description
    let glyph: String
    switch item.state {
    case .stored: glyph = " "
    case .queued: glyph = "·"
    case .downloading: glyph = ascii ? "~" : "↓"
    case .done: glyph = ascii ? "+" : "✓"
    case .failed(let message):
      glyph = "!"
      glyphStyle = Theme.standard.error
      detail = "failed: \(message)"
    }
    return ListRow(
      glyph: glyph, text: item.category.title, detail: detail, rightText: Formatting.count(item.count),
      glyphStyle: glyphStyle)
  }

  /// An event: open (●) or closed (○), title, magnitude, date.
  public static func event(_ event: EOEvent, ascii: Bool) -> ListRow {
    let magnitude = event.latestGeometry?.magnitude.map {
      Formatting.magnitude(value: $0.value, unit: $0.unit)
    }
    return ListRow(
      glyph: event.isOpen ? (ascii ? "*" : "●") : (ascii ? "o" : "○"), text: event.title,
      detail: magnitude ?? "", rightText: Formatting.day(event.date))
  }
}
