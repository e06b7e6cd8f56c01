/// One row of a `ListView`: a state glyph, a title, a dimmer detail and a right-aligned figure.
///
/// ```swift
/// ListRow(glyph: "!", text: "Wildfires", detail: "download failed", rightText: "1,204")
/// ```
package struct ListRow: Hashable, Sendable {
  /// What the row stands for (an event or category id): the list keeps the selection on it when
  /// the rows change.
  package var id: String
  /// A short state mark in its own column ("●", "!", "✓"), or empty.
  package var glyph: String
  /// The row's title.
  package var text: String
  /// Secondary text after the title, drawn dimmer and dropped first when space runs out.
  package var detail: String
  /// Right-aligned text (counts, dates), dropped when the row is too narrow to show it.
  package var rightText: String
  /// How the glyph is drawn (for example the theme's error style for a failure mark).
  package var glyphStyle: Style
  /// A part of ``text`` to mark (a search's match): drawn underlined and bold, so it shows without
  /// colour too.
  package var highlight: Range<String.Index>?

  /// Creates a row.
  package init(
    id: String = "", glyph: String = "", text: String, detail: String = "", rightText: String = "",
    glyphStyle: Style = .plain, highlight: Range<String.Index>? = nil
  ) {
    self.highlight = highlight
    self.id = id
    self.glyph = glyph
    self.text = text
    self.detail = detail
    self.rightText = rightText
    self.glyphStyle = glyphStyle
  }
}
