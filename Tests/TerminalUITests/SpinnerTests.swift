import Testing

@testable import TerminalUI

@Suite struct SpinnerTests {
  @Test func cyclesThroughBrailleFrames() {
    let spinner = Spinner(isSpinning: true)
    let frames = (0..<11).compactMap { spinner.glyph(at: $0, symbols: .unicode) }
    #expect(String(frames) == "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⠋")
  }

  @Test func asciiFramesAndNegativeTicks() {
    let spinner = Spinner(isSpinning: true)
    #expect((0..<5).compactMap { spinner.glyph(at: $0, symbols: .ascii) } == ["|", "/", "-", "\\", "|"])
    #expect(spinner.glyph(at: -1, symbols: .ascii) == "\\")
  }

  @Test func drawsNothingWhenStopped() {
    #expect(Spinner().glyph(at: 3, symbols: .unicode) == nil)
  }
}
