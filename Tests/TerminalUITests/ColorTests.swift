import Testing

@testable import TerminalUI

@Suite struct ColorTests {
  @Test func fitsPaletteColoursToSmallerPalettes() {
    #expect(Color.palette(196).fitted(toPaletteSize: 256) == .palette(196))
    #expect(Color.palette(196).fitted(toPaletteSize: 16) == .brightRed)
    #expect(Color.palette(196).fitted(toPaletteSize: 8) == .red)
    #expect(Color.brightBlue.fitted(toPaletteSize: 8) == .blue)
    #expect(Color.palette(244).fitted(toPaletteSize: 16) == .brightBlack)
  }

  @Test func defaultStaysDefaultAndMonochromeLosesColour() {
    #expect(Color.default.fitted(toPaletteSize: 8) == .default)
    #expect(Color.red.fitted(toPaletteSize: 2) == .default)
    #expect(Color.rgb(230, 159, 0).fitted(toPaletteSize: 2) == .default)
  }

  @Test("an RGB colour takes the nearest of the 256-colour cube and grey ramp, never 0–15")
  func rgbFitsTheCubeAndGreyRamp() {
    // Okabe–Ito orange: cube levels 215, 175, 0 (16 + 36·4 + 6·3 + 0).
    #expect(Color.rgb(230, 159, 0).fitted(toPaletteSize: 256) == .palette(178))
    // Sky blue: 95, 175, 215.
    #expect(Color.rgb(86, 180, 233).fitted(toPaletteSize: 256) == .palette(74))
    // A mid grey is nearer the ramp's 128 (244) than the cube's 135 (102).
    #expect(Color.rgb(128, 128, 128).fitted(toPaletteSize: 256) == .palette(244))
    // Pure red is the cube's corner (196), not palette entry 9, which the user's theme may change.
    #expect(Color.rgb(255, 0, 0).fitted(toPaletteSize: 256) == .palette(196))
    #expect(Color.rgb(0, 0, 0).fitted(toPaletteSize: 256) == .palette(16))
  }

  @Test("below 256 colours an RGB colour takes the nearest of the 8 basic ones")
  func rgbFitsTheBasicEight() {
    #expect(Color.rgb(213, 94, 0).fitted(toPaletteSize: 8) == .red)
    #expect(Color.rgb(86, 180, 233).fitted(toPaletteSize: 16) == .cyan)
    #expect(Color.rgb(0, 85, 153).fitted(toPaletteSize: 88) == .blue)
    #expect(Color.rgb(240, 228, 66).fitted(toPaletteSize: 8) == .yellow)
    #expect(Color.rgb(250, 250, 250).fitted(toPaletteSize: 8) == .white)
  }

  @Test func componentsOfRGBAndPaletteColours() throws {
    let orange = try #require(Color.rgb(230, 159, 0).components)
    #expect([orange.red, orange.green, orange.blue] == [230, 159, 0])
    let cube = try #require(Color.palette(178).components)
    #expect([cube.red, cube.green, cube.blue] == [215, 175, 0])
    #expect(Color.default.components == nil)
  }

  @Test func stylesMergeAndDropColours() {
    let base = Style(foreground: .red, attributes: .bold)
    let merged = base.merged(with: Style(background: .blue, attributes: .reverse))
    #expect(merged == Style(foreground: .red, background: .blue, attributes: [.bold, .reverse]))
    #expect(merged.withoutColors == Style(attributes: [.bold, .reverse]))
  }

  /// Issue 38, item 14: the light theme's faint grey was white (SGR 37) on a white background.
  @Test("text whose nearest basic colour is black or white takes the default foreground, below 256 colours")
  func foregroundNeverBecomesABackground() {
    #expect(Color.rgb(150, 150, 150).fitted(toPaletteSize: 8) == .palette(7))
    #expect(Color.rgb(150, 150, 150).fittedForeground(toPaletteSize: 8) == .default)
    #expect(Color.rgb(40, 40, 40).fittedForeground(toPaletteSize: 16) == .default)
    #expect(Color.rgb(175, 0, 0).fittedForeground(toPaletteSize: 8) == .palette(1))
    #expect(
      Color.palette(7).fittedForeground(toPaletteSize: 8) == .palette(7), "a palette entry asked for stays")
    #expect(Color.rgb(150, 150, 150).fittedForeground(toPaletteSize: 256) != .default)
  }
}
