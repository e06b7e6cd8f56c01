import OurPlanetModel
import TerminalUI

/// The filter form (`v`): a framed box of rows over the screen, one per filter, whose values the
/// keys change; Enter applies them all at once, Esc closes and changes nothing.
///
/// The state and its rules are ``FilterForm`` (a value, tested without a terminal); this draws it
/// and turns keys into its steps: ↑/↓ (k/j) rows, ←/→ (h/l off the typed rows) change a cycling
/// value, digits and letters type on a number's or the unit's row, Backspace deletes, Space takes
/// or leaves a source. A value that cannot be is said on the box's last line, on its row.
final class FilterFormOverlay: Overlay {
  /// The form as the keys left it.
  private(set) var form: FilterForm
  private let theme: Theme
  private let apply: (FilterForm.Outcome) -> Void
  /// The first source row shown, when the sources do not all fit.
  private var sourceOffset = 0

  /// The box's smallest size: every fixed row, one source, the hint, the frame (a row more with
  /// the alerts row: ``minimumSize(of:)``).
  static let minimumSize = Size(width: 46, height: 11)

  /// The smallest size for `form`: with the alerts row, one row more than ``minimumSize``.
  static func minimumSize(of form: FilterForm) -> Size {
    Size(width: minimumSize.width, height: minimumSize.height + (form.rows.contains(.alertsOnly) ? 1 : 0))
  }
  /// The widest the box grows.
  static let maximumWidth = 72
  /// The label column's width.
  private static let labelWidth = 10

  /// A form starting from `form` that hands what it holds to `apply` on Enter.
  init(form: FilterForm, theme: Theme = .standard, apply: @escaping (FilterForm.Outcome) -> Void) {
    self.form = form
    self.theme = theme
    self.apply = apply
  }

  func handle(_ key: Key) -> Bool {
    switch key {
    case .escape:
      return false
    case .enter:
      guard let outcome = form.submit() else { return true }
      apply(outcome)
      return false
    case .up: form.move(by: -1)
    case .down, .tab: form.move(by: 1)
    case .left: form.cycle(by: -1)
    case .right: form.cycle(by: 1)
    case .backspace: form.deleteBackward()
    case .home: form.move(by: -form.rows.count)
    case .end: form.move(by: form.rows.count)
    case .char(" "):
      form.toggle()
    case .char(let character):
      handle(character)
    default:
      break
    }
    return true
  }

  /// A character: text on the unit's row and digits on a number's; elsewhere the vim keys move
  /// and change as the arrows do.
  private func handle(_ character: Character) {
    // A bound takes a grouped number (`1,000`) as the command line does; its unit has its own row.
    if form.row == .unit || character.isNumber || ".,-".contains(character) {
      return form.type(character)
    }
    switch character {
    case "k": form.move(by: -1)
    case "j": form.move(by: 1)
    case "h": form.cycle(by: -1)
    case "l": form.cycle(by: 1)
    default: break
    }
  }

  func render(into buffer: inout CellBuffer, rect: Rect) {
    let minimum = Self.minimumSize(of: form)
    guard rect.width >= minimum.width, rect.height >= minimum.height else {
      return renderTooSmall(into: &buffer, rect: rect)
    }
    let symbols = buffer.symbols
    let fixed = form.rows.filter { if case .source = $0 { false } else { true } }.count
    let sources = form.rows.count - fixed
    // The frame, the blank line and the hint take four rows.
    let height = min(rect.height, fixed + max(1, sources) + 4)
    let width = min(rect.width, Self.maximumWidth)
    let box = rect.centered(Size(width: width, height: height))
    buffer.clear(box, style: theme.text)
    drawFrame(box, symbols: symbols, buffer: &buffer)
    let heading = TextLayout.truncate(" Filters ", toWidth: box.width - 4, ellipsis: symbols.ellipsis)
    buffer.write(heading, at: Point(x: box.x + 2, y: box.y), style: theme.frame.adding(.bold), clip: box)
    let inner = box.insetBy(dx: 2, dy: 1)
    let (rowsArea, footer) = inner.splitBottom(2)
    let sourceRows = max(1, rowsArea.height - fixed)
    // The selected source stays in view.
    if form.selected >= fixed {
      let position = form.selected - fixed
      sourceOffset = min(max(sourceOffset, position - sourceRows + 1), position)
    }
    sourceOffset = max(0, min(sourceOffset, max(0, sources - sourceRows)))
    var y = rowsArea.y
    for (index, row) in form.rows.enumerated() {
      if index >= fixed, index - fixed < sourceOffset || index - fixed >= sourceOffset + sourceRows {
        continue
      }
      guard y < rowsArea.maxY else { break }
      draw(
        row, selected: index == form.selected, first: index - fixed == sourceOffset, at: y, in: rowsArea,
        buffer: &buffer)
      y += 1
    }
    // Sources out of view are counted on the rows at the edges of the list.
    let above = sourceOffset
    let below = max(0, sources - sourceOffset - sourceRows)
    for (count, row, arrow) in [(above, rowsArea.y + fixed, "↑"), (below, y - 1, "↓")] where count > 0 {
      let more = " \(arrow) \(Formatting.count(count)) more"
      buffer.write(
        more, at: Point(x: rowsArea.maxX - DisplayWidth.of(more), y: row), style: theme.secondary,
        clip: rowsArea)
    }
    if sources == 0 {
      buffer.write(
        label("Sources") + "none in the catalog", at: Point(x: rowsArea.x, y: y), style: theme.secondary,
        clip: rowsArea)
    }
    let message = form.problem ?? "↑↓ row · ←→ change · Space source · Enter applies · Esc cancels"
    buffer.write(
      TextLayout.truncate(message, toWidth: footer.width, ellipsis: symbols.ellipsis),
      at: Point(x: footer.x, y: footer.maxY - 1), style: form.problem == nil ? theme.secondary : theme.error,
      clip: footer)
  }

