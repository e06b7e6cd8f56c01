import Foundation
import Testing

@testable import EONETKit

/// The decoder's contract: anything that is valid JSON is parsed or skipped, never a syntax error.
/// A value of the wrong type or out of range costs only that field, or only the event that cannot
/// stand without it; a geometry of another type keeps its event.
@Suite("EONETDecoder: valid JSON is never a syntax error")
struct DecoderContractTests {
  let decoder = EONETDecoder()

  private static func event(
    id: String = "EONET_1",
    geometry: String = #"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1.5,-2.5]}"#,
    extra: String = ""
  ) -> String {
    #"{"id":"\#(id)","title":"Fire \#(id)","closed":null,"categories":[{"id":"wildfires","title":"Wildfires"}],"sources":[],"geometry":[\#(geometry)]\#(extra)}"#
  }

  private func decode(_ events: [String]) throws -> EODecoded<EOEvent> {
    try decoder.decodeEvents(
      from: Data(#"{"title":"EONET Events","events":[\#(events.joined(separator: ","))]}"#.utf8))
  }

  @Test(
    "other geometry types keep the event, placed at a representative position when there is one",
    arguments: [
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"Polygon","coordinates":[[[1],[2,3]]]}"#, nil as EOCoordinate?
      ),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,2],[0,0]]],[[[10,10],[11,10],[11,11]]]]}"#,
        EOCoordinate(longitude: 1, latitude: 1)
      ),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"LineString","coordinates":[[1,2],[3,4],[5,6]]}"#,
        EOCoordinate(longitude: 5, latitude: 6)
      ),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"MultiPoint","coordinates":[[1,2],[7,8]]}"#,
        EOCoordinate(longitude: 7, latitude: 8)
      ),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]}]}"#,
        nil
      ),
      (#"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":null}"#, nil),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1.5,-2.5,1200]}"#,
        EOCoordinate(longitude: 1.5, latitude: -2.5)
      ),
      (#"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1.5]}"#, nil),
      (#"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1e400,2]}"#, nil),
      (#"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":["a","b"]}"#, nil),
      (
        #"{"date":"2025-01-02T03:04:05Z","type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]]]}"#,
        EOCoordinate(longitude: 2, latitude: 2)
      ),
    ])
  func geometries(geometry: String, centre: EOCoordinate?) throws {
    let decoded = try decode([Self.event(geometry: geometry), Self.event(id: "EONET_2")])
    #expect(decoded.elements.map(\.id) == ["EONET_1", "EONET_2"], "the event stays, the others too")
    #expect(decoded.skipped == 0)
    let event = try #require(decoded.elements.first)
    #expect(event.geometries.count == 1)
    #expect(event.latestGeometry?.center == centre)
  }

  @Test("a number out of range costs only its field; a 400-digit number in a skipped field costs nothing")
  func numbersOutOfRange() throws {
    let magnitude =
      #"{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1,2],"magnitudeValue":1e400,"magnitudeUnit":"acres"}"#
    let huge = String(repeating: "9", count: 400)
    let decoded = try decode([
      Self.event(geometry: magnitude),
      Self.event(id: "EONET_2", extra: #","unknownField":\#(huge),"other":-\#(huge).5e-99999"#),
    ])
    #expect(decoded.elements.map(\.id) == ["EONET_1", "EONET_2"])
    #expect(decoded.elements[0].latestGeometry?.magnitude == nil, "1e400 becomes no magnitude")
    #expect(decoded.elements[0].latestGeometry?.center == EOCoordinate(longitude: 1, latitude: 2))
  }

  @Test("a field of the wrong type costs the field; an event without its id or title is skipped and counted")
  func wrongTypes() throws {
    let decoded = try decode([
      #"{"id":"EONET_1","title":"Fire","closed":12,"description":[1,2],"link":{"a":1},"categories":[],"sources":"x","geometry":[{"date":"not a date","coordinates":[1,2]},{"date":"2025-01-02T03:04:05Z","coordinates":[1,2]}]}"#,
      #"{"id":null,"title":"No id","geometry":[{"date":"2025-01-02T03:04:05Z","coordinates":[1,2]}]}"#,
      #"{"id":"EONET_3","title":7,"geometry":[{"date":"2025-01-02T03:04:05Z","coordinates":[1,2]}]}"#,
    ])
    #expect(decoded.elements.map(\.id) == ["EONET_1"])
    #expect(decoded.elements[0].closed == nil)
    #expect(decoded.elements[0].geometries.count == 1, "the dateless observation alone is dropped")
    #expect(decoded.skipped == 2)
  }

  @Test(
    "invalid JSON is still a clear error",
    arguments: [#"{"events":[{"id":"a",}]}"#, #"{"events":[01x]}"#, #"{"events":["#])
  func invalid(text: String) {
    #expect(throws: EONETError.self) { try decoder.decodeEvents(from: Data(text.utf8)) }
  }

  @Test(
    "property: arbitrary valid JSON in place of any field of a real event never is a syntax error",
    arguments: 0..<8)
  func generatedValues(seed: Int) throws {
    var generator = JSONGenerator(seed: UInt64(seed) &* 7919 &+ 17)
    let fields = [
      "id", "title", "description", "link", "closed", "categories", "sources", "geometry", "extra",
    ]
    let geometryFields = ["date", "type", "coordinates", "magnitudeValue", "magnitudeUnit"]
    for _ in 0..<250 {
      let value = generator.value(depth: 0)
      let field = fields[generator.next(fields.count)]
      var parts: [String: String] = [
        "id": #""EONET_9""#, "title": #""Fire""#, "description": "null", "link": "null", "closed": "null",
        "categories": #"[{"id":"wildfires","title":"Wildfires"}]"#, "sources": "[]",
        "geometry": #"[{"date":"2025-01-02T03:04:05Z","type":"Point","coordinates":[1,2]}]"#,
      ]
      if field == "geometry", generator.next(2) == 0 {
        var geometry = ["date": #""2025-01-02T03:04:05Z""#, "type": #""Point""#, "coordinates": "[1,2]"]
        geometry[geometryFields[generator.next(geometryFields.count)]] = value
        parts["geometry"] =
          "[{" + geometry.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}]"
      } else {
        parts[field] = value
      }
      let event = "{" + parts.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}"
      let body = #"{"events":[\#(event),\#(Self.event(id: "EONET_2"))]}"#
      do {
        let decoded = try decoder.decodeEvents(from: Data(body.utf8))
        #expect(decoded.elements.contains { $0.id == "EONET_2" }, "the other event survives: \(value)")
      } catch {
        if case .malformedJSON = error { Issue.record("a syntax error for valid JSON: \(error) in \(body)") }
      }
    }
  }
}

/// Random valid JSON values: numbers of every form (huge, tiny, long), strings with escapes,
/// nested arrays and objects, literals.
struct JSONGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }

  mutating func value(depth: Int) -> String {
    switch next(depth > 3 ? 6 : 9) {
    case 0: return "null"
    case 1: return next(2) == 0 ? "true" : "false"
    case 2: return number()
    case 3: return number()
    case 4: return string()
    case 5: return #""2025-01-02T03:04:05Z""#
    case 6, 7:
      let count = next(4)
      return "[" + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
    default:
      let count = next(4)
      return "{" + (0..<count).map { _ in "\(string()):\(value(depth: depth + 1))" }.joined(separator: ",")
        + "}"
    }
  }

  private mutating func number() -> String {
    let forms = [
      "0", "-0", "1e400", "-1e400", "1e-400", "123.456", String(repeating: "7", count: 400), "2.5E+3",
      "-0.000001", "9007199254740993", "1.7976931348623157e308", "4.9e-324",
    ]
    return forms[next(forms.count)]
  }

  private mutating func string() -> String {
    let forms = [#""""#, #""a""#, #""\u00e9\n\t\"\\""#, #""\ud83d\ude00""#, #""&amp; <b>""#, #""\u0000""#]
    return forms[next(forms.count)]
  }
}
