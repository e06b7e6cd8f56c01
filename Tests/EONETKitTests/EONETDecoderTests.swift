import Foundation
import Testing

@testable import EONETKit

@Suite("EONETDecoder: real responses")
struct EONETDecoderRealDataTests {
  let decoder = EONETDecoder()

  @Test("v3 open events: every sample decodes, with categories, sources, magnitudes")
  func v3OpenSample() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.data("v3/events-open-sample.json"))
    #expect(decoded.skipped == 0)
    #expect(decoded.elements.count == 27)
    #expect(decoded.title == "EONET Events")
    let typhoon = try #require(decoded.elements.first { $0.id == "EONET_15859" })
    #expect(typhoon.title == "Typhoon Fung-wong")
    #expect(typhoon.description == nil)
    #expect(typhoon.closed == nil)
    #expect(typhoon.categories == [EOCategory(id: "severeStorms", title: "Severe Storms")])
    #expect(typhoon.sources.first?.id == "JTWC")
    #expect(typhoon.geometries.count == 11)
    let first = try #require(typhoon.geometries.first)
    #expect(first.shape == .point(EOCoordinate(longitude: 140.8, latitude: 9.6)))
    #expect(first.magnitude == EOMagnitude(value: 35, unit: "kts"))
    #expect(first.date == ISO8601.parse("2025-11-06T00:00:00Z"))
    #expect(typhoon.date == ISO8601.parse("2025-11-08T12:00:00Z"))
  }

  @Test("HTML entities in titles are decoded")
  func entities() throws {
    let events = try decoder.decodeEvents(from: Fixtures.data("v3/events-open-sample.json")).elements
    #expect(events.contains { $0.title == "Danny's Wildfire, Cumberland, New Jersey" })
    #expect(events.contains { $0.title == "RX C1 & C2 Wildfire, Montgomery, Arkansas" })
    #expect(!events.contains { $0.title.contains("&amp;") || $0.title.contains("&#039;") })
  }

  @Test("v3 closed events: closed date, hectare unit, date is the closed date")
  func v3Closed() throws {
    let events = try decoder.decodeEvents(from: Fixtures.data("v3/events-closed-2026-09.json")).elements
    #expect(events.map(\.id) == ["EONET_24268", "EONET_23611"])
    let fire = events[0]
    #expect(fire.closed == ISO8601.parse("2026-09-12T00:00:00Z"))
    #expect(fire.date == fire.closed)
    #expect(fire.geometries[0].magnitude == EOMagnitude(value: 5747, unit: "hectare"))
    #expect(fire.geometries[0].center == EOCoordinate(longitude: 16.525371955075, latitude: -19.219845995937))
    #expect(events[1].sources.count == 3)
  }

  @Test("v3 bare events array: null magnitudes, URL entities decoded")
  func v3Array() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.data("v3/events-array-2020-05.json"))
    #expect(decoded.elements.count == 5)
    #expect(decoded.title == nil)
    let iceberg = decoded.elements[0]
    #expect(iceberg.id == "EONET_4130")
    #expect(iceberg.geometries.first?.magnitude == nil)
    #expect(!decoded.elements.flatMap(\.sources).contains { $0.url.contains("&amp;") })
  }

  @Test("v3 GeoJSON: features are grouped back into events, geometries oldest first")
  func geoJSON() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.data("v3/events-closed-geojson-2020.json"))
    #expect(decoded.skipped == 0)
    #expect(decoded.elements.count == 3)
    let gati = try #require(decoded.elements.first { $0.id == "EONET_5165" })
    #expect(gati.title == "Tropical Cyclone Gati")
    #expect(gati.closed == ISO8601.parse("2020-11-28T00:00:00Z"))
    #expect(gati.geometries.count > 1)
    #expect(gati.geometries.map(\.date) == gati.geometries.map(\.date).sorted())
    #expect(gati.geometries[0].magnitude == EOMagnitude(value: 40, unit: "kts"))
    #expect(
      gati.sources.contains {
        $0.url == "https://www.gdacs.org/Cyclones/report.aspx?eventid=1000746&eventtype=TC"
      })
  }

  @Test("v2.1 events: integer category ids, `geometries`, no `closed`, empty description, a Polygon")
  func v21Events() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.data("v2.1/events-open-2019-08.json"))
    #expect(decoded.skipped == 0)
    #expect(decoded.elements.count == 8)
    let sardinia = decoded.elements[0]
    #expect(sardinia.id == "EONET_4313")
    #expect(sardinia.categories == [EOCategory(id: "8", title: "Wildfires")])
    #expect(sardinia.description == nil)
    #expect(sardinia.closed == nil)
    #expect(sardinia.geometries.first?.shape == .point(EOCoordinate(longitude: 8.9824, latitude: 40.09573)))
    let polygonEvent = try #require(decoded.elements.first { $0.id == "EONET_354" })
    guard case .polygon(let rings) = polygonEvent.geometries.first?.shape else {
      Issue.record("EONET_354 should be a polygon")
      return
    }
    #expect(rings.count == 1)
    #expect(rings[0].count == 5)
    let center = try #require(polygonEvent.geometries[0].center)
    #expect(abs(center.longitude - 127.87963867) < 1e-6)
    #expect(abs(center.latitude - 1.70063583) < 1e-6)
    #expect(
      decoded.elements.flatMap(\.sources).contains {
        $0.url == "http://www.gdacs.org/report.aspx?eventtype=VO&eventid=512"
      })
  }

  @Test("v2.1 category envelope decodes its events and title")
  func v21CategoryEvents() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.data("v2.1/categories-8-wildfires.json"))
    #expect(decoded.title == "EONET Events: Wildfires")
    #expect(decoded.elements.count == 5)
  }

  @Test("categories of both versions", arguments: [("v3", "drought", "wildfires"), ("v2.1", "6", "8")])
  func categories(version: String, firstID: String, wildfiresID: String) throws {
    let decoded = try decoder.decodeCategories(from: Fixtures.data("\(version)/categories.json"))
    #expect(decoded.skipped == 0)
    #expect(decoded.elements.count == 13)
    #expect(decoded.elements.first?.id == firstID)
    let wildfires = try #require(decoded.elements.first { $0.title == "Wildfires" })
    #expect(wildfires.id == wildfiresID)
    #expect(wildfires.description.contains("fire"))
    #expect(wildfires.link?.hasSuffix("/categories/\(wildfiresID)") == true)
  }

  @Test("the full 3.9 MB dump: 5,662 events, none skipped, counts per category")
  func fullDump() throws {
    let decoded = try decoder.decodeEvents(from: Fixtures.fullDump())
    #expect(decoded.elements.count == 5662)
    #expect(decoded.skipped == 0)
    let counts = Dictionary(grouping: decoded.elements, by: { $0.categories.first?.id ?? "" }).mapValues(
      \.count)
    #expect(counts == ["wildfires": 5580, "seaLakeIce": 46, "volcanoes": 33, "severeStorms": 3])
    #expect(decoded.elements.filter { $0.title.contains("&") && $0.title.contains(";") }.isEmpty)
  }
}

