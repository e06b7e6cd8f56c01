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
  }

  @Test func stylesMergeAndDropColours() {
    let base = Style(foreground: .red, attributes: .bold)
    let merged = base.merged(with: Style(background: .blue, attributes: .reverse))
    #expect(merged == Style(foreground: .red, background: .blue, attributes: [.bold, .reverse]))
    #expect(merged.withoutColors == Style(attributes: [.bold, .reverse]))
  }
}
