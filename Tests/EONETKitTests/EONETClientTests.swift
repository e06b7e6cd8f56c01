import Foundation
import RxCore
import Testing

@testable import EONETKit

/// The client's logic (requests, decoding, retries, cache, fallback, the refresh graph) over an
/// in-memory transport; what only real HTTP shows (timeouts, TLS, redirects, proxies, decompression
/// caps, cancelling a connection) is `CurlTransportTests`' contract.
@Suite("EONETClient")
struct EONETClientTests {
  private let fastRetries = RetryPolicy(maximumRetries: 2, baseDelay: 0.05, maximumDelay: 2)
  private static let baseURL = URL(string: "http://eonet.test/api/v3")!

  private func makeClient(
    _ transport: InMemoryTransport, cache: URL? = nil, offline: Bool = false, timeout: Double = 5,
    retries: RetryPolicy? = nil, warnings: WarningLog? = nil
  ) throws -> EONETClient {
    let configuration = EONETClient.Configuration(
      baseURL: Self.baseURL, cacheDirectory: try cache ?? Fixtures.temporaryDirectory(),
      offline: offline, requestTimeout: timeout, retryPolicy: retries ?? fastRetries,
      onWarning: { warning in warnings?.append(warning) })
    return EONETClient(configuration: configuration, transport: transport)
  }

  private func category(_ id: String) -> EOCategory { EOCategory(id: id, title: id) }

  private func requests(_ transport: InMemoryTransport, path: String) -> [InMemoryTransport.Request] {
    transport.log.filter { $0.path == path }
  }

  // MARK: Categories and events

