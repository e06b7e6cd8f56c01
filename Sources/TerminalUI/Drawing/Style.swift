/// How a cell is drawn: colours and text attributes.
///
/// ```swift
/// let selected = Style(attributes: .reverse)
/// let error = Style(foreground: .red, attributes: .bold)
/// ```
public struct Style: Hashable, Sendable {
  /// Text colour.
  public var foreground: Color
  /// Background colour; `.default` keeps the terminal's own (possibly transparent) background.
  public var background: Color
  /// Bold, dim, reverse, underline.
  public var attributes: TextAttributes

  /// The terminal's default colours, no attributes.
  public static let plain = Style()

  /// Creates a style.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// This style with extra attributes.
  public func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  /// This style without colours (for `NO_COLOR` and `--no-color`); attributes are kept.
  public var withoutColors: Style {
    Style(attributes: attributes)
  }
}

/// Text attributes every terminal understands.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
}

extension Style {
  /// This style drawn over by `overlay`: the overlay's non-default colours win, attributes combine.
  public func merged(with overlay: Style) -> Style {
    Style(
      foreground: overlay.foreground == .default ? foreground : overlay.foreground,
      background: overlay.background == .default ? background : overlay.background,
      attributes: attributes.union(overlay.attributes)
    )
  }
}
