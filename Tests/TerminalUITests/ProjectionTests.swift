import Testing

@testable import TerminalUI

@Suite struct ProjectionTests {
  @Test func placesKnownCoordinates() {
    let projection = Projection(width: 40, height: 10)
    #expect(projection.degreesPerColumn == 9)
    #expect(projection.degreesPerRow == 18)
    #expect(projection.cell(longitude: 139.69, latitude: 35.69) == Point(x: 35, y: 3))  // Tokyo
    #expect(projection.cell(longitude: -58.38, latitude: -34.60) == Point(x: 13, y: 6))  // Buenos Aires
    #expect(projection.cell(longitude: 0, latitude: 0) == Point(x: 20, y: 5))
    #expect(projection.cell(longitude: -180, latitude: 90) == Point(x: 0, y: 0))
  }

  /// The whole globe, pole to pole: an iceberg at 68.89°S is on its own row, not the bottom edge.
  @Test func theWorldRunsFromPoleToPole() {
    let projection = Projection(width: 72, height: 36)  // 5° cells
    #expect(projection.north == 90 && projection.south == -90)
    #expect(projection.cell(longitude: -40.5, latitude: -68.89) == Point(x: 27, y: 31))
    #expect(projection.cell(longitude: 60, latitude: -61.2) == Point(x: 48, y: 30))
    #expect(projection.cell(longitude: 0, latitude: 86) == Point(x: 36, y: 0))
    #expect(projection.cell(longitude: 0, latitude: -89.9) == Point(x: 36, y: 35))
  }

  /// A window across the antimeridian counts longitudes from its middle, the short way round.
  @Test func aWindowAcrossTheAntimeridian() {
    let projection = Projection(width: 20, height: 10, north: 0, south: -30, west: 170, east: 190)
    #expect(!projection.spansAllLongitudes && !projection.isWholeWorld)
    #expect(projection.cell(longitude: 178, latitude: -17.7) == Point(x: 8, y: 5))
    #expect(projection.cell(longitude: -178.5, latitude: -17.2) == Point(x: 11, y: 5))
    #expect(
      projection.contains(longitude: -175, latitude: -20) && projection.contains(longitude: 171, latitude: -1)
    )
    #expect(
      !projection.contains(longitude: 160, latitude: -20)
        && !projection.contains(longitude: -169, latitude: -20))
    #expect(!projection.contains(longitude: 180, latitude: 1))
    let back = projection.coordinate(x: 15, y: 0)
    #expect(back.longitude == -175 && back.latitude == 0)
  }

  @Test(arguments: [(40, 8), (80, 32), (400, 240), (7, 3)])
  func cellCentresRoundTrip(width: Int, height: Int) {
    let projection = Projection(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let center = projection.center(of: Point(x: x, y: y))
        #expect(projection.cell(longitude: center.longitude, latitude: center.latitude) == Point(x: x, y: y))
      }
    }
  }

  @Test(arguments: [(40, 8), (200, 40), (13, 11)])
  func theInverseIsWithinOneCell(width: Int, height: Int) {
    let projection = Projection(width: width, height: height)
    var longitude = -179.9
    while longitude < 180 {
      var latitude = -59.9
      while latitude < 84 {
        let cell = projection.cell(longitude: longitude, latitude: latitude)!
        let center = projection.center(of: cell)
        #expect(abs(center.longitude - longitude) <= projection.degreesPerColumn / 2 + 1e-9)
        #expect(abs(center.latitude - latitude) <= projection.degreesPerRow / 2 + 1e-9)
        let position = projection.position(longitude: longitude, latitude: latitude)
        let back = projection.coordinate(x: position.x, y: position.y)
        #expect(abs(back.longitude - longitude) < 1e-9 && abs(back.latitude - latitude) < 1e-9)
        latitude += 3.7
      }
      longitude += 7.3
    }
  }

  @Test func clampsToTheEdges() {
    let projection = Projection(width: 40, height: 8)
    #expect(projection.cell(longitude: 10, latitude: 89) == Point(x: 21, y: 0))
    #expect(projection.cell(longitude: 10, latitude: 90) == Point(x: 21, y: 0))
    #expect(projection.cell(longitude: 10, latitude: -90) == Point(x: 21, y: 7))
    #expect(projection.cell(longitude: 180, latitude: 0) == Point(x: 39, y: 4))
    #expect(projection.cell(longitude: -180, latitude: 0) == Point(x: 0, y: 4))
    #expect(projection.cell(longitude: 0, latitude: -90) == Point(x: 20, y: 7))
    #expect(projection.cell(longitude: 0, latitude: 1e300) == Point(x: 20, y: 0))
  }

  @Test func wrapsLongitudesAndRejectsNonNumbers() {
    let projection = Projection(width: 40, height: 8)
    #expect(projection.cell(longitude: 190, latitude: 0) == projection.cell(longitude: -170, latitude: 0))
    #expect(projection.cell(longitude: -190, latitude: 0) == projection.cell(longitude: 170, latitude: 0))
    #expect(projection.cell(longitude: 720 + 45, latitude: 0) == projection.cell(longitude: 45, latitude: 0))
    #expect(projection.cell(longitude: .nan, latitude: 0) == nil)
    #expect(projection.cell(longitude: 0, latitude: -.infinity) == nil)
  }

  @Test func theDotGridSubdividesTheCellGrid() {
    let cells = Projection(width: 60, height: 12)
    let dots = Projection(width: 120, height: 48)
    var longitude = -180.0
    while longitude <= 180 {
      var latitude = -70.0
      while latitude <= 90 {
        let cell = cells.cell(longitude: longitude, latitude: latitude)!
        let dot = dots.cell(longitude: longitude, latitude: latitude)!
        #expect(Point(x: dot.x / 2, y: dot.y / 4) == cell, "\(longitude), \(latitude)")
        latitude += 1.3
      }
      longitude += 2.9
    }
  }

  @Test func degenerateGridsStayUsable() {
    let projection = Projection(width: 0, height: -3)
    #expect(projection.width == 1 && projection.height == 1)
    #expect(projection.cell(longitude: 12, latitude: 34) == Point(x: 0, y: 0))
  }
}
