/// The bottom line: a spinner while work runs, a progress figure and bar, and a message.
///
/// "⠋ 5/13 ████░░░░ Loading Wildfires…". The spinner, figure and bar drop out as the line narrows,
/// the message is truncated with an ellipsis; errors are drawn in the theme's error style after a
/// `!`, which says "error" where no colour can (`mono`, `NO_COLOR`).
///
/// ```swift
/// var status = StatusLine()
/// status.spinner.isSpinning = true
/// status.progress = Progress(completed: 5, total: 13)
/// status.message = "categories · 1,204 events"
/// status.tick = session.animationTick
/// status.render(into: &buffer, rect: bottom)
/// ```
package struct StatusLine: Hashable, Sendable {
  /// What kind of message the line shows.
  package enum MessageKind: Hashable, Sendable {
    case info, hint, error
  }

  /// Turns while work runs.
  package var spinner: Spinner
  /// The animation tick that picks the spinner frame.
  package var tick: Int
  /// The progress figure and bar, or `nil` for none.
  package var progress: Progress?
  /// Free text: what is happening, what failed, a hint.
  package var message: String
  /// How the message is drawn.
  package var messageKind: MessageKind
  /// Text pinned to the right edge ("? help"), dropped first when space runs out.
  package var rightText: String
  /// Styles.
  package var theme: Theme
  /// Cells of the progress bar when there is room for it.
  package var barWidth: Int

  /// Creates a status line.
  package init(
    message: String = "", messageKind: MessageKind = .info, rightText: String = "", theme: Theme = .standard
  ) {
    self.spinner = Spinner()
    self.tick = 0
    self.progress = nil
    self.message = message
    self.messageKind = messageKind
    self.rightText = rightText
    self.theme = theme
    self.barWidth = 10
  }

  /// Draws the line on the first row of `rect`.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.status)
    guard !rect.isEmpty else { return }
    let symbols = buffer.symbols
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    var x = rect.x
    if let glyph = spinner.glyph(at: tick, symbols: symbols) {
      x += buffer.write(String(glyph) + " ", at: Point(x: x, y: rect.y), style: theme.accent, clip: row)
    }
    if let progress {
      let figure = "\(progress.completed)/\(progress.total)"
      let figureWidth = DisplayWidth.of(figure)
      if row.maxX - x >= figureWidth + 1 {
        x += buffer.write(figure + " ", at: Point(x: x, y: rect.y), style: theme.status, clip: row)
        if row.maxX - x >= barWidth + 1 + Self.minimumMessage {
          let filled = Int((progress.fraction * Double(barWidth)).rounded(.down))
          let bar =
            String(repeating: symbols.barFilled, count: filled)
            + String(repeating: symbols.barEmpty, count: barWidth - filled)
          x += buffer.write(bar, at: Point(x: x, y: rect.y), style: theme.accent, clip: row)
          x += buffer.write(" ", at: Point(x: x, y: rect.y), style: theme.status, clip: row)
        }
      }
    }
    var messageRight = row.maxX
    let rightWidth = DisplayWidth.of(rightText)
    if rightWidth > 0 && row.maxX - x >= rightWidth + 1 + Self.minimumMessage {
      buffer.write(
        rightText, at: Point(x: row.maxX - rightWidth, y: rect.y), style: theme.secondary, clip: row)
      messageRight = row.maxX - rightWidth - 1
    }
    let available = messageRight - x
    guard available > 0, !message.isEmpty else { return }
    let marked = messageKind == .error ? "! " + message : message
    let text = TextLayout.truncate(marked, toWidth: available, ellipsis: symbols.ellipsis)
    let style: Style =
      switch messageKind {
      case .info: theme.status
      case .hint: theme.secondary
      case .error: theme.error
      }
    buffer.write(
      text, at: Point(x: x, y: rect.y), style: style, clip: Rect(x: x, y: rect.y, width: available, height: 1)
    )
  }

  private static let minimumMessage = 8
}
