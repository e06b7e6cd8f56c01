extension Color {
  /// The xterm cube or grey-ramp entry (16–255) nearest to an RGB colour, worked out directly.
  ///
  /// The same answer as ``fitted(toPaletteSize:)`` for 256 colours (squared RGB distance, the lower
  /// index of equals), without comparing 240 entries: the cube's nearest point is each channel's
  /// nearest level, the ramp's nearest grey is the one nearest the channels' mean. An image drawn
  /// at 256 colours fits every cell, so this is the one an image uses.
  static func nearestCubeOrGrey(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let channels = (Int(red), Int(green), Int(blue))
    let levels = (cubeStep(channels.0), cubeStep(channels.1), cubeStep(channels.2))
    let cubeDistance =
      square(channels.0 - cubeLevel(levels.0)) + square(channels.1 - cubeLevel(levels.1))
      + square(channels.2 - cubeLevel(levels.2))
    let cubeIndex = 16 + 36 * levels.0 + 6 * levels.1 + levels.2
    // Greys are 8 + 10k; the nearest to the mean is k or k + 1 around (mean − 8) / 10.
    let sum = channels.0 + channels.1 + channels.2
    var bestGrey = 0
    var greyDistance = Int.max
    let around = max(0, min(23, (sum / 3 - 8) / 10))
    for step in [around, min(23, around + 1)] {
      let grey = 8 + 10 * step
      let distance = square(channels.0 - grey) + square(channels.1 - grey) + square(channels.2 - grey)
      if distance < greyDistance {
        greyDistance = distance
        bestGrey = step
      }
    }
    return cubeDistance <= greyDistance ? UInt8(cubeIndex) : UInt8(232 + bestGrey)
  }

  /// The cube level (0–5) nearest to a channel value; the lower one when two are as near.
  private static func cubeStep(_ value: Int) -> Int {
    if value <= 47 { return 0 }
    if value <= 115 { return 1 }
    return min(5, (value - 116) / 40 + 2)
  }

  /// The channel value of cube level `step`.
  private static func cubeLevel(_ step: Int) -> Int {
    step == 0 ? 0 : 55 + 40 * step
  }

  private static func square(_ value: Int) -> Int { value * value }
}