  /// One row: its label, and its value (with a cursor on a typed row, arrows on a cycling one).
  private func draw(
    _ row: FilterForm.Row, selected: Bool, first: Bool, at y: Int, in area: Rect, buffer: inout CellBuffer
  ) {
    let line = Rect(x: area.x, y: y, width: area.width, height: 1)
    var value = form.value(of: row)
    let name: String
    switch row {
    case .days: name = "Days"
    case .status: name = "Status"
    case .minimum: name = "Minimum"
    case .maximum: name = "Maximum"
    case .unit: name = "Unit"
    case .region: name = "Region"
    case .alertsOnly: name = "Alerts"
    case .source(let id):
      name = first ? "Sources" : ""
      let count = form.sources.first { $0.id == id }?.count ?? 0
      value += " \(id)  \(Formatting.count(count, "event"))"
    }
    if selected {
      switch row {
      case .minimum, .maximum: value += "▏"
      case .days, .unit: value = "◀ \(value)▏ ▶"
      case .status, .region, .alertsOnly: value = "◀ \(value) ▶"
      case .source: break
      }
    } else if case .minimum = row, value.isEmpty {
      value = "none"
    } else if case .maximum = row, value.isEmpty {
      value = "none"
    }
    if selected { buffer.setStyle(theme.selection, in: line) }
    let text = TextLayout.truncate(
      label(name) + value, toWidth: line.width, ellipsis: buffer.symbols.ellipsis)
    buffer.write(text, at: Point(x: line.x, y: y), style: selected ? theme.selection : theme.text, clip: line)
  }

  /// `name` padded to the label column.
  private func label(_ name: String) -> String {
    name + String(repeating: " ", count: max(1, Self.labelWidth - DisplayWidth.of(name)))
  }

  /// One line where the form would be: what size it needs.
  private func renderTooSmall(into buffer: inout CellBuffer, rect: Rect) {
    guard !rect.isEmpty else { return }
    let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    buffer.clear(line, style: theme.text)
    let size = Self.minimumSize(of: form)
    // The size first: a narrow terminal cuts the end of the line.
    let text =
      "Enlarge the terminal (\(size.width)\(buffer.symbols.times)\(size.height + 2)) for the filter form · Esc closes"
    buffer.write(
      TextLayout.truncate(text, toWidth: line.width, ellipsis: buffer.symbols.ellipsis),
      at: Point(x: line.x, y: line.y), style: theme.error, clip: line)
  }

  private func drawFrame(_ box: Rect, symbols: Symbols, buffer: inout CellBuffer) {
    guard box.width >= 2, box.height >= 2 else { return }
    let horizontal = String(repeating: symbols.boxHorizontal, count: box.width - 2)
    let corners = symbols.boxCorners
    buffer.write(
      String(corners[0]) + horizontal + String(corners[1]), at: Point(x: box.x, y: box.y), style: theme.frame,
      clip: box)
    buffer.write(
      String(corners[2]) + horizontal + String(corners[3]), at: Point(x: box.x, y: box.maxY - 1),
      style: theme.frame, clip: box)
    for y in (box.y + 1)..<(box.maxY - 1) {
      buffer.write(String(symbols.boxVertical), at: Point(x: box.x, y: y), style: theme.frame, clip: box)
      buffer.write(
        String(symbols.boxVertical), at: Point(x: box.maxX - 1, y: y), style: theme.frame, clip: box)
    }
  }
}
