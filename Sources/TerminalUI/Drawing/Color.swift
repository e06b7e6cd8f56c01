/// A colour: an entry of the terminal's own palette, or an exact RGB value.
///
/// Palette entries let the user's terminal theme decide what "red" looks like: `dark`, the default
/// theme, uses only those. Indices 0–7 are the basic colours, 8–15 their bright variants, 16–255 the
/// xterm colour cube and grey ramp. RGB values are for themes that need an exact hue (`light`,
/// `colorblind`): a direct-colour terminal shows them as they are, others the nearest palette entry
/// (see ``fitted(toPaletteSize:)``).
///
/// ```swift
/// let warning = Style(foreground: .yellow)
/// let subtle = Style(foreground: .palette(244))
/// let orange = Style(foreground: .rgb(230, 159, 0))
/// ```
package enum Color: Hashable, Sendable {
  /// The terminal's default foreground or background (keeps transparent backgrounds transparent).
  case `default`
  /// An entry of the terminal's palette, 0–255.
  case palette(UInt8)
  /// An exact colour, red, green and blue from 0 to 255.
  case rgb(UInt8, UInt8, UInt8)

  package static let black = Color.palette(0)
  package static let red = Color.palette(1)
  package static let green = Color.palette(2)
  package static let yellow = Color.palette(3)
  package static let blue = Color.palette(4)
  package static let magenta = Color.palette(5)
  package static let cyan = Color.palette(6)
  package static let white = Color.palette(7)
  package static let brightBlack = Color.palette(8)
  package static let brightRed = Color.palette(9)
  package static let brightGreen = Color.palette(10)
  package static let brightYellow = Color.palette(11)
  package static let brightBlue = Color.palette(12)
  package static let brightMagenta = Color.palette(13)
  package static let brightCyan = Color.palette(14)
  package static let brightWhite = Color.palette(15)

  /// The nearest colour a terminal with `paletteSize` colours can show.
  ///
  /// A palette entry the terminal has stays as it is; a higher one becomes the closest of the basic
  /// colours (16 of them, or 8). An RGB colour becomes the closest entry of the xterm cube and grey
  /// ramp (16–255) when the terminal has 256 colours, else the closest of the 8 basic ones: entries
  /// 0–15 are whatever the user's theme made them, so only the fixed ones are matched by value.
  ///
  /// - Parameter paletteSize: how many colours the terminal has (8, 16, 88, 256, …).
  /// - Returns: a colour the terminal has; `.default` when it has no colours at all.
  package func fitted(toPaletteSize paletteSize: Int) -> Color {
    if paletteSize < 8 { return .default }
    switch self {
    case .default:
      return self
    case .palette(let index):
      if Int(index) < paletteSize { return self }
      return .palette(
        Color.nearest(to: Color.rgb(ofPaletteIndex: index), in: 0..<(paletteSize >= 16 ? 16 : 8)))
    case .rgb(let red, let green, let blue):
      let value = (Int(red), Int(green), Int(blue))
      return .palette(Color.nearest(to: value, in: paletteSize >= 256 ? 16..<256 : 0..<8))
    }
  }

  /// ``fitted(toPaletteSize:)`` for text: an RGB colour that would become the basic black or white
  /// (0 or 7) of a terminal without the 256 colours becomes its default foreground instead. One of
  /// them is the terminal's background, which the app cannot know: the light theme's faint grey
  /// became white (SGR 37) on the white background it is for, the dark theme's dark grey black on
  /// black; the default foreground reads on either.
  ///
  /// - Parameter paletteSize: how many colours the terminal has.
  /// - Returns: a colour the terminal has.
  package func fittedForeground(toPaletteSize paletteSize: Int) -> Color {
    let fitted = fitted(toPaletteSize: paletteSize)
    guard case .rgb = self, paletteSize < 256, fitted == .palette(0) || fitted == .palette(7) else {
      return fitted
    }
    return .default
  }

  /// This colour's red, green and blue: its own for an RGB colour, xterm's usual rendering for a
  /// palette entry, `nil` for the default.
  package var components: (red: UInt8, green: UInt8, blue: UInt8)? {
    switch self {
    case .default: return nil
    case .rgb(let red, let green, let blue): return (red, green, blue)
    case .palette(let index):
      let value = Color.rgb(ofPaletteIndex: index)
      return (UInt8(value.0), UInt8(value.1), UInt8(value.2))
    }
  }

  /// The palette index in `candidates` closest to `rgb` (squared distance in RGB; the first of equals).
  private static func nearest(to rgb: (Int, Int, Int), in candidates: Range<Int>) -> UInt8 {
    var best = candidates.lowerBound
    var bestDistance = Int.max
    for candidate in candidates {
      let other = Color.rgb(ofPaletteIndex: UInt8(candidate))
      let distance =
        (rgb.0 - other.0) * (rgb.0 - other.0) + (rgb.1 - other.1) * (rgb.1 - other.1)
        + (rgb.2 - other.2) * (rgb.2 - other.2)
      if distance < bestDistance {
        bestDistance = distance
        best = candidate
      }
    }
    return UInt8(best)
  }

  /// The usual xterm rendering of a palette index, used to pick a nearest neighbour and to send a
  /// palette entry to a direct-colour terminal.
  private static func rgb(ofPaletteIndex index: UInt8) -> (Int, Int, Int) {
    paletteRGB[Int(index)]
  }

  /// xterm's rendering of every palette entry, worked out once: a nearest-colour search reads 240.
  private static let paletteRGB: [(Int, Int, Int)] = {
    let basic: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    let cubeSide = 6
    let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
    let cube = (0..<(cubeSide * cubeSide * cubeSide)).map { offset in
      (level(offset / (cubeSide * cubeSide)), level((offset / cubeSide) % cubeSide), level(offset % cubeSide))
    }
    let greys = (0..<24).map { step in (8 + step * 10, 8 + step * 10, 8 + step * 10) }
    return basic + cube + greys
  }()
}
