import Foundation
import Testing

@testable import EONETKit

/// Framing an event for WMS GetMap: the box, its axis order, the day.
@Suite("ImageryRequest")
struct ImageryRequestTests {
  private let day = 86_400.0
  /// 2025-11-08T12:00:00Z.
  private let reported = Date(timeIntervalSince1970: 1_762_603_200)

  private func event(_ points: [(Double, Double)], at date: Date) -> EOEvent {
    EOEvent(
      id: "EONET_1", title: "Fire",
      geometries: points.enumerated().map { index, point in
        EOGeometry(
          date: date.addingTimeInterval(Double(index - points.count + 1) * day),
          shape: .point(EOCoordinate(longitude: point.1, latitude: point.0)))
      })
  }

  @Test("a point event is centred in a box at least 1.8° across, with the image's aspect")
  func centresAPoint() throws {
    let request = try #require(
      ImageryRequest.framing(
        event([(40, -120)], at: reported), width: 400, height: 240, today: reported + 5 * day))
    #expect(abs((request.north + request.south) / 2 - 40) < 1e-9)
    #expect(abs((request.east + request.west) / 2 + 120) < 1e-9)
    #expect(abs(request.north - request.south - 1.8) < 1e-9)
    #expect(abs((request.east - request.west) / (request.north - request.south) - 400.0 / 240.0) < 1e-9)
    #expect(request.date == "2025-11-08")
    #expect(request.note == nil)
    let marker = try #require(request.marker)
    #expect(abs(marker.x - 0.5) < 1e-9 && abs(marker.y - 0.5) < 1e-9)
  }

  @Test("a long track is framed whole around its latest position")
  func framesATrack() throws {
    let track = [(10.0, -60.0), (15.0, -65.0), (20.0, -70.0)]
    let request = try #require(
      ImageryRequest.framing(event(track, at: reported), width: 200, height: 200, today: reported + day))
    for (latitude, longitude) in track {
      #expect(request.south <= latitude && latitude <= request.north)
      #expect(request.west <= longitude && longitude <= request.east)
    }
    #expect(abs((request.north + request.south) / 2 - 20) < 1e-9)
  }

  @Test("a box near the pole or the antimeridian slides inside the world")
  func staysInsideTheWorld() throws {
    let request = try #require(
      ImageryRequest.framing(
        event([(89.5, 179.9)], at: reported), width: 300, height: 100, today: reported + day))
    #expect(request.north <= 90 && request.east <= 180 && request.south >= -90 && request.west >= -180)
    let marker = try #require(request.marker)
    #expect(marker.x > 0.5 && marker.y < 0.5)
  }

  @Test("an event reported today shows yesterday's image, and says so")
  func todayBecomesYesterday() throws {
    let request = try #require(
      ImageryRequest.framing(event([(0, 0)], at: reported), width: 10, height: 10, today: reported + 3600))
    #expect(request.date == "2025-11-07")
    #expect(request.note == "today's image is not out yet: 2025-11-07's")
  }

  @Test("the URL is WMS 1.3.0 GetMap with the box latitude first")
  func buildsTheURL() throws {
    var request = ImageryRequest(
      layer: "MODIS_Terra_CorrectedReflectance_TrueColor", date: "2025-11-08", south: 39.1, west: -121.5,
      north: 40.9, east: -118.5, width: 400, height: 240)
    request.note = nil
    let url = request.url(endpoint: URL(string: "http://127.0.0.1:9/wms?key=1")!)
    let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
    let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    #expect(query["key"] == "1")
    #expect(query["SERVICE"] == "WMS" && query["REQUEST"] == "GetMap" && query["VERSION"] == "1.3.0")
    #expect(query["CRS"] == "EPSG:4326" && query["FORMAT"] == "image/png" && query["STYLES"] == "")
    #expect(query["LAYERS"] == "MODIS_Terra_CorrectedReflectance_TrueColor")
    #expect(query["TIME"] == "2025-11-08")
    #expect(query["WIDTH"] == "400" && query["HEIGHT"] == "240")
    #expect(query["BBOX"] == "39.1,-121.5,40.9,-118.5")
  }

  @Test("a day is YYYY-MM-DD and nothing else")
  func validatesDays() {
    #expect(ImageryRequest.isDay("2025-11-08"))
    #expect(!ImageryRequest.isDay("2025-13-08"))
    #expect(!ImageryRequest.isDay("2025-1-08"))
    #expect(!ImageryRequest.isDay("yesterday"))
    #expect(!ImageryRequest.isDay("2025-02-30"), "a day of the calendar, as every day is read")
  }

  @Test("an event without a position has no image")
  func noPositionNoImage() {
    #expect(
      ImageryRequest.framing(EOEvent(id: "E", title: "T"), width: 10, height: 10, today: reported) == nil)
  }

  @Test("the bundled layer list offers true colour first, then the category's layers")
  func layersForACategory() {
    let layers = ImageryLayers(names: [
      "MODIS_Fires_All", "MODIS_Terra_CorrectedReflectance_TrueColor", "MODIS_Terra_Sea_Ice",
      "MODIS_Terra_CorrectedReflectance_Bands721",
    ])
    #expect(
      layers.names(forCategory: "wildfires") == [
        "MODIS_Terra_CorrectedReflectance_TrueColor", "MODIS_Terra_CorrectedReflectance_Bands721",
        "MODIS_Fires_All",
      ])
    #expect(layers.names(forCategory: nil) == ["MODIS_Terra_CorrectedReflectance_TrueColor"])
  }
}