@Suite("EONETDecoder: broken input")
struct EONETDecoderBrokenInputTests {
  let decoder = EONETDecoder()

  private func decode(_ text: String, status: Int = 200, contentType: String? = nil) throws(EONETError)
    -> EODecoded<EOEvent>
  {
    try decoder.decodeEvents(from: Data(text.utf8), status: status, contentType: contentType)
  }

  private static let good = #"""
    {"id":"EONET_1","title":"Good","closed":null,"categories":[{"id":"wildfires","title":"Wildfires"}],
     "sources":[],"geometry":[{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1.5,-2.5]}]}
    """#

  @Test(
    "a body that is not JSON says status, content type and the first bytes",
    arguments: [
      ("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", 502, "text/html"),
      ("Service Unavailable", 503, "text/plain"),
      ("<?xml version=\"1.0\"?><rss></rss>", 200, "application/rss+xml"),
    ])
  func notJSON(body: String, status: Int, contentType: String) {
    #expect(throws: EONETError.notJSON(status: status, contentType: contentType, prefix: body)) {
      try decode(body, status: status, contentType: contentType)
    }
    let message = EONETError.notJSON(status: status, contentType: contentType, prefix: body).description
    #expect(message.contains("HTTP \(status)"))
    #expect(message.contains(contentType))
  }

  @Test("an empty or blank body is a clear error", arguments: ["", "   \n\t "])
  func emptyBody(body: String) {
    #expect(throws: EONETError.notJSON(status: 200, contentType: "application/json", prefix: "")) {
      try decode(body, contentType: "application/json")
    }
  }

  @Test("a long non-JSON body is quoted by its first 80 bytes only, control characters removed")
  func longPrefix() throws {
    let body = "Error\u{7}\n" + String(repeating: "x", count: 500)
    do {
      _ = try decode(body, status: 500)
      Issue.record("expected an error")
    } catch {
      guard case .notJSON(_, _, let prefix) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(prefix.hasPrefix("Error x"))
      #expect(prefix.count <= 80)
    }
  }

  @Test("truncated JSON fails with the offset, never a partial list")
  func truncated() throws {
    let full = try Fixtures.data("v3/events-open-sample.json")
    for cut in [1, 10, full.count / 3, full.count / 2, full.count - 2] {
      #expect(throws: EONETError.self) { try decoder.decodeEvents(from: full.prefix(cut)) }
      do {
        _ = try decoder.decodeEvents(from: full.prefix(cut))
      } catch {
        guard case .malformedJSON(let offset, _) = error else {
          Issue.record("cut at \(cut): \(error)")
          continue
        }
        #expect(offset <= cut)
      }
    }
  }

  @Test(
    "one malformed event is skipped and counted; the rest load",
    arguments: [
      #"{"id":42.5,"title":"fractional id"}"#,
      #"{"id":"EONET_2","title":7,"geometry":[]}"#,
      #"{"id":"EONET_2","geometry":[{"date":"2025-01-01T00:00:00Z","type":"Point","coordinates":[1,2]}]}"#,
      #"{"title":"no id","geometry":[{"date":"2025-01-01T00:00:00Z","type":"Point","coordinates":[1,2]}]}"#,
      #"{"id":"EONET_2","title":"no geometry, not closed","geometry":[]}"#,
      #"{"id":"EONET_2","title":"bad date","geometry":[{"date":"yesterday","coordinates":[1,2]}]}"#,
      #"{"id":"EONET_2","title":"geometry object","geometry":{"type":"Point"}}"#,
      #""just a string""#,
      #"[1,2,3]"#,
      "null",
    ])
  func malformedEventSkipped(bad: String) throws {
    let decoded = try decode(#"{"events":["# + bad + "," + Self.good + "]}")
    #expect(decoded.skipped == 1)
    #expect(decoded.elements.map(\.id) == ["EONET_1"])
  }

  @Test("optional fields of the wrong type are dropped, not fatal")
  func lenientOptionalFields() throws {
    let text = #"""
      {"events":[{"id":"EONET_9","title":"T","description":17,"link":false,"closed":null,
       "sources":[{"id":"X","url":null}],
       "geometry":[{"magnitudeValue":"12.5","magnitudeUnit":3,"date":"2025-01-01T00:00:00Z",
                    "type":"Point","coordinates":[10,20,300]}]}]}
      """#
    let event = try #require(decode(text).elements.first)
    #expect(event.description == nil)
    #expect(event.link == nil)
    #expect(event.sources == [EOSource(id: "X", url: "")])
    #expect(event.geometries[0].magnitude == EOMagnitude(value: 12.5, unit: nil))
    #expect(event.geometries[0].shape == .point(EOCoordinate(longitude: 10, latitude: 20)))
  }

  @Test("another geometry type keeps its observation, at a representative position")
  func unknownGeometry() throws {
    let text = #"""
      [{"id":"E","title":"T","geometry":[
        {"date":"2025-01-01T00:00:00Z","type":"LineString","coordinates":[[1,2],[3,4]]},
        {"date":"2025-01-02T00:00:00Z","type":"Point","coordinates":[5,6]}]}]
      """#
    let event = try #require(decode(text).elements.first)
    #expect(event.geometries.count == 2)
    #expect(event.geometries[0].center == EOCoordinate(longitude: 3, latitude: 4), "a line's last point")
    #expect(event.latestGeometry?.center == EOCoordinate(longitude: 5, latitude: 6))
  }

  @Test(
    "JSON of the wrong shape is an unexpected-shape error",
    arguments: [#"{"error":"rate limited"}"#, #"{"events":{"id":1}}"#, #"{"events":"none"}"#, "{}"])
  func wrongShape(text: String) {
    #expect {
      try decode(text)
    } throws: { error in
      guard let error = error as? EONETError, case .unexpectedShape = error else { return false }
      return true
    }
  }

  @Test(
    "syntax errors anywhere are malformed JSON",
    arguments: [
      #"{"events":[}"#, #"{"events":[{"id":"E" "title":"T"}]}"#, #"{"events":[tru]}"#,
      #"{"events":[01.]}"#, #"{"events":["unterminated]}"#, #"{"events":[1e]}"#, #"{"events" []}"#,
    ])
  func syntaxErrors(text: String) {
    #expect {
      try decode(text)
    } throws: { error in
      guard let error = error as? EONETError, case .malformedJSON = error else { return false }
      return true
    }
  }

  @Test("deep nesting is refused, not a stack overflow")
  func deepNesting() {
    let text = #"{"events":[{"id":"E","title":"T","x":"# + String(repeating: "[", count: 100_000)
    #expect(throws: EONETError.self) { try decode(text) }
  }

  @Test("a huge title (1 MB) decodes intact")
  func hugeString() throws {
    let title = String(repeating: "Ab", count: 500_000)
    let text = #"[{"id":"E","title":""# + title + #"","closed":"2025-01-01T00:00:00Z"}]"#
    let event = try #require(decode(text).elements.first)
    #expect(event.title.utf8.count == 1_000_000)
    #expect(event.date == ISO8601.parse("2025-01-01T00:00:00Z"))
  }

  @Test(
    "escapes and control characters in titles",
    arguments: [
      (#"Quote \" and backslash \\ and slash \/"#, "Quote \" and backslash \\ and slash /"),
      (#"Line\nbreak\ttab\u0007bell"#, "Line\nbreak\ttab\u{7}bell"),
      (#"caf\u00e9 \u00E9t\u00e9"#, "café été"),
      (#"emoji \ud83c\udf0b"#, "emoji 🌋"),
      (#"lone \ud83c surrogate"#, "lone \u{FFFD} surrogate"),
      (#"raw UTF-8: Ñuñoa, Zürich, 東京"#, "raw UTF-8: Ñuñoa, Zürich, 東京"),
      ("raw control \u{1}\u{1F} kept", "raw control \u{1}\u{1F} kept"),
      (#"entity after escape: A \u0026amp; B"#, "entity after escape: A & B"),
    ])
  func escapes(raw: String, expected: String) throws {
    let text = #"[{"id":"E","title":""# + raw + #"","closed":"2025-01-01T00:00:00Z"}]"#
    #expect(try decode(text).elements.first?.title == expected)
  }

  @Test("keys may come in any order and carry escapes; a byte order mark is skipped")
  func keyOrder() throws {
    let text =
      "\u{FEFF}" + #"""
        {"events":[{"geometry":[{"coordinates":[3,4],"date":"2025-05-05T05:05:05Z","type":"Point"}],
         "t\u0069tle":"Escaped key","id":"EONET_7"}]}
        """#
    let event = try #require(decode(text).elements.first)
    #expect(event.title == "Escaped key")
    #expect(event.geometries.first?.center == EOCoordinate(longitude: 3, latitude: 4))
  }

  @Test("a category without an id is skipped and counted")
  func brokenCategory() throws {
    let text = #"{"categories":[{"title":"No id"},{"id":"x","title":"X"},{"id":{"a":1}},7]}"#
    let decoded = try decoder.decodeCategories(from: Data(text.utf8))
    #expect(decoded.elements == [EOCategory(id: "x", title: "X")])
    #expect(decoded.skipped == 3)
  }
}
