import Testing

@testable import TerminalUI

@Suite struct MapLandMaskTests {
  @Test func decodesAlternatingRuns() {
    // Row 0: 1 sea, 2 land, 1 sea. Row 1: 0 sea, 4 land (surrounding spaces are ignored).
    let mask = MapLandMask(columns: 4, rows: 2, north: 10, south: -10, encodedRows: "BCB\n  AE  \n")
    #expect((0..<4).map { mask.isLand(column: $0, row: 0) } == [false, true, true, false])
    #expect((0..<4).map { mask.isLand(column: $0, row: 1) } == [true, true, true, true])
    #expect(
      !mask.isLand(column: -1, row: 0) && !mask.isLand(column: 4, row: 1) && !mask.isLand(column: 0, row: 2))
  }

  @Test func decodesMultiDigitRuns() {
    // "bB" is 1×26 + 1 = 27 sea cells, "bbS" 1×676 + 1×26 + 18 = 720.
    let mask = MapLandMask(columns: 30, rows: 1, north: 1, south: 0, encodedRows: "bBD")
    #expect((0..<30).filter { mask.isLand(column: $0, row: 0) } == [27, 28, 29])
    let wide = MapLandMask(columns: 720, rows: 1, north: 1, south: 0, encodedRows: "bbS")
    #expect(!(0..<720).contains { wide.isLand(column: $0, row: 0) })
  }

  @Test func theShippedMaskCoversTheWholeGlobe() {
    let mask = MapLandMask.naturalEarth110m
    #expect(mask.columns == 720 && mask.rows == 360)
    #expect(mask.north == 90 && mask.south == -90)
    #expect(mask.north == Projection.defaultNorth && mask.south == Projection.defaultSouth)
    // Cell (c, r) covers longitude -180 + c/2 and latitude 90 - r/2.
    func isLand(_ longitude: Double, _ latitude: Double) -> Bool {
      mask.isLand(column: Int((longitude + 180) * 2), row: Int((90 - latitude) * 2))
    }
    #expect(isLand(0, -80) && isLand(100, -85) && isLand(0, -89.9))  // Antarctica
    #expect(!isLand(-40, -60) && !isLand(0, 89.9))  // the Scotia Sea, the Arctic Ocean
    #expect(isLand(-40, 83))  // northern Greenland
    #expect(!isLand(0.1, 0.1))  // the Gulf of Guinea
    #expect(isLand(20, 20))  // the Sahara
    #expect(isLand(139.7, 35.7))  // Tokyo
    #expect(isLand(-58.4, -34.6) || isLand(-58.9, -34.6))  // Buenos Aires, on the River Plate
    #expect(isLand(-18.5, 64.9))  // Iceland
    #expect(!isLand(-150, 0))  // the Pacific
    var counts = [Int](repeating: 0, count: mask.columns)
    for row in 0..<mask.rows { mask.accumulate(row: row, into: &counts) }
    let total = counts.reduce(0, +)
    #expect((0.25...0.35).contains(Double(total) / Double(mask.columns * mask.rows)))
  }
}
