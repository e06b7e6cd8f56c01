import Testing

@testable import TerminalUI

@Suite struct HeaderViewTests {
  @Test func drawsBreadcrumbsAndRightText() {
    let header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"], rightText: "live")
    let lines = renderLines(width: 30, height: 1) { header.render(into: &$0, rect: $1) }
    #expect(lines == ["OurPlanet › Wildfires     live"])
  }

  @Test func currentCrumbIsBold() {
    let header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"])
    var buffer = CellBuffer(size: Size(width: 30, height: 1))
    header.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[12, 0].style.attributes.contains(.bold))
    #expect(buffer[12, 0].style.foreground == Theme.standard.header.foreground)
  }

  @Test(arguments: [
    (21, "OurPlanet › Wildfires"), (20, "… › Wildfires       "), (12, "… › Wildfir…"), (7, "… › Wi…"),
    (6, "Wildf…"), (3, "Wi…"), (1, "…"),
  ])
  func narrowHeadersKeepTheCurrentScreen(width: Int, expected: String) {
    let header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"], rightText: "live")
    let lines = renderLines(width: width, height: 1) { header.render(into: &$0, rect: $1) }
    #expect(lines.trimmed == [expected].trimmed)
  }

  @Test func asciiSeparator() {
    let header = HeaderView(breadcrumbs: ["OurPlanet", "Wildfires"])
    #expect(
      renderLines(width: 22, height: 1, symbols: .ascii) { header.render(into: &$0, rect: $1) }
        == ["OurPlanet > Wildfires "])
  }

  @Test func tinyRects() {
    let header = HeaderView(breadcrumbs: ["OurPlanet"])
    #expect(renderLines(width: 5, height: 2) { header.render(into: &$0, rect: $1) } == ["OurP…", "     "])
  }
}
