import TerminalUI

extension AppShell {
  /// The screen's header text in the fullest form that `crumbs` leave room for in `width` (the
  /// screen decides what gives way first), the last form cut with an ellipsis when none fits.
  private func headerRight(beside crumbs: [String], width: Int, symbols: Symbols) -> String {
    let header = screen.header
    let room = width - DisplayWidth.of(crumbs.joined(separator: symbols.breadcrumbSeparator)) - 2
    guard room >= Self.shortestHeaderText else { return header.full }
    return header.fitting(room, ellipsis: symbols.ellipsis)
  }

  /// Below this many columns the header's right text is left out rather than cut.
  private static let shortestHeaderText = 12

  /// Draws the whole screen into `buffer`.
  package func render(into buffer: inout CellBuffer) {
    let (headerRect, rest) = buffer.bounds.splitTop(1)
    let (content, statusRect) = rest.splitBottom(1)
    let crumbs = ["OurPlanet"] + navigator.stack.map(\.breadcrumb).filter { !$0.isEmpty }
    HeaderView(
      breadcrumbs: crumbs,
      rightText: headerRight(beside: crumbs, width: headerRect.width, symbols: buffer.symbols),
      theme: context.theme
    )
    .render(into: &buffer, rect: headerRect)

    var body = content
    if let target = screen as? Searchable, search != nil || !target.query.isEmpty {
      let split = body.splitBottom(1)
      body = split.rest
      let cursor = search != nil ? "▏" : ""
      let hint = search != nil ? "   Enter keeps · Esc clears · ↑↓ move" : "   / edits · Esc clears"
      buffer.write("/ \(target.query)\(cursor)", at: Point(x: split.bottom.x, y: split.bottom.y))
      let used = DisplayWidth.of("/ \(target.query)\(cursor)")
      if used + DisplayWidth.of(hint) <= split.bottom.width {
        buffer.write(
          hint, at: Point(x: split.bottom.x + used, y: split.bottom.y), style: context.theme.secondary)
      }
    }
    screen.render(into: &buffer, rect: body)
    status.line(position: screen.position, alertCount: screen.alertCount).render(
      into: &buffer, rect: statusRect)
    overlay?.render(into: &buffer, rect: content)
  }
}
