import Support

/// One terminal cell: a grapheme cluster, the columns it takes, and its style.
///
/// A wide character (CJK, most emoji) is stored in the cell where it starts, with `width` 2; the cell
/// to its right is a continuation cell (`width` 0) that the renderer skips. Cells can only hold text
/// that went through `TextSanitizer`, so nothing in a buffer can be an escape sequence.
package struct Cell: Hashable, Sendable {
  /// The grapheme cluster drawn here (a space for an empty or continuation cell).
  package private(set) var character: Character
  /// Columns taken: 1, 2 for the first half of a wide character, 0 for its second half.
  package private(set) var width: Int
  /// Colours and attributes.
  package var style: Style

  /// An empty cell with the default style.
  package static let blank = Cell(unchecked: " ", width: 1, style: .plain)

  /// A cell holding `character`, sanitised and measured.
  ///
  /// A control character becomes `placeholder`; a zero-width leftover (a lone combining mark) becomes
  /// a space.
  package init(_ character: Character, style: Style = .plain, placeholder: Character = "\u{FFFD}") {
    let safe = TextSanitizer.sanitize(character, placeholder: placeholder, asciiOnly: false) ?? " "
    self.init(unchecked: safe, width: CharacterWidth.of(safe) ?? 1, style: style)
  }

  init(unchecked character: Character, width: Int, style: Style) {
    self.character = character
    self.width = width
    self.style = style
  }

  /// The right half of a wide character.
  static func continuation(style: Style) -> Cell {
    Cell(unchecked: " ", width: 0, style: style)
  }

  /// Whether this is the right half of a wide character.
  package var isContinuation: Bool { width == 0 }
}
