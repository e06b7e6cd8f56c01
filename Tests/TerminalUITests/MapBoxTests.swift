import Testing

@testable import TerminalUI

@Suite struct MapBoxTests {
  @Test func edgesAcrossTheAntimeridianMakeOneBox() {
    let fiji = MapBox(west: 170, south: -25, east: -170, north: -10)
    #expect(fiji.west == 170 && fiji.width == 20 && fiji.east == -170)
    #expect(fiji.centreLongitude == -180 && fiji.centreLatitude == -17.5)
    let world = MapBox(west: -180, south: -90, east: 180, north: 90)
    #expect(world.width == 360 && world.centreLongitude == 0)
    let turned = MapBox(west: 190, width: 10, south: 5, north: -5)
    #expect(turned.west == -170 && turned.south == -5 && turned.north == 5)
  }

  @Test func enclosingTakesTheShortestArc() throws {
    // Both sides of the antimeridian: a box 3.5° wide around 180°, not one across the world.
    let fiji = try #require(MapBox.enclosing([(178, -17.7), (-178.5, -17.2)]))
    #expect(fiji.west == 178 && abs(fiji.width - 3.5) < 1e-9)
    #expect(fiji.south == -17.7 && fiji.north == -17.2)
    #expect(abs(fiji.centreLongitude - 179.75) < 1e-9)
    // Spread out: the widest gap (100°E round to 100°W, 160°) is left out.
    let spread = try #require(MapBox.enclosing([(-100, 40), (100, 40), (0, 0)]))
    #expect(spread.west == -100 && spread.width == 200 && spread.south == 0 && spread.north == 40)
    // One point, or several at one place: no width.
    let one = try #require(MapBox.enclosing([(-97.7, 30.3), (-97.7, 30.3)]))
    #expect(one.width == 0 && one.west == -97.7)
  }

  @Test func enclosingSkipsWhatIsNotAPlace() {
    #expect(MapBox.enclosing([]) == nil)
    #expect(MapBox.enclosing([(.nan, 0), (0, .infinity)]) == nil)
    #expect(MapBox.enclosing([(.nan, 0), (10, 20)]) == MapBox(west: 10, width: 0, south: 20, north: 20))
  }
}
