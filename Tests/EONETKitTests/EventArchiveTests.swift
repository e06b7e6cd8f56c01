import Foundation
import RxCore
import TestSupport
import Testing

@testable import EONETKit

/// The cache's binary form of events: exact round trips, and damage that is an error, never a crash.
@Suite("EventArchive")
struct EventArchiveTests {
  private let wildfires = EOCategory(id: "wildfires", title: "Wildfires", description: "Wildland fires")
  private let storms = EOCategory(id: "severeStorms", title: "Severe Storms", link: "https://x/storms")

  /// Events of every shape the model has: points, lines, polygons (with a hole), unlocated,
  /// magnitudes with and without a unit, optional fields absent and present, two category lists.
  private func variedEvents(count: Int) -> [EOEvent] {
    (0..<count).map { index in
      let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600.5)
      let shape: EOGeometry.Shape
      switch index % 4 {
      case 0: shape = .point(EOCoordinate(longitude: -120.25 + Double(index), latitude: 38.5))
      case 1:
        shape = .line([EOCoordinate(longitude: 1, latitude: 2), EOCoordinate(longitude: 3.5, latitude: -4)])
      case 2:
        shape = .polygon([
          [EOCoordinate(longitude: 0, latitude: 0), EOCoordinate(longitude: 1, latitude: 0)],
          [EOCoordinate(longitude: 0.2, latitude: 0.2)],
        ])
      default: shape = .unlocated
      }
      let magnitude: EOMagnitude? =
        index % 3 == 0 ? nil : EOMagnitude(value: Double(index) / 7, unit: index % 2 == 0 ? "acres" : nil)
      return EOEvent(
        id: "EONET_\(index)", title: "Event \(index) — fire «Ä»",
        description: index % 5 == 0 ? "a description" : nil,
        link: index % 2 == 0 ? "https://eonet.gsfc.nasa.gov/api/v3/events/EONET_\(index)" : nil,
        closed: index % 7 == 0 ? date.addingTimeInterval(86_400) : nil,
        categories: index % 2 == 0 ? [wildfires] : [wildfires, storms],
        sources: (0..<(index % 3)).map { EOSource(id: "S\($0)", url: "https://source/\(index)/\($0)") },
        geometries: [EOGeometry(date: date, shape: shape, magnitude: magnitude)])
    }
  }

  @Test(
    "a round trip gives back every event exactly, newest first, with the skipped count and title",
    arguments: SplitMix.seeds(2))
  func roundTrip(seed: UInt64) throws {
    // More than one chunk of 4,096, so the parallel decoding is exercised.
    var generator = SplitMix(seed: seed)
    let events = variedEvents(count: 9_000)
    let archive = EventArchive.encode(
      EODecoded(elements: events.shuffled(using: &generator), skipped: 3, title: "EONET Events"))
    let decoded = try EventArchive.decode(archive)
    #expect(decoded.elements == events.sortedNewestFirst())
    #expect(decoded.skipped == 3)
    #expect(decoded.title == "EONET Events")
  }

  @Test(
    "with a cut-off, exactly the events dated at or after it are read, newest first",
    arguments: [-1, 0, 1, 4_095, 4_096, 4_097, 6_500, 8_191, 8_192, 8_999, 9_000])
  func cutoff(kept: Int) throws {
    // Three chunks of 4,096: a cut-off inside a chunk, on a chunk's first event, past every event
    // and before the oldest.
    // The order the events are stored in is drawn from `kept`, so a failing case replays.
    var generator = SplitMix(seed: UInt64(bitPattern: Int64(kept)))
    let events = variedEvents(count: 9_000).sortedNewestFirst()
    let archive = EventArchive.encode(
      EODecoded(elements: events.shuffled(using: &generator), skipped: 2, title: "t"))
    let cutoff =
      kept <= 0
      ? events[0].date.addingTimeInterval(1) : kept >= events.count ? Date.distantPast : events[kept - 1].date
    let decoded = try EventArchive.decode(archive, newerThan: cutoff)
    #expect(decoded.elements == events.filter { $0.date >= cutoff })
    #expect(decoded.elements.count == max(0, min(kept, events.count)))
    #expect(decoded.skipped == 2)
    #expect(decoded.title == "t")
  }

  @Test("the real events decoded from JSON survive a round trip")
  func realEvents() throws {
    let data = try Fixtures.data("v3/events-open-sample.json")
    let decoded = try EONETDecoder().decodeEvents(from: data)
    #expect(!decoded.elements.isEmpty)
    let back = try EventArchive.decode(EventArchive.encode(decoded))
    #expect(back.elements == decoded.elements.sortedNewestFirst())
  }

  @Test("no events, and a title that is absent, round-trip too")
  func empty() throws {
    let back = try EventArchive.decode(EventArchive.encode(EODecoded(elements: [])))
    #expect(back.elements.isEmpty)
    #expect(back.title == nil)
  }

  @Test("an id that repeats is kept once, as its first copy")
  func repeatedIDs() throws {
    let events = variedEvents(count: 3)
    let repeated = EOEvent(id: events[1].id, title: "a later copy")
    let back = try EventArchive.decode(EventArchive.encode(EODecoded(elements: events + [repeated])))
    #expect(back.elements.count == 3)
    #expect(back.elements.first { $0.id == events[1].id }?.title == events[1].title)
  }

  // A guard against a hang, not a speed check: Swift Testing's clock runs from when the test is
  // scheduled, and on a loaded 2-core run a test can wait minutes for a thread (a 1-minute limit failed so).
  @Test("every truncation and a wrong magic are errors, never crashes", .timeLimit(.minutes(10)))
  func truncated() throws {
    let archive = EventArchive.encode(EODecoded(elements: variedEvents(count: 40), title: "t"))
    for length in stride(from: 0, to: archive.count, by: 7) {
      #expect(throws: EONETError.self) { try EventArchive.decode(archive.prefix(length)) }
    }
    var wrong = archive
    wrong[0] = UInt8(ascii: "X")
    #expect(throws: EONETError.self) { try EventArchive.decode(wrong) }
    #expect(throws: EONETError.self) { try EventArchive.decode(archive + Data([0])) }
  }

  @Test(
    "flipped bytes decode to something or to an error, never to a crash or a hang", .timeLimit(.minutes(10)),
    arguments: SplitMix.seeds(2))
  func flippedBytes(seed: UInt64) throws {
    let archive = EventArchive.encode(EODecoded(elements: variedEvents(count: 5_000)))
    var generator = SplitMix(seed: seed)
    for _ in 0..<300 {
      var damaged = archive
      for _ in 0..<3 {
        let index = Int.random(in: 0..<damaged.count, using: &generator)
        damaged[index] = UInt8.random(in: 0...255, using: &generator)
      }
      _ = try? EventArchive.decode(damaged)
    }
  }
}

