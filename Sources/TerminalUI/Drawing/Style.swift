/// How a cell is drawn: colours and text attributes.
///
/// ```swift
/// let selected = Style(attributes: .reverse)
/// let error = Style(foreground: .red, attributes: .bold)
/// ```
package struct Style: Hashable, Sendable {
  /// Text colour.
  package var foreground: Color
  /// Background colour; `.default` keeps the terminal's own (possibly transparent) background.
  package var background: Color
  /// Bold, dim, reverse, underline.
  package var attributes: TextAttributes

  /// The terminal's default colours, no attributes.
  package static let plain = Style()

  /// Creates a style.
  package init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// This style with extra attributes.
  package func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  /// This style without colours (for `NO_COLOR` and `--no-color`); attributes are kept.
  package var withoutColors: Style {
    Style(attributes: attributes)
  }
}

/// Text attributes every terminal understands.
package struct TextAttributes: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8

  package init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  package static let bold = TextAttributes(rawValue: 1 << 0)
  package static let dim = TextAttributes(rawValue: 1 << 1)
  package static let reverse = TextAttributes(rawValue: 1 << 2)
  package static let underline = TextAttributes(rawValue: 1 << 3)
}

extension Style {
  /// This style drawn over by `overlay`: the overlay's non-default colours win, attributes combine.
  package func merged(with overlay: Style) -> Style {
    Style(
      foreground: overlay.foreground == .default ? foreground : overlay.foreground,
      background: overlay.background == .default ? background : overlay.background,
      attributes: attributes.union(overlay.attributes)
    )
  }
}
