import Foundation
import Testing

@testable import OurPlanetModel

/// The state file's quick reader agrees with `JSONDecoder` on what the app writes, and hands
/// anything else to it.
@Suite("Seen state file, read quickly")
struct SeenStateReadingTests {
  private func written(_ state: SeenState) throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(state)
  }

  private func decoded(_ data: Data) throws -> SeenState {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(SeenState.self, from: data)
  }

  private var varied: SeenState {
    var events: [String: EventFingerprint] = [:]
    for index in 0..<500 {
      let date = Date(timeIntervalSince1970: 946_684_800 + Double(index) * 86_399)
      events["EONET_\(index)"] = EventFingerprint(
        records: index % 9, latest: index % 4 == 0 ? nil : date,
        magnitude: [nil, 112, 4.5, 0.1, 1e-7, -3, 123_456_789.25][index % 7],
        closed: index % 3 == 0 ? date.addingTimeInterval(3_600) : nil)
    }
    return SeenState(events: events)
  }

  @Test("what the app writes reads back the same as JSONDecoder reads it")
  func agreesWithJSONDecoder() throws {
    var looked = varied
    looked.baseline = ["wildfires", "severeStorms"]
    looked.looked = [
      "wildfires": Date(timeIntervalSince1970: 1_700_000_000), "volcanoes": Date(timeIntervalSince1970: 0),
    ]
    for state in [SeenState(), varied, looked] {
      let data = try written(state)
      let quick = try #require(SeenState.quickRead(data))
      #expect(quick == (try decoded(data)))
      #expect(quick == state)
    }
  }

  @Test("an id with a slash, as the state file writes it, takes the fast path")
  func slashInID() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seen-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = StateFile<SeenState>(name: "seen.json", directory: directory)
    let state = SeenState(events: [
      "EONET/1": EventFingerprint(records: 1, latest: nil, magnitude: nil, closed: nil)
    ])
    #expect(file.write(state) == nil)
    let data = try Data(contentsOf: file.url)
    #expect(SeenState.quickRead(data)?.events == state.events, "\(String(decoding: data, as: UTF8.self))")
  }

  @Test("whitespace and another key order read the same")
  func layout() throws {
    let text = """
      { "events" : { "a" : { "records" : 2 , "magnitude" : null , "latest" : "2025-10-31T00:00:00Z" } ,
        "b":{"closed":"2024-02-29T23:59:59Z","records":0} } }
      """
    let data = Data(text.utf8)
    #expect(SeenState.quickRead(data) == (try decoded(data)))
  }

  @Test("escapes, other date forms, unknown keys and damage go to JSONDecoder")
  func handsOver() {
    let texts = [
      #"{"events":{"a\"b":{"records":1}}}"#,
      #"{"events":{"a":{"records":1,"latest":"2025-10-31T00:00:00.5Z"}}}"#,
      // The fuzzer's finding: the decoder's tolerant date parser took HH:MM.ff, JSONDecoder does not.
      #"{"events":{"a":{"records":1,"latest":"2025-01-01T12:30.40Z"}}}"#,
      #"{"events":{"a":{"records":1,"colour":"red"}}}"#,
      #"{"events":{"a":{"records":1.5}}}"#,
      #"{"events":{"a":{"latest":null}}}"#,
      #"{"events":{"a":{"records":1}}"#,
      #"{"events":{"a":{"records":1}}}x"#,
      #"{"events":[1,"#,
      "",
    ]
    for text in texts { #expect(SeenState.quickRead(Data(text.utf8)) == nil, "\(text)") }
  }
}
