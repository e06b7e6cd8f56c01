import Testing

@testable import TerminalUI

@Suite struct SliderViewTests {
  private func slider(_ value: Int) -> SliderView {
    SliderView(value: value, bounds: 1...61, step: 1, largeStep: 10, label: "Last \(value) days")
  }

  @Test func drawsLabelArrowsTrackAndKnob() {
    let view = slider(31)
    let lines = renderLines(width: 27, height: 1) { view.render(into: &$0, rect: $1) }
    #expect(lines == ["Last 31 days ◀━━━━━━●━━━━━▶"])
  }

  @Test func knobSitsAtTheEnds() {
    #expect(
      renderLines(width: 20, height: 1) { slider(1).render(into: &$0, rect: $1) } == ["Last 1 days ◀●━━━━━▶"])
    #expect(
      renderLines(width: 21, height: 1) { slider(61).render(into: &$0, rect: $1) } == [
        "Last 61 days ◀━━━━━●▶"
      ])
  }

  @Test func asciiFallback() {
    let lines = renderLines(width: 22, height: 1, symbols: .ascii) { slider(31).render(into: &$0, rect: $1) }
    #expect(lines == ["Last 31 days <---o--->"])
  }

  @Test(arguments: [(15, ["Last 31 days   "]), (5, ["Last…"]), (1, ["…"])])
  func narrowSlidersKeepTheLabel(width: Int, expected: [String]) {
    #expect(renderLines(width: width, height: 1) { slider(31).render(into: &$0, rect: $1) } == expected)
  }

  @Test func tinyRectsAreHarmless() {
    #expect(
      renderLines(width: 5, height: 2) { slider(31).render(into: &$0, rect: $1) } == ["Last…", "     "])
    #expect(renderLines(width: 0, height: 0) { slider(31).render(into: &$0, rect: $1) } == [])
  }

  @Test func keysStepWithinBounds() {
    var view = slider(5)
    let handled = view.handle(key: .left)
    #expect(handled)
    #expect(view.value == 4)
    _ = view.handle(key: .shiftLeft)
    #expect(view.value == 1)
    _ = view.handle(key: .char("]"))
    #expect(view.value == 11)
    _ = view.handle(key: .shiftRight)
    _ = view.handle(key: .right)
    #expect(view.value == 22)
    _ = view.handle(key: .end)
    #expect(view.value == 61)
    _ = view.handle(key: .right)
    #expect(view.value == 61)
    let handled2 = view.handle(key: .char("q"))
    #expect(!handled2)
  }

  @Test func valuesAreClampedToBounds() {
    var view = SliderView(value: 500, bounds: 1...365)
    #expect(view.value == 365)
    view.bounds = 1...30
    #expect(view.value == 30)
    view.setValue(-4)
    #expect(view.value == 1)
  }
}
