@preconcurrency internal import CNcursesw

/// Curses colour pairs, allocated on first use for each foreground/background combination.
///
/// On a palette terminal, colours it does not have are fitted to its palette first (an RGB colour
/// to the nearest of 256, or of 8). On a direct-colour terminal (terminfo with 2²⁴ colours, whose
/// colour numbers are RGB values), RGB colours go out as they are, and palette entries above the
/// basic 8, which such a terminal cannot address, as their usual xterm RGB value. When pairs run
/// out, the rest draw in the default pair (text stays readable, only the colour is lost).
struct ColorPairs {
  private struct Key: Hashable {
    let foreground: Color
    let background: Color
  }

  /// The pair of each combination of the styles' own colours: fitting an RGB colour to 256 compares
  /// it with 240 entries, too much to do for every cell drawn.
  private var pairs: [Key: Int16] = [:]
  /// The pair of each combination the terminal shows (two RGB colours may fit to one).
  private var fittedPairs: [Key: Int16] = [:]
  private var nextPair: Int16 = 1
  private let pairLimit: Int
  /// How many colours the terminal has (0 when colours are off).
  let paletteSize: Int
  private let hasDefaultColors: Bool
  /// Whether colours are drawn at all (`false` for `NO_COLOR`, `--no-color` or a monochrome terminal).
  let isEnabled: Bool
  /// Whether the terminal takes RGB values for colours (a direct-colour terminfo).
  let isDirect: Bool

  /// Reads the palette of the current curses screen.
  init(enabled: Bool, hasDefaultColors: Bool) {
    self.isEnabled = enabled
    self.hasDefaultColors = hasDefaultColors
    self.paletteSize = enabled ? Int(cncursesw_colors()) : 0
    self.pairLimit = enabled ? min(Int(cncursesw_color_pairs()), Int(Int16.max)) : 0
    self.isDirect = paletteSize >= Self.directColorCount
  }

  /// How many more pairs can be made before they run out.
  var remaining: Int { max(0, pairLimit - Int(nextPair)) }

  /// Whether the next frame, up to `cells` cells, might run out of pairs: an image drawn in
  /// 24-bit colour can take a pair per cell, and pairs are never freed one by one.
  func needsReset(forCells cells: Int) -> Bool {
    isEnabled && remaining < min(cells, pairLimit / 2)
  }

  /// Forgets every pair, so numbers are made afresh; the caller repaints the whole screen.
  mutating func reset() {
    pairs = [:]
    fittedPairs = [:]
    nextPair = 1
  }

  /// The pair for a style's colours (0, the default pair, when colours are off).
  mutating func pair(for style: Style) -> Int16 {
    guard isEnabled else { return 0 }
    let wanted = Key(foreground: style.foreground, background: style.background)
    if let pair = pairs[wanted] { return pair }
    let pair = allocate(for: wanted)
    pairs[wanted] = pair
    return pair
  }

  /// The pair that shows `wanted` as near as the terminal can, made when it is new.
  private mutating func allocate(for wanted: Key) -> Int16 {
    let key =
      isDirect
      ? wanted
      : Key(
        foreground: wanted.foreground.fittedForeground(toPaletteSize: paletteSize),
        background: wanted.background.fitted(toPaletteSize: paletteSize))
    if key.foreground == .default && key.background == .default { return 0 }
    if let pair = fittedPairs[key] { return pair }
    guard Int(nextPair) < pairLimit else { return 0 }
    let pair = nextPair
    nextPair += 1
    init_extended_pair(
      Int32(pair), number(key.foreground, fallback: COLOR_WHITE),
      number(key.background, fallback: COLOR_BLACK))
    fittedPairs[key] = pair
    return pair
  }

  private func number(_ color: Color, fallback: Int32) -> Int32 {
    switch color {
    case .default: return hasDefaultColors ? Self.terminalDefault : fallback
    case .palette(let index) where !isDirect || index < Self.directPaletteCount: return Int32(index)
    case .palette, .rgb:
      guard let (red, green, blue) = color.components else { return fallback }
      // A direct terminfo reads numbers below 8 as the basic palette: a near-black this small
      // becomes the next blue step up, which no eye tells apart.
      return max(Int32(red) << 16 | Int32(green) << 8 | Int32(blue), Self.directPaletteCount)
    }
  }

  /// What `use_default_colors` lets us pass for "the terminal's own colour".
  private static let terminalDefault: Int32 = -1
  /// How many colours a direct-colour terminfo declares: every 24-bit RGB value.
  static let directColorCount = 1 << 24
  /// The basic colours a direct-colour terminfo still addresses by palette number.
  private static let directPaletteCount: Int32 = 8
}
