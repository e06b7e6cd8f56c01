import EONETKit
import OurPlanet
import TerminalUI

/// How categories and events look as list rows. Symbols are Unicode; the cell buffer turns them
/// into ASCII on terminals without UTF-8.
public enum Rows {
  /// A category: its state glyph, title, description (or why it failed) and its number of events
  /// inside the days window.
  public static func category(_ item: CategoryItem, days: Int) -> ListRow {
    var glyphStyle = Style.plain
    var detail = item.category.description
    let glyph: String
    switch item.state {
    case .stored: glyph = " "
    case .queued: glyph = "·"
    case .downloading: glyph = "↓"
    case .done: glyph = "✓"
    case .failed(let message):
      glyph = "!"
      glyphStyle = Theme.standard.error
      detail = "failed: \(message)"
    }
    return ListRow(
      id: item.category.id, glyph: glyph, text: item.category.title, detail: detail,
      rightText: Formatting.count(item.count(inLast: days)), glyphStyle: glyphStyle)
  }

  /// An event: open (●) or closed (○), title, then magnitude and date at the right, so the title
  /// gives way first and numbers are never cut.
  public static func event(_ event: EOEvent) -> ListRow {
    let magnitude = event.latestGeometry?.magnitude.map {
      Formatting.magnitude(value: $0.value, unit: $0.unit) + "  "
    }
    return ListRow(
      id: event.id, glyph: event.isOpen ? "●" : "○", text: event.title,
      rightText: (magnitude ?? "") + Formatting.day(event.date))
  }
}
