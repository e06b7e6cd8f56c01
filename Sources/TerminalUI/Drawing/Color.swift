/// A colour from the terminal's own palette.
///
/// OurPlanet never sets RGB values: it picks palette entries so the user's terminal theme decides what
/// "red" looks like. Indices 0–7 are the basic colours, 8–15 their bright variants, 16–255 the xterm
/// colour cube and grey ramp. A terminal with fewer colours gets the nearest entry it has.
///
/// ```swift
/// let warning = Style(foreground: .yellow)
/// let subtle = Style(foreground: .palette(244))
/// ```
public enum Color: Hashable, Sendable {
  /// The terminal's default foreground or background (keeps transparent backgrounds transparent).
  case `default`
  /// An entry of the terminal's palette, 0–255.
  case palette(UInt8)

  public static let black = Color.palette(0)
  public static let red = Color.palette(1)
  public static let green = Color.palette(2)
  public static let yellow = Color.palette(3)
  public static let blue = Color.palette(4)
  public static let magenta = Color.palette(5)
  public static let cyan = Color.palette(6)
  public static let white = Color.palette(7)
  public static let brightBlack = Color.palette(8)
  public static let brightRed = Color.palette(9)
  public static let brightGreen = Color.palette(10)
  public static let brightYellow = Color.palette(11)
  public static let brightBlue = Color.palette(12)
  public static let brightMagenta = Color.palette(13)
  public static let brightCyan = Color.palette(14)
  public static let brightWhite = Color.palette(15)

  /// The nearest colour a terminal with `paletteSize` colours can show.
  ///
  /// - Parameter paletteSize: how many colours the terminal has (8, 16, 88, 256, …).
  /// - Returns: `self` when it fits, else the closest basic colour; `.default` when the terminal has
  ///   no colours at all.
  public func fitted(toPaletteSize paletteSize: Int) -> Color {
    guard case .palette(let index) = self else { return self }
    if paletteSize < 8 { return .default }
    if Int(index) < paletteSize { return self }
    let basicCount = paletteSize >= 16 ? 16 : 8
    let rgb = Color.rgb(ofPaletteIndex: index)
    var best = 0
    var bestDistance = Int.max
    for candidate in 0..<basicCount {
      let other = Color.rgb(ofPaletteIndex: UInt8(candidate))
      let distance =
        (rgb.0 - other.0) * (rgb.0 - other.0) + (rgb.1 - other.1) * (rgb.1 - other.1)
        + (rgb.2 - other.2) * (rgb.2 - other.2)
      if distance < bestDistance {
        bestDistance = distance
        best = candidate
      }
    }
    return .palette(UInt8(best))
  }

  /// The usual xterm rendering of a palette index, only used to pick a nearest neighbour.
  private static func rgb(ofPaletteIndex index: UInt8) -> (Int, Int, Int) {
    let basic: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    let value = Int(index)
    if value < basic.count { return basic[value] }
    let cubeStart = 16
    let cubeSide = 6
    let greyStart = cubeStart + cubeSide * cubeSide * cubeSide
    if value < greyStart {
      let offset = value - cubeStart
      let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
      return (
        level(offset / (cubeSide * cubeSide)), level((offset / cubeSide) % cubeSide), level(offset % cubeSide)
      )
    }
    let grey = 8 + (value - greyStart) * 10
    return (grey, grey, grey)
  }
}
