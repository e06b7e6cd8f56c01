import Support

/// The top line: breadcrumbs ("OurPlanet › Wildfires") and an optional right-aligned note.
///
/// When the line is too narrow the leading crumbs give way to an ellipsis, so the current screen's
/// name stays readable longest.
///
/// ```swift
/// var header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"])
/// header.rightText = "live · 2 min ago"
/// header.render(into: &buffer, rect: top)
/// ```
package struct HeaderView: Hashable, Sendable {
  /// From the root to the current screen.
  package var breadcrumbs: [String]
  /// Pinned to the right edge (data source, age), dropped first when space runs out.
  package var rightText: String
  /// Styles.
  package var theme: Theme

  /// Creates a header.
  package init(breadcrumbs: [String], rightText: String = "", theme: Theme = .standard) {
    self.breadcrumbs = breadcrumbs
    self.rightText = rightText
    self.theme = theme
  }

  /// Draws the header on the first row of `rect`.
  package func render(into buffer: inout CellBuffer, rect: Rect) {
    buffer.clear(rect, style: theme.header)
    guard !rect.isEmpty, !breadcrumbs.isEmpty else { return }
    // A crumb is often an event's title, as long as the server made it: measure a capped copy.
    let breadcrumbs = breadcrumbs.map { TextSanitizer.capped($0) }
    let symbols = buffer.symbols
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    var available = rect.width
    let rightWidth = DisplayWidth.of(rightText)
    let trailLength = DisplayWidth.of(breadcrumbs.joined(separator: symbols.breadcrumbSeparator))
    if rightWidth > 0 && trailLength + 2 + rightWidth <= rect.width {
      buffer.write(
        rightText, at: Point(x: row.maxX - rightWidth, y: rect.y), style: theme.secondary, clip: row)
      available -= rightWidth + 2
    }
    var crumbs = breadcrumbs
    var elided = false
    while crumbs.count > 1 && width(of: crumbs, elided: elided, symbols: symbols) > available {
      crumbs.removeFirst()
      elided = true
    }
    var x = rect.x
    let area = Rect(x: rect.x, y: rect.y, width: available, height: 1)
    let elisionWidth = DisplayWidth.of(symbols.ellipsis + symbols.breadcrumbSeparator)
    let minimumCurrent = 3
    if elided && elisionWidth + minimumCurrent > available {
      // Too narrow for "… › ": the current screen's name alone.
      elided = false
    }
    if elided {
      x += buffer.write(
        symbols.ellipsis + symbols.breadcrumbSeparator, at: Point(x: x, y: rect.y), style: theme.header,
        clip: area)
    }
    for (index, crumb) in crumbs.enumerated() {
      let isCurrent = index == crumbs.count - 1
      if isCurrent {
        let text = TextLayout.truncate(crumb, toWidth: area.maxX - x, ellipsis: symbols.ellipsis)
        buffer.write(
          text, at: Point(x: x, y: rect.y), style: theme.header.merged(with: theme.headerCurrent), clip: area)
      } else {
        x += buffer.write(
          crumb + symbols.breadcrumbSeparator, at: Point(x: x, y: rect.y), style: theme.header, clip: area)
      }
    }
  }

  private func width(of crumbs: [String], elided: Bool, symbols: Symbols) -> Int {
    let prefix = elided ? DisplayWidth.of(symbols.ellipsis + symbols.breadcrumbSeparator) : 0
    return prefix + DisplayWidth.of(crumbs.joined(separator: symbols.breadcrumbSeparator))
  }
}
