import Testing

@testable import TerminalUI

@Suite struct ListViewTests {
  private func list(count: Int) -> ListView {
    ListView(rows: (1...count).map { ListRow(text: "Row \($0)", rightText: "\($0 * 10)") })
  }

  @Test func rendersRowsWithRightAlignedColumnAndSelection() {
    var view = ListView(rows: [
      ListRow(glyph: "●", text: "Wildfires", detail: "open", rightText: "1,204"),
      ListRow(glyph: "!", text: "Volcanoes", rightText: "12"),
      ListRow(text: "Sea and Lake Ice", rightText: "3"),
    ])
    let lines = renderLines(width: 30, height: 4) { view.render(into: &$0, rect: $1) }
    #expect(
      lines.trimmed == [
        "● Wildfires  open        1,204",
        "! Volcanoes                 12",
        "  Sea and Lake Ice           3",
        "",
      ])
    var buffer = CellBuffer(size: Size(width: 30, height: 4))
    view.render(into: &buffer, rect: buffer.bounds)
    #expect(buffer[10, 0].style.attributes.contains(.reverse))
    #expect(!buffer[10, 1].style.attributes.contains(.reverse))
  }

  @Test("a lazy list makes only the rows it draws, and keeps the selection by id")
  func lazyRows() {
    final class Made { var indices: [Int] = [] }
    let made = Made()
    func replace(_ view: inout ListView, ids: [Int]) {
      view.replaceRows(
        count: ids.count, glyphWidth: 1, id: { "e\(ids[$0])" },
        row: { index in
          made.indices.append(index)
          return ListRow(id: "e\(ids[index])", glyph: "●", text: "Event \(ids[index])")
        })
    }
    var view = ListView()
    replace(&view, ids: Array(0..<20_000))
    #expect(view.rowCount == 20_000)
    #expect(made.indices.isEmpty, "nothing is made before it is drawn")
    _ = view.handle(key: .char("G"))
    let lines = renderLines(width: 20, height: 3) { view.render(into: &$0, rect: $1) }
    #expect(lines.trimmed == ["● Event 19997", "● Event 19998", "● Event 19999"])
    #expect(Set(made.indices) == [19_997, 19_998, 19_999], "only the rows on screen")
    // Ten thousand rows inserted above: the selection stays on its row, on the same screen line.
    replace(&view, ids: Array(-10_000..<20_000))
    #expect(view.selectedID == "e19999")
    #expect(view.selectedIndex == 29_999)
    #expect(view.selectedRow?.text == "Event 19999")
    let found = view.select(id: "e5")
    #expect(found)
    #expect(view.selectedIndex == 10_005)
  }

  @Test func truncatesTitlesWithAnEllipsisAndDropsDetailFirst() {
    var view = ListView(rows: [ListRow(text: "Severe Storms in the Pacific", detail: "open", rightText: "42")]
    )
    let lines = renderLines(width: 16, height: 1) { view.render(into: &$0, rect: $1) }
    #expect(lines == ["Severe Storm… 42"])
  }

  @Test func dropsTheRightColumnWhenTooNarrow() {
    var view = ListView(rows: [ListRow(text: "Wildfires", rightText: "1,204")])
    #expect(renderLines(width: 8, height: 1) { view.render(into: &$0, rect: $1) } == ["Wildfir…"])
  }

  @Test func scrollingKeepsTheSelectionVisible() {
    var view = list(count: 50)
    _ = renderLines(width: 12, height: 5) { view.render(into: &$0, rect: $1) }
    for _ in 0..<7 {
      let handled = view.handle(key: .down)
      #expect(handled)
    }
    let lines = renderLines(width: 12, height: 5) { view.render(into: &$0, rect: $1) }
    #expect(view.selectedIndex == 7)
    #expect(view.scrollOffset == 3)
    #expect(
      lines.trimmed == ["Row 4     40", "Row 5     50", "Row 6     60", "Row 7     70", "Row 8     80"])
  }

  @Test func pagingAndJumps() {
    var view = list(count: 50)
    _ = renderLines(width: 12, height: 5) { view.render(into: &$0, rect: $1) }
    _ = view.handle(key: .pageDown)
    #expect(view.selectedIndex == 4)
    _ = view.handle(key: .char("G"))
    #expect(view.selectedIndex == 49)
    _ = view.handle(key: .pageUp)
    #expect(view.selectedIndex == 45)
    _ = view.handle(key: .home)
    #expect(view.selectedIndex == 0)
    _ = view.handle(key: .end)
    _ = view.handle(key: .char("g"))
    #expect(view.selectedIndex == 0)
    _ = view.handle(key: .up)
    #expect(view.selectedIndex == 0)
    let handled = view.handle(key: .char("x"))
    #expect(!handled)
  }

  @Test func selectionIsClampedWhenRowsShrink() {
    var view = list(count: 20)
    view.select(15)
    view.rows = Array(view.rows.prefix(3))
    #expect(view.selectedIndex == 2)
    view.rows = []
    #expect(view.selectedIndex == 0)
    #expect(view.selectedRow == nil)
  }

  @Test func showsTheEmptyMessage() {
    var view = ListView(emptyMessage: "No events in this period")
    #expect(
      renderLines(width: 12, height: 2) { view.render(into: &$0, rect: $1) } == [
        "No events i…", "            ",
      ])
  }

  @Test(arguments: [(1, 1), (5, 2), (2, 1), (3, 3)])
  func survivesTinySizes(width: Int, height: Int) {
    var view = list(count: 10)
    view.select(9)
    let lines = renderLines(width: width, height: height) { view.render(into: &$0, rect: $1) }
    #expect(lines.count == height)
    #expect(lines.allSatisfy { DisplayWidth.of($0) == width })
  }

  @Test func narrowListShowsTheSelectedRowTruncated() {
    var view = list(count: 10)
    view.select(9)
    #expect(renderLines(width: 5, height: 2) { view.render(into: &$0, rect: $1) } == ["Row 9", "Row …"])
    #expect(renderLines(width: 1, height: 1) { view.render(into: &$0, rect: $1) } == ["…"])
  }

  @Test func wideTextNeverSplits() {
    var view = ListView(rows: [ListRow(text: "日本語のテキスト", rightText: "9")])
    let lines = renderLines(width: 10, height: 1) { view.render(into: &$0, rect: $1) }
    #expect(lines == ["日本語…  9"])
  }
}
