import Testing

@testable import TerminalUI

@Suite struct CellBufferTests {
  @Test func writesAndReadsBack() {
    var buffer = CellBuffer(size: Size(width: 10, height: 2))
    let used = buffer.write("OurPlanet", at: Point(x: 0, y: 0))
    #expect(used == 9)
    #expect(buffer.lines == ["OurPlanet ", "          "])
  }

  @Test func wideCharactersTakeTwoCells() {
    var buffer = CellBuffer(size: Size(width: 6, height: 1))
    buffer.write("日本x", at: Point(x: 0, y: 0))
    #expect(buffer[0, 0].width == 2)
    #expect(buffer[1, 0].isContinuation)
    #expect(buffer.lines == ["日本x "])
  }

  @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
    var buffer = CellBuffer(size: Size(width: 3, height: 1))
    let used = buffer.write("a日本", at: Point(x: 0, y: 0))
    #expect(buffer.lines == ["a日"])
    #expect(used == 3)
    var clipped = CellBuffer(size: Size(width: 4, height: 1))
    clipped.write("ab日", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 3, height: 1))
    #expect(clipped.lines == ["ab  "])
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var buffer = CellBuffer(size: Size(width: 4, height: 1))
    buffer.write("日本", at: Point(x: 0, y: 0))
    buffer.write("x", at: Point(x: 1, y: 0))
    #expect(buffer.lines == [" x本"])
    buffer.write("y", at: Point(x: 2, y: 0))
    #expect(buffer.lines == [" xy "])
    #expect(!buffer[3, 0].isContinuation)
  }

  @Test func sanitisesEverythingItIsGiven() {
    var buffer = CellBuffer(size: Size(width: 8, height: 1))
    buffer.write("\u{1B}[2Jx", at: Point(x: 0, y: 0))
    #expect(buffer.lines == ["\u{FFFD}[2Jx   "])
    let cell = Cell("\u{1B}")
    #expect(cell.character == "\u{FFFD}")
  }

  @Test func asciiSymbolsMakeAsciiOnlyCells() {
    var buffer = CellBuffer(size: Size(width: 8, height: 1), symbols: .ascii)
    buffer.write("日\u{1B}e\u{301}\u{E9}", at: Point(x: 0, y: 0))
    #expect(buffer.lines == ["??e?    "])
  }

  @Test func writesOutsideTheBufferAreIgnored() {
    var buffer = CellBuffer(size: Size(width: 2, height: 1))
    #expect(buffer.write("abc", at: Point(x: 5, y: 0)) == 0)
    #expect(buffer.write("abc", at: Point(x: 0, y: 3)) == 0)
    #expect(buffer.write("abc", at: Point(x: -1, y: 0)) == 2)
    #expect(buffer.lines == ["bc"])
  }

  @Test func zeroSizedBuffersAreHarmless() {
    var buffer = CellBuffer(size: Size(width: 0, height: 0))
    buffer.write("x", at: Point(x: 0, y: 0))
    buffer.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: "#")
    #expect(buffer.lines.isEmpty)
    #expect(buffer.changes(from: nil).isEmpty)
  }

  @Test func fillAndStyle() {
    var buffer = CellBuffer(size: Size(width: 3, height: 2))
    buffer.fill(Rect(x: 1, y: 0, width: 5, height: 1), with: "#")
    buffer.setStyle(Style(attributes: .bold), in: Rect(x: 0, y: 1, width: 2, height: 1))
    #expect(buffer.lines == [" ##", "   "])
    #expect(buffer[1, 1].style.attributes == .bold)
    #expect(buffer[2, 1].style == .plain)
  }

  @Test func diffReportsOnlyChangedRuns() {
    var before = CellBuffer(size: Size(width: 10, height: 3))
    before.write("hello", at: Point(x: 0, y: 0))
    var after = before
    after.write("J", at: Point(x: 0, y: 0))
    after.write("!", at: Point(x: 9, y: 2))
    let runs = after.changes(from: before)
    #expect(runs.map(\.origin) == [Point(x: 0, y: 0), Point(x: 9, y: 2)])
    #expect(runs.map(\.cells.count) == [1, 1])
    #expect(after.changes(from: after).isEmpty)
  }

  @Test func diffOfADifferentSizeIsEverything() {
    let small = CellBuffer(size: Size(width: 2, height: 2))
    let big = CellBuffer(size: Size(width: 3, height: 2))
    #expect(big.changes(from: small).count == 2)
    #expect(big.changes(from: nil).map(\.cells.count) == [3, 3])
  }

  @Test func diffNeverStartsOrEndsInsideAWideCharacter() {
    var before = CellBuffer(size: Size(width: 6, height: 1))
    before.write("ab日d", at: Point(x: 0, y: 0))
    var after = before
    after.write("本", at: Point(x: 2, y: 0))
    let runs = after.changes(from: before)
    #expect(runs.count == 1)
    #expect(runs[0].origin.x == 2)
    #expect(runs[0].cells.count == 2)
  }

  /// A zero-width joiner sent to the terminal joins whatever is drawn next onto the cell, and
  /// terminals disagree on how wide a joined picture is: a row then spills into the next one.
  @Test func zeroWidthJoinersNeverReachACell() {
    var buffer = CellBuffer(size: Size(width: 12, height: 2))
    buffer.write("👩‍🚀 a\u{200D}b 👨‍👩‍👧x", at: Point(x: 0, y: 0))
    let scalars = (0..<12).flatMap { buffer[$0, 0].character.unicodeScalars }
    #expect(!scalars.contains { $0.value == 0x200D })
    #expect(buffer.lines[0] == "👩 ab 👨x   ")
    #expect(buffer.lines[1] == String(repeating: " ", count: 12))
  }
}
