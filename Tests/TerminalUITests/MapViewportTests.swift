import Testing

@testable import TerminalUI

@Suite struct MapViewportTests {
  private static let rect = Rect(x: 0, y: 0, width: 100, height: 20)

  @Test func theWholeWorldKeepsItsShapeAndZoomFillsTheRectangle() {
    var viewport = MapViewport()
    #expect(
      viewport.mapArea(in: Rect(x: 0, y: 0, width: 200, height: 60))
        == Rect(x: 0, y: 0, width: 200, height: 50))
    #expect(
      viewport.mapArea(in: Rect(x: 10, y: 3, width: 100, height: 10))
        == Rect(x: 40, y: 3, width: 40, height: 10))
    #expect(
      viewport.mapArea(in: Rect(x: 0, y: 0, width: 41, height: 8)) == Rect(x: 4, y: 0, width: 32, height: 8))
    let world = viewport.projection(in: Self.rect)
    #expect(world.isWholeWorld && world.north == 90 && world.south == -90)
    // 2× a 80×20 world in 100×20: as wide as the rectangle, half the latitudes.
    viewport.zoom(by: 2, in: Self.rect)
    #expect(viewport.mapArea(in: Self.rect) == Self.rect)
    let zoomed = viewport.projection(in: Self.rect)
    #expect(abs((zoomed.east - zoomed.west) - 360 * 100 / 160) < 1e-9)
    #expect(abs((zoomed.north - zoomed.south) - 90) < 1e-9)
  }

  @Test func framingShowsTheBoxWithAMarginAtAPowerOfTwo() {
    let texas = MapBox(west: -98.49, south: 29.42, east: -96.80, north: 32.78)
    let viewport = MapViewport(framing: texas, in: Self.rect)
    #expect([1.0, 2, 4, 8, 16, 32, 64].contains(viewport.zoom) && viewport.zoom >= 8)
    let bounds = viewport.bounds(in: Self.rect)
    #expect(bounds.west < texas.west && bounds.east > texas.east)
    #expect(bounds.south < texas.south && bounds.north > texas.north)
    // The closest such view: twice as close would not hold the box and its margin.
    var closer = viewport
    closer.zoom(by: 2, in: Self.rect)
    let tight = closer.bounds(in: Self.rect)
    #expect(
      closer.zoom == MapViewport.maximumZoom || tight.north - tight.south < (texas.north - texas.south) * 1.3
        || tight.east - tight.west < max(texas.width * 1.3, MapViewport.framingMinimum.width))
  }

  @Test func framingAcrossTheAntimeridianIsCentredOnIt() {
    let fiji = MapBox(west: 170, south: -25, east: -170, north: -10)
    let viewport = MapViewport(framing: fiji, in: Self.rect)
    #expect(viewport.centreLongitude == -180 && viewport.zoom > 1)
    let bounds = viewport.bounds(in: Self.rect)
    #expect(bounds.west > 0 && bounds.west < 170 && bounds.east < 0 && bounds.east > -170, "\(bounds)")
    let projection = viewport.projection(in: Self.rect)
    let west = projection.position(longitude: 178, latitude: -17.7)
    let east = projection.position(longitude: -178.5, latitude: -17.2)
    #expect(abs(west.x - Double(projection.width) / 2) < Double(projection.width) / 4)
    #expect(east.x > west.x && east.x - west.x < Double(projection.width) / 4, "together, in order")
  }

  @Test func aWorldWideFramingTurnsOnlyToKeepItsBoxWhole() {
    // From 120°W to 150°E: every longitude shows at 1×, 0° stays in the middle.
    let inside = MapViewport(framing: MapBox(west: -120, south: -70, east: 150, north: 60), in: Self.rect)
    #expect(inside.zoom == 1 && inside.centreLongitude == 0)
    // From 30°E round to 20°W, across 180°: turned so the box is whole, its middle in the middle.
    let across = MapViewport(framing: MapBox(west: 30, south: -70, east: -20, north: 60), in: Self.rect)
    #expect(
      across.zoom == 1
        && across.centreLongitude == MapBox(west: 30, south: 0, east: -20, north: 0).centreLongitude)
  }

  @Test(arguments: [-89.0, -68.89, -61.2, 0, 84, 90])
  func everyLatitudeIsReachableAtEveryZoom(latitude: Double) {
    var zoom = 1.0
    while zoom <= MapViewport.maximumZoom {
      var viewport = MapViewport()
      viewport.zoom(by: zoom, in: Self.rect)
      viewport.centre(longitude: -40.5, latitude: latitude, in: Self.rect)
      let projection = viewport.projection(in: Self.rect)
      #expect(projection.contains(longitude: -40.5, latitude: latitude), "\(zoom)×")
      let position = projection.position(longitude: -40.5, latitude: latitude)
      #expect(position.y >= 0 && position.y <= Double(projection.height), "\(zoom)×: row \(position.y)")
      #expect(projection.north <= 90 && projection.south >= -90)
      zoom *= 2
    }
  }

  @Test(arguments: [(-21.94, 64.15), (139.69, 35.69), (-58.38, -34.6), (179.5, -17), (-40.5, -68.89)])
  func zoomKeepsItsAnchorOnTheSameSpot(longitude: Double, latitude: Double) {
    for rect in [
      Self.rect, Rect(x: 5, y: 2, width: 60, height: 30), Rect(x: 0, y: 0, width: 200, height: 20),
    ] {
      var viewport = MapViewport()
      func spot() -> (x: Double, y: Double) {
        let area = viewport.mapArea(in: rect)
        let position = viewport.projection(in: rect).position(longitude: longitude, latitude: latitude)
        return (Double(area.x) + position.x, Double(area.y) + position.y)
      }
      viewport.zoom(by: 4, in: rect)  // a map that fills the rectangle, so it can move under the anchor
      viewport.centre(longitude: longitude + 3, latitude: latitude - 2, in: rect)
      for factor in [2.0, 2, 0.5, 2, 0.5, 0.5] {
        let start = spot()
        viewport.zoom(by: factor, around: (longitude, latitude), in: rect)
        let now = spot()
        // The poles may push the window back; the anchor then stays in view.
        #expect(viewport.projection(in: rect).contains(longitude: longitude, latitude: latitude))
        if abs(latitude) < 60 {
          #expect(abs(now.x - start.x) < 1e-6 && abs(now.y - start.y) < 1e-6, "\(rect) \(viewport.zoom)×")
        }
      }
    }
  }

  @Test func anAnchorOutOfViewComesIntoView() {
    var viewport = MapViewport()
    viewport.zoom(by: 8, in: Self.rect)
    viewport.centre(longitude: 0, latitude: 0, in: Self.rect)
    viewport.zoom(by: 2, around: (139.69, 35.69), in: Self.rect)
    #expect(viewport.projection(in: Self.rect).contains(longitude: 139.69, latitude: 35.69))
  }

  @Test func panningWrapsAcrossTheAntimeridian() {
    var viewport = MapViewport()
    viewport.zoom(by: 8, in: Self.rect)
    viewport.centre(longitude: 175, latitude: -17, in: Self.rect)
    viewport.pan(columns: 20, rows: 0, in: Self.rect)
    #expect(viewport.centreLongitude < 0, "east of 180° is west longitude: \(viewport.centreLongitude)")
    let bounds = viewport.bounds(in: Self.rect)
    #expect(bounds.west > bounds.east || viewport.centreLongitude - 22.5 > -180)
    #expect(viewport.caption(in: Self.rect).hasPrefix("8× · "))
  }

  /// Issue 38, item 13: a view across 180° says so, as the region label does, rather than naming
  /// its two edges as if the few degrees between them were the view.
  @Test func aCaptionAcrossTheAntimeridianReadsEastwardAcross180() {
    var viewport = MapViewport()
    viewport.zoom(by: 8, in: Self.rect)
    viewport.centre(longitude: 179, latitude: -17, in: Self.rect)
    let bounds = viewport.bounds(in: Self.rect)
    #expect(bounds.east < bounds.west, "the view crosses 180°: \(bounds)")
    let caption = viewport.caption(in: Self.rect)
    #expect(caption.hasPrefix("8× · "), "\(caption)")
    #expect(caption.contains("°E east across 180° to "), "\(caption)")
    #expect(caption.hasSuffix("°W"), "\(caption)")
    var plain = MapViewport()
    plain.zoom(by: 8, in: Self.rect)
    plain.centre(longitude: 0, latitude: 0, in: Self.rect)
    #expect(!plain.caption(in: Self.rect).contains("across"), "\(plain.caption(in: Self.rect))")
  }
}
