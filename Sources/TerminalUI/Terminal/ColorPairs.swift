@preconcurrency internal import CNcursesw

/// Curses colour pairs, allocated on first use for each foreground/background combination.
///
/// Colours the terminal does not have are fitted to its palette first; when pairs run out, the rest
/// draw in the default pair (text stays readable, only the colour is lost).
struct ColorPairs {
  private struct Key: Hashable {
    let foreground: Color
    let background: Color
  }

  private var pairs: [Key: Int16] = [:]
  private var nextPair: Int16 = 1
  private let pairLimit: Int
  private let paletteSize: Int
  private let hasDefaultColors: Bool
  /// Whether colours are drawn at all (`false` for `NO_COLOR`, `--no-color` or a monochrome terminal).
  let isEnabled: Bool

  /// Reads the palette of the current curses screen.
  init(enabled: Bool, hasDefaultColors: Bool) {
    self.isEnabled = enabled
    self.hasDefaultColors = hasDefaultColors
    self.paletteSize = enabled ? Int(cncursesw_colors()) : 0
    self.pairLimit = enabled ? min(Int(cncursesw_color_pairs()), Int(Int16.max)) : 0
  }

  /// The pair for a style's colours (0, the default pair, when colours are off).
  mutating func pair(for style: Style) -> Int16 {
    guard isEnabled else { return 0 }
    let key = Key(
      foreground: style.foreground.fitted(toPaletteSize: paletteSize),
      background: style.background.fitted(toPaletteSize: paletteSize))
    if key.foreground == .default && key.background == .default { return 0 }
    if let pair = pairs[key] { return pair }
    guard Int(nextPair) < pairLimit else { return 0 }
    let pair = nextPair
    nextPair += 1
    init_pair(
      pair, number(key.foreground, fallback: COLOR_WHITE), number(key.background, fallback: COLOR_BLACK))
    pairs[key] = pair
    return pair
  }

  private func number(_ color: Color, fallback: Int32) -> Int16 {
    switch color {
    case .default: hasDefaultColors ? Self.terminalDefault : Int16(fallback)
    case .palette(let index): Int16(index)
    }
  }

  /// What `use_default_colors` lets us pass for "the terminal's own colour".
  private static let terminalDefault: Int16 = -1
}
