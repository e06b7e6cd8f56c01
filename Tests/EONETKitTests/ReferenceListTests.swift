import Foundation
import RxCore
import Testing

@testable import EONETKit

/// EONET's `/sources` and `/magnitudes`: decoded from the real API's shapes (the bundled lists),
/// tolerant of damage, fetched, cached and served offline like the category list.
@Suite("EONET reference lists", .serialized)
struct ReferenceListTests {
  private let decoder = EONETDecoder()

  /// The bundled snapshot's folder, which holds the real lists.
  private static func bundled() throws -> EONETSnapshot {
    try EONETSnapshot.locate(environment: [:], executableURL: nil)
  }

  /// The entries of a bundled list as Foundation reads them: the reference the decoder must match.
  private static func reference(_ file: String, key: String) throws -> [[String: String]] {
    let data = try Data(contentsOf: try bundled().directory.appendingPathComponent(file))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entries = try #require(object[key] as? [[String: Any]])
    return entries.map { entry in entry.compactMapValues { $0 as? String } }
  }

  // MARK: Decoding

  @Test("the real sources list decodes whole: id, title, home page (`source`) and link")
  func realSources() throws {
    let data = try Data(contentsOf: try Self.bundled().directory.appendingPathComponent("sources.json"))
    let decoded = try decoder.decodeSources(from: data)
    let expected = try Self.reference("sources.json", key: "sources")
    #expect(decoded.skipped == 0)
    #expect(decoded.title == "EONET Event Sources")
    #expect(decoded.elements.count == expected.count)
    for (source, entry) in zip(decoded.elements, expected) {
      #expect(source.id == entry["id"])
      #expect(source.title == entry["title"])
      #expect(source.homepage == entry["source"])
      #expect(source.link == entry["link"])
    }
  }

  @Test("the real magnitudes list decodes whole: id, name, unit, description")
  func realMagnitudes() throws {
    let data = try Data(contentsOf: try Self.bundled().directory.appendingPathComponent("magnitudes.json"))
    let decoded = try decoder.decodeMagnitudes(from: data)
    let expected = try Self.reference("magnitudes.json", key: "magnitudes")
    #expect(decoded.skipped == 0)
    #expect(decoded.elements.count == expected.count)
    for (kind, entry) in zip(decoded.elements, expected) {
      #expect(kind.id == entry["id"])
      #expect(kind.name == entry["name"])
      #expect(kind.unit == entry["unit"])
      #expect(kind.description == entry["description"])
    }
    #expect(decoded.elements.first { $0.id == "mag_kts" }?.unit == "kts")
  }

