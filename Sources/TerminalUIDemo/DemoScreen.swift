import TerminalUI

/// The demo's screen state; touched only on the main thread.
final class DemoScreen {
  var header = HeaderView(breadcrumbs: ["TerminalUI demo", "List"])
  var slider = SliderView(value: 30, bounds: 1...365, step: 1, largeStep: 30)
  var list = ListView(emptyMessage: "No rows")
  var status = StatusLine(rightText: "? help · q quit")
  var help = HelpOverlay(entries: [
    HelpEntry(keys: "↑/↓ k/j", action: "move"),
    HelpEntry(keys: "PgUp/PgDn g/G", action: "page, top, bottom"),
    HelpEntry(keys: "←/→ [ ]", action: "days"),
    HelpEntry(keys: "r", action: "restart the work"),
    HelpEntry(keys: "q", action: "quit"),
  ])
  var showsHelp = false

  init() {
    var rows = [
      ListRow(glyph: "●", text: "日本語の行", detail: "CJK, two columns each", rightText: "12"),
      ListRow(glyph: "●", text: "Volcano 🌋 and fire 🔥", detail: "emoji", rightText: "3"),
      ListRow(glyph: "!", text: "Cafe\u{301} combining", detail: "combining mark", rightText: "7"),
      ListRow(
        glyph: "!", text: "\u{1B}[31mEscape\u{1B}[0m attempt\u{7}", detail: "sanitised", rightText: "0"),
    ]
    for index in 1...200 {
      rows.append(ListRow(text: "Row \(index)", detail: "detail \(index)", rightText: "\(index * 7)"))
    }
    list.rows = rows
    updateSliderLabel()
  }

  func updateSliderLabel() {
    slider.label = "Last \(slider.value) days"
  }

  func render(into buffer: inout CellBuffer) {
    let screen = buffer.bounds
    let (top, rest) = screen.splitTop(1)
    let (sliderRow, afterSlider) = rest.splitTop(1)
    let (body, bottom) = afterSlider.splitBottom(1)
    header.render(into: &buffer, rect: top)
    slider.render(into: &buffer, rect: sliderRow)
    list.render(into: &buffer, rect: body)
    status.render(into: &buffer, rect: bottom)
    if showsHelp { help.render(into: &buffer, rect: screen) }
  }
}