/// The cache keeps a category's events as an archive, and still reads what earlier builds wrote.
@Suite("EONETCache with event archives")
struct EventArchiveCacheTests {
  private func client(_ server: InMemoryTransport, cache: URL, offline: Bool = false) -> EONETClient {
    EONETClient(
      configuration: .init(
        baseURL: URL(string: "http://eonet.test/api/v3")!, cacheDirectory: cache, offline: offline),
      transport: server)
  }

  private let wildfires = EOCategory(id: "wildfires", title: "Wildfires")

  @Test("a download is cached as an archive and read back offline as the same events")
  func downloadIsArchived() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let directory = try Fixtures.temporaryDirectory()
    let live = try #require(
      record(client(server, cache: directory).fetchEvents(EventQuery(days: 3650), category: wildfires))
        .elements.first)
    guard case .hit(let entry) = EONETCache(directory: directory).read("events-wildfires-open") else {
      Issue.record("the open half is cached")
      return
    }
    #expect(entry.encoding == EventArchive.encoding)
    let offline = try #require(
      record(
        client(server, cache: directory, offline: true).fetchEvents(
          EventQuery(days: 3650), category: wildfires)
      )
      .elements.first)
    #expect(offline.source == .cache)
    #expect(offline.value == live.value)
  }

  @Test("an entry holding the server's JSON (an earlier build's cache) still reads")
  func earlierBuildsEntries() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let directory = try Fixtures.temporaryDirectory()
    let body = try Data(contentsOf: Fixtures.server.appendingPathComponent("categories/wildfires.json"))
    let entry = CacheEntry(
      url: "http://127.0.0.1/categories/wildfires?status=open",
      fetchedAt: Date(timeIntervalSince1970: 1_762_603_200),
      count: 5, body: body)
    #expect(EONETCache(directory: directory).write(entry, for: "events-wildfires-open") == nil)
    // A category is read from the cache only whole: its closed half too, as an earlier build stored it.
    var closed = entry
    closed.url = "http://127.0.0.1/categories/wildfires?status=closed"
    closed.count = 0
    closed.body = Data(#"{"title":"EONET Events","events":[]}"#.utf8)
    #expect(EONETCache(directory: directory).write(closed, for: "events-wildfires-closed") == nil)
    let offline = try #require(
      record(
        client(server, cache: directory, offline: true).fetchEvents(
          EventQuery(days: 36_500), category: wildfires)
      )
      .elements.first)
    #expect(offline.source == .cache)
    #expect(offline.value == (try EONETDecoder().decodeEvents(from: body).elements.sortedNewestFirst()))
  }

  @Test("a start-up reads only the window's events: the same as reading every one and cutting")
  func windowOnly() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let directory = try Fixtures.temporaryDirectory()
    // Ten thousand events an hour apart, alternately open and closed; the closed half was fetched a
    // day before the open half, so the window counts back from the closed half's fetch.
    let newest = Date(timeIntervalSince1970: 1_762_603_200)
    let events = (0..<10_000).map { index in
      let date = newest.addingTimeInterval(-3_600 * Double(index))
      return EOEvent(
        id: "EONET_\(index)", title: "Fire \(index)", closed: index % 2 == 1 ? date : nil,
        categories: [wildfires],
        geometries: [EOGeometry(date: date.addingTimeInterval(-60), shape: .unlocated)])
    }
    let cache = EONETCache(directory: directory)
    for (status, fetchedAt) in [("open", newest), ("closed", newest.addingTimeInterval(-86_400))] {
      let half = events.filter { ($0.closed != nil) == (status == "closed") }
      let entry = CacheEntry(
        url: "http://127.0.0.1/x?status=\(status)", fetchedAt: fetchedAt, count: half.count,
        body: EventArchive.encode(EODecoded(elements: half)), encoding: EventArchive.encoding)
      #expect(cache.write(entry, for: "events-wildfires-\(status)") == nil)
    }
    let offline = client(server, cache: directory, offline: true)
    for days in [1, 30, 200, 500] {
      let read = try #require(
        record(offline.cachedEvents(EventQuery(days: days), category: wildfires)).elements.first)
      let start = newest.addingTimeInterval(-86_400 * Double(days + 1))
      #expect(read.value == events.filter { $0.date >= start }.sortedNewestFirst(), "\(days) days")
      #expect(read.fetchedAt == newest.addingTimeInterval(-86_400))
    }
  }

  @Test("an archive this build does not know is reported and ignored, not misread")
  func unknownEncoding() throws {
    let server = InMemoryTransport(site: Fixtures.server)
    let directory = try Fixtures.temporaryDirectory()
    let entry = CacheEntry(
      url: "http://x", fetchedAt: Date(), count: 1, body: Data("OPEV\u{2}".utf8),
      encoding: "ourplanet-events-9")
    #expect(EONETCache(directory: directory).write(entry, for: "events-wildfires-open") == nil)
    let warnings = WarningLog()
    let configuration = EONETClient.Configuration(
      baseURL: URL(string: "http://eonet.test/api/v3")!, cacheDirectory: directory, offline: true,
      onWarning: { warnings.append($0) })
    _ = record(
      EONETClient(configuration: configuration, transport: server).cachedEvents(
        EventQuery(days: 30), category: wildfires))
    #expect(warnings.all.contains { "\($0)".contains("ourplanet-events-9") })
  }
}