  @Test("categories: one request per fetch, sorted by title, live with their fetch time")
  func categories() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let client = try makeClient(server)
    let recording = record(client.fetchCategories())
    let fetched = try #require(recording.elements.first)
    let categories = fetched.value
    #expect(recording.completed)
    #expect(fetched.source == .live)
    #expect(categories.count == 13)
    #expect(categories.first?.title == "Drought")
    #expect(categories.last?.title == "Wildfires")
    #expect(
      categories.map(\.title)
        == categories.map(\.title).sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    #expect(server.requestCount == 1)
  }

  @Test(
    "events: open and closed requested with the days window, merged, newest first",
    arguments: Fixtures.serverCounts.keys.sorted())
  func events(id: String) throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let recording = record(try makeClient(server).fetchEvents(EventQuery(days: 30), category: category(id)))
    let fetched = try #require(recording.elements.first)
    let expected = try #require(Fixtures.serverCounts[id])
    #expect(fetched.value.count == expected.open + expected.closed)
    #expect(fetched.value.filter { $0.closed != nil }.count == expected.closed)
    #expect(fetched.source == .live)
    #expect(fetched.value.map(\.date) == fetched.value.map(\.date).sorted(by: >))
    let log = server.log
    #expect(Set(log.map { $0.query["status"] ?? "" }) == ["open", "closed"])
    #expect(log.allSatisfy { $0.path == "/categories/\(id)" && $0.query["days"] == "30" })
  }

  @Test("a past range: start and end sent, the answer cut to the range, then served from the cache once over")
  func pastRange() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let cache = try Fixtures.temporaryDirectory()
    let client = try makeClient(server, cache: cache)
    let start = try #require(ISO8601DateFormatter().date(from: "2025-08-28T00:00:00Z"))
    let window = try #require(EventWindow(from: start, through: start.addingTimeInterval(4 * 86_400)))
    let query = EventQuery(window: window)
    let fetched = try #require(
      record(client.fetchEvents(query, category: category("volcanoes"))).elements.first)
    // Whatever the server honours, only what overlaps 2025-08-28 to 2025-09-01 is kept.
    #expect(fetched.value.map(\.id) == ["EONET_15810", "EONET_15327", "EONET_15326"])
    let log = server.log
    #expect(log.count == 2)
    #expect(log.allSatisfy { $0.query["start"] == "2025-08-28" && $0.query["end"] == "2025-09-01" })
    #expect(log.allSatisfy { $0.query["days"] == nil })
    // Fetched after the range ended: final. The next ask is answered from the cache, no request.
    let again = try #require(
      record(client.fetchEvents(query, category: category("volcanoes"))).elements.first)
    #expect(again.value.map(\.id) == fetched.value.map(\.id))
    #expect(again.source == .cache)
    #expect(server.requestCount == 2)
    // The range has files of its own: the last N days' files were not touched.
    let offline = try makeClient(server, cache: cache, offline: true)
    #expect(
      record(offline.cachedEvents(EventQuery(days: 30), category: category("volcanoes"))).elements.isEmpty)
  }

  @Test("an event in both halves appears once, as its closed copy")
  func deduplicates() {
    let open = EOEvent(
      id: "E", title: "open",
      geometries: [
        EOGeometry(
          date: Date(timeIntervalSince1970: 0), shape: .point(EOCoordinate(longitude: 0, latitude: 0)))
      ])
    let closed = EOEvent(id: "E", title: "closed", closed: Date(timeIntervalSince1970: 10))
    let other = EOEvent(id: "F", title: "other", closed: Date(timeIntervalSince1970: 5))
    let now = Date()
    let combined = EONETClient.combine([
      EOFetched(value: [open, other], source: .live, fetchedAt: now),
      EOFetched(value: [closed], source: .live, fetchedAt: now, skippedEvents: 2),
    ])
    #expect(combined.value.map(\.title) == ["closed", "other"])
    #expect(combined.skippedEvents == 2)
  }

  @Test("results arrive off the subscribing thread")
  func backgroundDelivery() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let caller = pthread_self()
    let threads = RecordingBox<pthread_t>()
    let recording = record(
      try makeClient(server).fetchEvents(EventQuery(days: 30), category: category("wildfires")).map(\.value)
        .map { events -> Int in
          threads.update { $0.elements.append(pthread_self()) }
          return events.count
        })
    #expect(recording.elements == [5])
    #expect(threads.value.elements.allSatisfy { pthread_equal($0, caller) == 0 })
  }

  // MARK: The refresh graph

  @Test("a full refresh loads every category, never more than two at a time")
  func refreshConcurrency() throws {
    let server = InMemoryTransport(site: Fixtures.server, latency: 0.1)
    let start = Date()
    let recording = record(try makeClient(server).refresh(EventQuery(days: 30)), timeout: 20)
    let elapsed = Date().timeIntervalSince(start)
    #expect(recording.completed)
    let final = RefreshSummary(recording.elements)
    if case .listed? = recording.elements.first {
    } else {
      Issue.record("the category list comes first: \(String(describing: recording.elements.first))")
    }
    #expect(recording.elements.count == 27, "listed, then started and loaded for each of 13")
    #expect(final.isComplete)
    #expect(final.failures.isEmpty)
    for (id, counts) in Fixtures.serverCounts {
      #expect(final.events[id]?.value.count == counts.open + counts.closed)
    }
    #expect(server.maxInFlightCategories == 2)
    #expect(server.maxInFlight <= 4)
    #expect(server.requestCount == 27)
    // 1 categories request + 13 categories two at a time (open and closed in parallel): ≥ 8 latencies.
    #expect(elapsed >= 0.75)
  }

  @Test("one failing category never stops the others; each failure says what went wrong")
  func refreshFailures() throws {
    let server = InMemoryTransport(
      site: Fixtures.server,
      rules: [
        .init("/categories/volcanoes", .status(500)),
        .init(
          "/categories/wildfires", query: ["status": "open"], .json(#"{"title":"EONET","events":[{"id":}]}"#)),
        .init(
          "/categories/seaLakeIce", query: ["status": "closed"],
          .json(#"{"title":"EONET Events","events":[{"id":"EONET_1","ti"#)),
        .init("/categories/severeStorms", query: ["status": "open"], Self.htmlPage(status: 502)),
        .init("/categories/floods", .json("")),
      ])
    let recording = record(try makeClient(server).refresh(EventQuery(days: 30)), timeout: 20)
    let final = RefreshSummary(recording.elements)
    #expect(recording.completed)
    #expect(Set(final.failures.keys) == ["volcanoes", "wildfires", "seaLakeIce", "severeStorms", "floods"])
    #expect(final.events.count == 8)
    #expect(final.completed == 13)
    if case .httpStatus(_, 500)? = final.failures["volcanoes"] {
    } else {
      Issue.record("volcanoes: \(String(describing: final.failures["volcanoes"]))")
    }
    if case .malformedJSON? = final.failures["wildfires"] {
    } else {
      Issue.record("wildfires: \(String(describing: final.failures["wildfires"]))")
    }
    if case .malformedJSON? = final.failures["seaLakeIce"] {
    } else {
      Issue.record("seaLakeIce: \(String(describing: final.failures["seaLakeIce"]))")
    }
    // A 502 is retried like any 5xx; after the retries its HTML page is an HTTP error.
    if case .httpStatus(_, 502)? = final.failures["severeStorms"] {
    } else {
      Issue.record("severeStorms: \(String(describing: final.failures["severeStorms"]))")
    }
    if case .notJSON(200, "application/json", "")? = final.failures["floods"] {
    } else {
      Issue.record("floods: \(String(describing: final.failures["floods"]))")
    }
    let volcanoRequests = requests(server, path: "/categories/volcanoes")
    // The half that fails first was tried 1 + 2 times; its failure cancels the other half's retries.
    let attempts = ["open", "closed"].map { status in
      volcanoRequests.filter { $0.query["status"] == status }.count
    }
    #expect(attempts.max() == 3)
    #expect(volcanoRequests.count <= 6)
  }

  @Test("a 200 with an HTML page is an error naming status, type and the start of the page")
  func htmlPage() throws {
    let server = InMemoryTransport(
      site: Fixtures.server, rules: [.init("/categories", Self.htmlPage(status: 200))])
    let recording = record(try makeClient(server).fetchCategories())
    let error = try #require(recording.error as? EONETError)
    guard case .notJSON(200, "text/html", let prefix) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(prefix.hasPrefix("<!DOCTYPE html>"))
  }

  @Test("JSON served as application/rss+xml (as the real server does) still decodes")
  func rssContentType() throws {
    let server = InMemoryTransport(site: Fixtures.server, contentType: "application/rss+xml")
    #expect(record(try makeClient(server).fetchCategories()).elements.first?.value.count == 13)
  }

  // MARK: Retries, timeouts, cancellation

  @Test("429 with Retry-After is waited out, then retried")
  func retryAfter() throws {
    let server = InMemoryTransport(
      site: Fixtures.server, rules: [.init("/categories", times: 1, .status(429, retryAfter: "1"))])
    let start = Date()
    let recording = record(try makeClient(server).fetchCategories())
    let elapsed = Date().timeIntervalSince(start)
    #expect(recording.elements.first?.value.count == 13)
    #expect(elapsed >= 0.95 && elapsed < 5)
    #expect(server.log.map(\.status) == [429, 200])
  }

  @Test("5xx is retried a bounded number of times", arguments: [(1, true), (2, true), (3, false)])
  func boundedRetries(failures: Int, succeeds: Bool) throws {
    let server = InMemoryTransport(
      site: Fixtures.server, rules: [.init("/categories", times: failures, .status(503))])
    let recording = record(try makeClient(server).fetchCategories())
    #expect((recording.elements.first != nil) == succeeds)
    #expect(server.requestCount == min(failures + 1, 3))
    if !succeeds {
      #expect(
        recording.error as? EONETError == .httpStatus(url: "\(Self.baseURL)/categories", status: 503)
      )
    }
  }

  @Test("other errors are not retried", arguments: [400, 404])
  func noRetryOnClientErrors(code: Int) throws {
    let server = InMemoryTransport(site: Fixtures.server, rules: [.init("/categories", .status(code))])
    let recording = record(try makeClient(server).fetchCategories())
    #expect(recording.error != nil)
    #expect(server.requestCount == 1)
  }

  // That the transport keeps the deadline is `CurlTransportTests`' "never answers" test.
  @Test("the configured timeout goes with the request; a timeout is an error, not retried")
  func timeout() throws {
    let timedOut = EONETError.timedOut(url: "\(Self.baseURL)/categories", seconds: 0.5)
    let server = InMemoryTransport(site: Fixtures.server, rules: [.init("/categories", .failure(timedOut))])
    let recording = record(try makeClient(server, timeout: 0.5).fetchCategories())
    #expect(recording.error as? EONETError == timedOut)
    #expect(server.log.map(\.timeout) == [0.5])
  }

  @Test("disposing the subscription cancels the HTTP request")
  func cancellation() throws {
    let server = InMemoryTransport(site: Fixtures.server, rules: [.init("/categories/wildfires", .never)])
    let received = RecordingBox<[EOEvent]>()
    let subscription = try makeClient(server).fetchEvents(
      EventQuery(days: 30), category: category("wildfires")
    ).map(\.value)
      .subscribe(onNext: { events in received.update { $0.elements.append(events) } })
    #expect(eventually { server.inFlight == 2 })
    subscription.dispose()
    #expect(eventually { server.log.filter(\.cancelled).count == 2 })
    #expect(server.inFlight == 0)
    #expect(received.value.elements.isEmpty)
  }

  // MARK: Cache, 304, offline

  @Test("a second request is conditional; the 304 serves the cached copy as live data")
  func notModified() throws {
    let server = InMemoryTransport(site: Fixtures.server, validators: true)
    let client = try makeClient(server)
    let first = try #require(
      record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires"))).elements.first)
    let second = try #require(
      record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires"))).elements.first)
    #expect(second.value == first.value)
    #expect(second.source == .live)
    #expect(second.fetchedAt >= first.fetchedAt)
    let log = server.log
    #expect(log.prefix(2).allSatisfy { $0.headers["If-None-Match"] == nil && $0.status == 200 })
    #expect(
      log.suffix(2).allSatisfy {
        $0.headers["If-None-Match"] != nil && $0.headers["If-Modified-Since"] != nil && $0.status == 304
      })
  }

  @Test("credentials in the API address never reach a cache file; validators still apply")
  func credentialsNotStored() throws {
    let server = InMemoryTransport(site: Fixtures.server, validators: true)
    let cacheDirectory = try Fixtures.temporaryDirectory()
    var components = try #require(
      URLComponents(url: Self.baseURL, resolvingAgainstBaseURL: false))
    components.user = "reader"
    components.password = "s3cret"
    let configuration = EONETClient.Configuration(
      baseURL: try #require(components.url), cacheDirectory: cacheDirectory, offline: false,
      requestTimeout: 5, retryPolicy: fastRetries, onWarning: { _ in })
    let client = EONETClient(configuration: configuration, transport: server)
    _ = record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires")))
    _ = record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires")))
    let files = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)
    #expect(!files.isEmpty)
    for file in files {
      let data = try Data(contentsOf: cacheDirectory.appendingPathComponent(file))
      #expect(data.range(of: Data("s3cret".utf8)) == nil, "\(file)")
    }
    #expect(server.log.suffix(2).allSatisfy { $0.status == 304 })
  }

  @Test("a client sweeps the cache folder's stale temporary files at start, off the caller's thread")
  func sweepsAtStart() throws {
    let cacheDirectory = try Fixtures.temporaryDirectory()
    let stale = cacheDirectory.appendingPathComponent(".events-wildfires-open.cache.2147483632.1.tmp")
    try Data("partial".utf8).write(to: stale)
    let configuration = EONETClient.Configuration(
      baseURL: URL(string: "http://127.0.0.1:9/api/v3")!, cacheDirectory: cacheDirectory, offline: true)
    _ = EONETClient(configuration: configuration)
    let deadline = Date().addingTimeInterval(10)
    while FileManager.default.fileExists(atPath: stale.path), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!FileManager.default.fileExists(atPath: stale.path))
  }

  @Test("no validators are sent for another URL (another days window)")
  func validatorsPerURL() throws {
    let server = InMemoryTransport(site: Fixtures.server, validators: true)
    let client = try makeClient(server)
    _ = record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires")))
    _ = record(client.fetchEvents(EventQuery(days: 7), category: category("wildfires")))
    #expect(server.log.allSatisfy { $0.headers["If-None-Match"] == nil && $0.status == 200 })
  }

  @Test("downloads are cached; the cache serves them later, offline, with their fetch time")
  func cacheThenOffline() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let cache = try Fixtures.temporaryDirectory()
    let live = RefreshSummary(
      record(try makeClient(server, cache: cache).refresh(EventQuery(days: 3650)), timeout: 20).elements)
    let sent = server.requestCount
    let offline = try makeClient(server, cache: cache, offline: true)
    let categories = try #require(record(offline.fetchCategories()).elements.first)
    #expect(categories.source == .cache)
    #expect(categories.value.count == 13)
    let wildfires = try #require(
      record(offline.fetchEvents(EventQuery(days: 3650), category: category("wildfires"))).elements.first)
    #expect(wildfires.source == .cache)
    #expect(wildfires.value == live.events["wildfires"]?.value)
    let liveFetchedAt = try #require(live.events["wildfires"]?.fetchedAt)
    #expect(abs(wildfires.fetchedAt.timeIntervalSince(liveFetchedAt)) < 0.001)
    let cached = record(offline.cachedEvents(EventQuery(days: 3650), category: category("volcanoes")))
      .elements
    #expect(cached.first?.value.count == 4)
    #expect(record(offline.cachedEvents(EventQuery(days: 3650), category: category("unknown"))).completed)
    #expect(
      record(offline.cachedEvents(EventQuery(days: 3650), category: category("unknown"))).elements.isEmpty)
    #expect(server.requestCount == sent, "offline sends nothing")
  }

  @Test("a category's fallback is whole: with only one half cached, offline serves the snapshot")
  func wholeFallback() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let cache = try Fixtures.temporaryDirectory()
    _ = record(
      try makeClient(server, cache: cache).fetchEvents(
        EventQuery(days: 3650), category: category("wildfires")))
    // What a failing open half leaves when the closed half arrived first.
    let open = EONETCache(directory: cache).fileURL(
      for: EONETClient.eventsKey(category: category("wildfires"), status: "open"))
    try FileManager.default.removeItem(at: open)
    let offline = try makeClient(server, cache: cache, offline: true)
    let local = try #require(
      record(offline.fetchEvents(EventQuery(days: 3650), category: category("wildfires"))).elements.first)
    #expect(local.source == .snapshot)
    #expect(
      record(offline.cachedEvents(EventQuery(days: 3650), category: category("wildfires"))).elements.isEmpty)
  }

  @Test("a narrower window never shrinks what a wider one cached")
  func narrowNeverShrinks() throws {
    let cache = try Fixtures.temporaryDirectory()
    // The open half holds one recent event over 360 days and none over a day.
    let date = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-10 * 86_400))
    let event = """
      {"id":"EONET_1","title":"Fire","categories":[{"id":"wildfires","title":"Wildfires"}],"sources":[],\
      "geometry":[{"date":"\(date)","type":"Point","coordinates":[1.0,2.0]}]}
      """
    let server = InMemoryTransport(rules: [
      .init(
        "/categories/wildfires", query: ["status": "open", "days": "360"],
        .json(#"{"title":"EONET Events","events":["# + event + "]}")),
      .init("/categories/wildfires", .json(#"{"title":"EONET Events","events":[]}"#)),
    ])
    let configuration = EONETClient.Configuration(
      baseURL: Self.baseURL, cacheDirectory: cache, requestTimeout: 5, retryPolicy: fastRetries,
      onWarning: { _ in })
    let client = EONETClient(configuration: configuration, transport: server)
    let wide = try #require(
      record(client.fetchEvents(EventQuery(days: 360), category: category("wildfires"))).elements.first)
    let narrow = try #require(
      record(client.fetchEvents(EventQuery(days: 1), category: category("wildfires"))).elements.first)
    #expect(wide.value.count == 1)
    #expect(narrow.value.isEmpty)
    let offline = EONETClient(
      configuration: EONETClient.Configuration(
        baseURL: configuration.baseURL, cacheDirectory: cache, offline: true, onWarning: { _ in }))
    let local = try #require(
      record(offline.fetchEvents(EventQuery(days: 360), category: category("wildfires"))).elements.first)
    #expect(local.source == .cache)
    #expect(local.value.map(\.id) == wide.value.map(\.id))
  }

  @Test("offline without a cache serves the bundled snapshot, filtered from its own date")
  func snapshotFallback() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let offline = try makeClient(server, offline: true)
    let categories = try #require(record(offline.fetchCategories()).elements.first?.value)
    #expect(categories.count == 13)
    let wildfires = try #require(
      record(offline.fetchEvents(EventQuery(days: 360), category: category("wildfires"))).elements.first)
    #expect(wildfires.source == .snapshot)
    #expect(wildfires.fetchedAt == ISO8601.parse("2025-11-08T12:00:00Z"))
    let start = wildfires.fetchedAt.addingTimeInterval(-360 * 86_400)
    #expect(wildfires.value.allSatisfy { $0.date >= start })
    // Every event of the window, whatever order the snapshot holds them in, newest first.
    let snapshot = try EONETSnapshot.locate(environment: [:], executableURL: nil)
    for category in categories {
      let all = try snapshot.events(for: category).value
      let served = try #require(
        record(offline.fetchEvents(EventQuery(days: 360), category: category)).elements.first)
      #expect(served.value.count == all.filter { $0.date >= start }.count, "\(category.id)")
      #expect(served.value == served.value.sortedNewestFirst(), "\(category.id)")
    }
    #expect(server.requestCount == 0)
  }

  @Test("a cache folder that cannot be written is a warning; the download is still served")
  func unwritableCache() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    // A file where the folder should be: no cache file can ever be created under it (as root too).
    let blocked = try Fixtures.temporaryDirectory().appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: blocked)
    let warnings = WarningLog()
    let client = try makeClient(server, cache: blocked.appendingPathComponent("cache"), warnings: warnings)
    let fetched = try #require(
      record(client.fetchEvents(EventQuery(days: 30), category: category("wildfires"))).elements.first)
    #expect(fetched.source == .live)
    #expect(!fetched.value.isEmpty, "the data comes from memory")
    let notWritten = warnings.all.filter {
      if case .cacheNotWritten = $0 { return true } else { return false }
    }
    #expect(notWritten.count == 2, "open and closed halves: \(warnings.all)")
  }

  @Test("a corrupt cache file is reported, ignored, and replaced by the next download")
  func corruptCache() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let cacheDirectory = try Fixtures.temporaryDirectory()
    let cache = EONETCache(directory: cacheDirectory)
    try Data("{\"format\":\"ourplanet-cache\",\"version\":1}\ngarbage".utf8)
      .write(to: cache.fileURL(for: "categories"))
    let warnings = WarningLog()
    let client = try makeClient(server, cache: cacheDirectory, warnings: warnings)
    #expect(record(client.cachedCategories()).elements.isEmpty)
    #expect(record(client.fetchCategories()).elements.first?.value.count == 13)
    #expect(warnings.all.contains { if case .cacheIgnored = $0 { true } else { false } })
    #expect(record(client.cachedCategories()).elements.first?.value.count == 13)
  }

  @Test("a response with malformed events is reported and never replaces a fuller cache")
  func skippedEventsKeepCache() throws {
    let fixtures = try Fixtures.temporaryDirectory()
    try FileManager.default.copyItem(at: Fixtures.server, to: fixtures.appendingPathComponent("site"))
    let site = fixtures.appendingPathComponent("site")
    let server = InMemoryTransport(site: site)
    let cache = try Fixtures.temporaryDirectory()
    let warnings = WarningLog()
    let client = try makeClient(server, cache: cache, warnings: warnings)
    let good = try #require(
      record(client.fetchEvents(EventQuery(days: 30), category: category("volcanoes"))).elements.first)
    #expect(good.value.count == 4)

    // The server now sends two good events and one broken one.
    let file = site.appendingPathComponent("categories/volcanoes.json")
    var document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var events = try #require(document["events"] as? [[String: Any]])
    events = Array(events.prefix(2)) + [["id": "EONET_BROKEN", "title": 12]]
    document["events"] = events
    try JSONSerialization.data(withJSONObject: document).write(to: file)

    let partial = try #require(
      record(client.fetchEvents(EventQuery(days: 30), category: category("volcanoes"))).elements.first)
    #expect(partial.value.count == 2)
    #expect(partial.skippedEvents == 1)
    #expect(
      warnings.all.contains(
        .skippedEvents(count: 1, source: "\(Self.baseURL)/categories/volcanoes?status=open&days=30"))
    )
    // The fixtures are from 2025: count back far enough from today's fetch time to keep them.
    let cached = try #require(
      record(client.cachedEvents(EventQuery(days: 3650), category: category("volcanoes"))).elements.first)
    #expect(cached.value.count == 4)
  }
}

extension EONETClientTests {
  /// An HTML error page, as a proxy or a failing server sends one.
  fileprivate static func htmlPage(status: Int) -> InMemoryTransport.Answer {
    .json(
      "<!DOCTYPE html><html><body>Bad gateway</body></html>", status: status,
      headers: ["Content-Type": "text/html"])
  }
}
