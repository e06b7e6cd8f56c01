import Foundation
import Support
import TestSupport
import Testing

/// The fixture server answers EONET's filters as a strict server would, and ``ReferenceFilter`` reads
/// them the same way: both are what the app's end-to-end tests of issue 28 stand on.
@Suite("Fixture server filters", .tags(.spawnsProcess))
struct FixtureFilterTests {
  /// One query, what the reference makes of it, and ids that must be kept and dropped at its
  /// boundaries (so a reference and a server wrong the same way still fail).
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let query: [String: String]
    let filter: ReferenceFilter
    let kept: [String]
    let dropped: [String]

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "start and end: the first and the last day in, a day outside out",
      query: ["start": "2024-06-01", "end": "2024-11-30", "status": "all"],
      filter: ReferenceFilter(start: "2024-06-01", end: "2024-11-30"),
      kept: ["EONET_H01", "EONET_H03", "EONET_H05", "EONET_H06", "EONET_F03"],
      dropped: ["EONET_H02", "EONET_H04", "EONET_F05", "EONET_F06", "EONET_R01"]),
    Case(
      name: "start alone has no upper bound",
      query: ["start": "2024-12-01", "status": "all"], filter: ReferenceFilter(start: "2024-12-01"),
      kept: ["EONET_H03", "EONET_H04", "EONET_F06", "EONET_R01", "EONET_R03"],
      dropped: ["EONET_H06", "EONET_H02"]),
    Case(
      name: "end alone has no lower bound",
      query: ["end": "2024-05-31", "status": "all"], filter: ReferenceFilter(end: "2024-05-31"),
      kept: ["EONET_H01", "EONET_H02", "EONET_H05", "EONET_F05"], dropped: ["EONET_H06", "EONET_R01"]),
    Case(
      name: "days counts back from the server's clock",
      query: ["days": "30", "status": "all"], filter: ReferenceFilter(days: 30),
      kept: ["EONET_R01", "EONET_R02", "EONET_R04"], dropped: ["EONET_R03", "EONET_H06"]),
    Case(
      name: "days and a range both apply",
      query: ["days": "30", "end": "2024-11-30", "status": "all"],
      filter: ReferenceFilter(days: 30, end: "2024-11-30"), kept: [], dropped: ["EONET_R01", "EONET_H06"]),
    Case(
      name: "status open is the default",
      query: [:], filter: ReferenceFilter(status: .open), kept: ["EONET_R01", "EONET_H06"],
      dropped: ["EONET_R02", "EONET_H05"]),
    Case(
      name: "status closed", query: ["status": "closed"], filter: ReferenceFilter(status: .closed),
      kept: ["EONET_R02", "EONET_H05", "EONET_F01"], dropped: ["EONET_R01", "EONET_H06"]),
    Case(
      name: "magID keeps the latest position's unit", query: ["magID": "mag_kts", "status": "all"],
      filter: ReferenceFilter(magnitudeUnit: "kts"), kept: ["EONET_H09", "EONET_H07", "EONET_R04"],
      dropped: ["EONET_F01", "EONET_H08", "EONET_F03"]),
    Case(
      name: "magMin is inclusive and reads the latest position only",
      query: ["magID": "mag_kts", "magMin": "64", "status": "all"],
      filter: ReferenceFilter(magnitudeUnit: "kts", minimumMagnitude: 64), kept: ["EONET_H09", "EONET_H06"],
      dropped: ["EONET_H07", "EONET_H02", "EONET_F01"]),
    Case(
      name: "magMax is inclusive", query: ["magID": "mag_kts", "magMax": "64.0", "status": "all"],
      filter: ReferenceFilter(magnitudeUnit: "kts", maximumMagnitude: 64), kept: ["EONET_H09", "EONET_H07"],
      dropped: ["EONET_H06", "EONET_H04", "EONET_H08"]),
    Case(
      name: "magMin without magID compares each event's own unit; no magnitude is out",
      query: ["magMin": "5000", "status": "all"], filter: ReferenceFilter(minimumMagnitude: 5_000),
      kept: ["EONET_F01", "EONET_F05"], dropped: ["EONET_F02", "EONET_F04", "EONET_H06"]),
    Case(
      name: "magID ha keeps hectares", query: ["magID": "ha", "status": "all"],
      filter: ReferenceFilter(magnitudeUnit: "hectare"), kept: ["EONET_F03", "EONET_F06"],
      dropped: ["EONET_F01", "EONET_F04"]),
    Case(
      name: "an unknown magID keeps nothing", query: ["magID": "furlongs", "status": "all"],
      filter: ReferenceFilter(magnitudeUnit: "furlongs"), kept: [], dropped: ["EONET_F01", "EONET_H06"]),
    Case(
      name: "source is one id, exact", query: ["source": "IRWIN", "status": "all"],
      filter: ReferenceFilter(sources: ["IRWIN"]), kept: ["EONET_F02", "EONET_F04", "EONET_R01"],
      dropped: ["EONET_F01", "EONET_H01"]),
    Case(
      name: "source is an OR of ids", query: ["source": "JTWC,GDACS", "status": "all"],
      filter: ReferenceFilter(sources: ["JTWC", "GDACS"]),
      kept: ["EONET_H04", "EONET_F03", "EONET_R04", "EONET_H06"], dropped: ["EONET_H01", "EONET_F01"]),
    Case(
      name: "source ids are case-sensitive", query: ["source": "irwin", "status": "all"],
      filter: ReferenceFilter(sources: ["irwin"]), kept: [], dropped: ["EONET_F02"]),
    Case(
      name: "every filter at once",
      query: [
        "start": "2024-06-01", "end": "2024-11-30", "status": "all", "magID": "mag_kts", "magMin": "64",
        "source": "NOAA_NHC",
      ],
      filter: ReferenceFilter(
        start: "2024-06-01", end: "2024-11-30", magnitudeUnit: "kts", minimumMagnitude: 64,
        sources: ["NOAA_NHC"]),
      kept: ["EONET_H03", "EONET_H06", "EONET_H09"], dropped: ["EONET_H01", "EONET_H04", "EONET_R04"]),
  ]

  @Test(
    "each parameter is honoured on /events and the category routes, as the reference reads it",
    arguments: cases)
  func honoured(_ test: Case) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 300)
    defer { server.stop() }
    let expected = test.filter.ids(in: api, now: Date())
    #expect(Set(test.kept).isSubset(of: expected), "the reference keeps \(test.kept)")
    #expect(expected.isDisjoint(with: test.dropped), "the reference drops \(test.dropped)")

    let everything = try Self.ids(server, "/events", test.query)
    #expect(Set(everything) == expected, "/events?\(test.query)")
    #expect(everything.count == Set(everything).count, "each event once")
    for category in ["severeStorms", "wildfires", "floods"] {
      var filter = test.filter
      filter.categories = [category]
      for prefix in ["", "/api/v3"] {
        let path = "\(prefix)/categories/\(category)"
        #expect(
          try Set(Self.ids(server, path, test.query)) == filter.ids(in: api, now: Date()), "\(path)")
      }
    }
    #expect(try server.stats().log.last?.query == test.query, "the stats log what was asked")
  }

  @Test("limit counts after the other filters; category narrows /events")
  func limitAndCategory() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 300)
    defer { server.stop() }
    let closed = ReferenceFilter(status: .closed).ids(in: api)
    let limited = try Self.ids(server, "/categories/wildfires", ["status": "closed", "limit": "2"])
    #expect(limited == ["EONET_F01", "EONET_F05"], "the first two closed fires, in the file's order")
    #expect(Set(limited).isSubset(of: closed))
    let floods = try Self.ids(server, "/events", ["category": "floods,volcanoes", "status": "all"])
    #expect(Set(floods) == ReferenceFilter(categories: ["floods", "volcanoes"]).ids(in: api))
  }

  @Test(
    "a bad value is a 400 with a JSON error naming the parameter",
    arguments: [
      ("start", "2024-02-30"), ("start", "2024-6-1"), ("end", "yesterday"), ("end", "2024-13-01"),
      ("days", "-1"), ("days", "ten"), ("magMin", "abc"), ("magMax", "nan"), ("magMin", ""),
      ("status", "maybe"), ("limit", "x"), ("source", ""),
    ])
  func badValues(parameter: String, value: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 300)
    defer { server.stop() }
    for path in ["/events", "/categories/wildfires", "/api/v3/categories/severeStorms"] {
      let (status, body) = try Self.get(server, path, [parameter: value])
      #expect(status == 400, "\(path)?\(parameter)=\(value)")
      let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
      let message = try #require(object?["error"] as? String, "\(String(decoding: body, as: UTF8.self))")
      #expect(message.contains(parameter), "\(message)")
    }
  }

  @Test(
    "/sources and /magnitudes are served whole, as Resources/eonet has them",
    arguments: ["sources", "magnitudes"])
  func lists(name: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(fixtures: api.directory, idleTimeout: 300)
    defer { server.stop() }
    let original = try Data(
      contentsOf: FixtureAPI.packageRoot.appendingPathComponent("Resources/eonet/\(name).json"))
    let expected = try Self.canonical(original)
    // The API's own copy, not the server's fallback to Resources: tests can change it.
    let copy = try Data(contentsOf: api.directory.appendingPathComponent("\(name).json"))
    #expect(try Self.canonical(copy) == expected)
    for (path, query) in [("/\(name)", [:]), ("/api/v3/\(name)", ["status": "closed", "source": "IRWIN"])] {
      let (status, body) = try Self.get(server, path, query)
      #expect(status == 200, "\(path)")
      #expect(try Self.canonical(body) == expected, "\(path)?\(query)")
    }
  }

  @Test("honourParameters false ignores every parameter, status and bad values too; the plan switches it")
  func ignoringServer() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.history(in: temporary.url)
    let server = try FixtureServer(
      fixtures: api.directory, plan: #"{"honourParameters": false}"#, idleTimeout: 300)
    defer { server.stop() }
    let everything = ReferenceFilter().ids(in: api)
    let fires = ReferenceFilter(categories: ["wildfires"]).ids(in: api)
    for query in [
      [:], ["status": "closed"], ["status": "open", "limit": "1"], ["days": "30"],
      ["start": "2024-02-30", "magMin": "abc"], ["magID": "ac", "magMin": "100000", "source": "JTWC"],
    ] {
      #expect(try Set(Self.ids(server, "/events", query)) == everything, "/events?\(query)")
      #expect(try Set(Self.ids(server, "/categories/wildfires", query)) == fires, "?\(query)")
    }
    try server.setPlan("{}")
    let open = try Self.ids(server, "/categories/wildfires", ["status": "closed"])
    #expect(Set(open) == ReferenceFilter(status: .closed, categories: ["wildfires"]).ids(in: api))
  }

  // MARK: - HTTP

  /// The event ids of a GET's answer, in order; records an issue and returns none for any other answer.
  private static func ids(_ server: FixtureServer, _ path: String, _ query: [String: String]) throws
    -> [String]
  {
    let (status, body) = try get(server, path, query)
    #expect(status == 200, "\(path)?\(query): \(String(decoding: body, as: UTF8.self))")
    let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    let events = try #require(object?["events"] as? [[String: Any]], "\(path): an events envelope")
    return events.compactMap { $0["id"] as? String }
  }

  /// `json` re-encoded with sorted keys, so two encodings of one document compare equal.
  private static func canonical(_ json: Data) throws -> Data {
    try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: json), options: [.sortedKeys])
  }

  /// GETs `path` with `query` from `server`: the status and the body.
  private static func get(_ server: FixtureServer, _ path: String, _ query: [String: String]) throws
    -> (Int, Data)
  {
    var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
    components.path = path
    if !query.isEmpty {
      components.queryItems = query.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
    // Synchronous, as the other end-to-end tests are: an async test waiting for a turn of the
    // cooperative pool under a full parallel run (2 threads, both busy with blocking tests) left its
    // server idle past its timeout before the first request.
    return try server.get(components.percentEncodedPath + query)
  }
}