  @Test("a damaged sources list: entries without an id or of another shape are skipped and counted")
  func damagedSources() throws {
    let text = #"""
      {"sources":[{"title":"No id"},{"id":"X","title":"Bell\u0007 &amp; Co","source":7,"link":null},
      {"id":{"a":1}},3,{"id":"","title":"empty id"},{"id":"Y"}],"title":"Sources"}
      """#
    let decoded = try decoder.decodeSources(from: Data(text.utf8))
    #expect(
      decoded.elements == [
        EOSourceInfo(id: "X", title: "Bell\u{7} & Co"), EOSourceInfo(id: "Y", title: "Y"),
      ])
    #expect(decoded.skipped == 4)
  }

  @Test("a damaged magnitudes list keeps its good entries; a bare array is read too")
  func damagedMagnitudes() throws {
    let text = #"[{"id":"ac","name":"Acres","unit":"acres"},{"name":"no id"},"x",{"id":"kts","unit":5}]"#
    let decoded = try decoder.decodeMagnitudes(from: Data(text.utf8))
    #expect(
      decoded.elements == [
        EOMagnitudeKind(id: "ac", name: "Acres", unit: "acres"),
        EOMagnitudeKind(id: "kts", name: "kts", unit: ""),
      ])
    #expect(decoded.skipped == 2)
  }

  @Test("a body that is no list fails with what came back")
  func notAList() {
    #expect(throws: EONETError.self) { try decoder.decodeSources(from: Data("<html>oops</html>".utf8)) }
    #expect(throws: EONETError.self) { try decoder.decodeSources(from: Data(#"{"events":[]}"#.utf8)) }
    #expect(throws: EONETError.self) { try decoder.decodeMagnitudes(from: Data(#"{"magnitudes":[{"#.utf8)) }
  }

  // MARK: The client

  /// A copy of the server fixtures with the bundled lists added, as the real API serves them.
  private static func site() throws -> URL {
    let site = try Fixtures.temporaryDirectory().appendingPathComponent("site")
    try FileManager.default.copyItem(at: Fixtures.server, to: site)
    for file in ["sources.json", "magnitudes.json"] {
      try FileManager.default.copyItem(
        at: try bundled().directory.appendingPathComponent(file), to: site.appendingPathComponent(file))
    }
    return site
  }

  private func makeClient(
    _ server: InMemoryTransport?, cache: URL, offline: Bool = false, snapshot: EONETSnapshot? = nil
  ) -> EONETClient {
    EONETClient(
      configuration: EONETClient.Configuration(
        baseURL: URL(string: "http://eonet.test/api/v3")!,
        cacheDirectory: cache, offline: offline, requestTimeout: 5,
        retryPolicy: RetryPolicy(maximumRetries: 0, baseDelay: 0.05, maximumDelay: 1), snapshot: snapshot,
        onWarning: { _ in }),
      transport: server ?? InMemoryTransport())
  }

  @Test("fetched live, cached, revalidated with a conditional request, then served offline")
  func liveThenCached() throws {
    let server = InMemoryTransport(site: try Self.site(), validators: true)
    let cache = try Fixtures.temporaryDirectory()
    let client = makeClient(server, cache: cache)
    let sources = try #require(record(client.fetchSources()).elements.first)
    let magnitudes = try #require(record(client.fetchMagnitudes()).elements.first)
    #expect(sources.source == .live)
    #expect(sources.value.count == (try Self.reference("sources.json", key: "sources").count))
    #expect(magnitudes.value.map(\.unit).contains("NM^2"))
    let again = try #require(record(client.fetchSources()).elements.first)
    #expect(again.value == sources.value)
    let log = server.log
    #expect(log.map(\.path) == ["/sources", "/magnitudes", "/sources"])
    #expect(log.last?.headers["If-None-Match"] != nil && log.last?.status == 304)
    let offline = makeClient(server, cache: cache, offline: true)
    let cached = try #require(record(offline.fetchSources()).elements.first)
    #expect(cached.source == .cache)
    #expect(cached.value == sources.value)
    #expect(record(offline.localMagnitudes()).elements.first?.value == magnitudes.value)
    #expect(server.requestCount == 3, "offline sends nothing")
  }

  @Test("without the network or a cache, the bundled snapshot's lists")
  func snapshotFallback() throws {
    let client = makeClient(nil, cache: try Fixtures.temporaryDirectory(), offline: true)
    let sources = try #require(record(client.fetchSources()).elements.first)
    let magnitudes = try #require(record(client.localMagnitudes()).elements.first)
    #expect(sources.source == .snapshot)
    #expect(sources.fetchedAt == (try Self.bundled().fetchedAt))
    #expect(sources.value == (try Self.bundled().sources().value))
    #expect(magnitudes.value == (try Self.bundled().magnitudes().value))
  }

  @Test("a snapshot without the list's file is a clear failure, not a crash or an empty list")
  func missingFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.copyItem(
      at: try Self.bundled().directory.appendingPathComponent("snapshot.json"),
      to: folder.appendingPathComponent("snapshot.json"))
    let snapshot = try EONETSnapshot(directory: folder)
    #expect(throws: EONETError.self) { try snapshot.sources() }
    let client = makeClient(nil, cache: try Fixtures.temporaryDirectory(), offline: true, snapshot: snapshot)
    let recording = record(client.localSources())
    #expect(recording.elements.isEmpty)
    let error = try #require(recording.error as? EONETError)
    guard case .unavailableOffline(let what) = error else {
      Issue.record("expected unavailableOffline, got \(error)")
      return
    }
    #expect(what.contains("sources.json"), "names the missing file: \(what)")
    #expect(record(client.localMagnitudes()).error != nil)
  }

  @Test("a server that refuses the list: the fetch fails and caches nothing")
  func notServed() throws {
    let server = InMemoryTransport(site: try Self.site(), rules: [.init("/sources", .status(404))])
    let cache = try Fixtures.temporaryDirectory()
    let recording = record(makeClient(server, cache: cache).fetchSources())
    #expect(recording.elements.isEmpty)
    #expect(recording.error is EONETError)
    #expect(
      !FileManager.default.fileExists(atPath: EONETCache(directory: cache).fileURL(for: "sources").path))
  }
}
