import EONETKit
import Foundation
import OurPlanetModel
import RxCore
import TestSupport
import Testing

/// ``LiveEventFeed/sources()``: the stored list at once, the live one after it, and never an error.
@Suite("LiveEventFeed sources", .serialized)
struct LiveEventFeedSourcesTests {
  /// What an observable sent before it ended (at most 20 s).
  private final class Collected: @unchecked Sendable {
    // Written by the client's scheduler, read after `done`: the semaphore orders them.
    var lists: [[EOSourceInfo]] = []
    var error: (any Error)?
    let done = DispatchSemaphore(value: 0)
  }

  private func collect(_ observable: Observable<[EOSourceInfo]>) -> Collected {
    let collected = Collected()
    let subscription = observable.subscribe(
      onNext: { collected.lists.append($0) },
      onError: {
        collected.error = $0
        collected.done.signal()
      },
      onCompleted: { collected.done.signal() })
    #expect(collected.done.wait(timeout: .now() + 20) == .success, "the list never ended")
    subscription.dispose()
    return collected
  }

  private func client(_ base: URL, offline: Bool) throws -> EONETClient {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-feed-\(UUID().uuidString)")
    return EONETClient(
      configuration: EONETClient.Configuration(
        baseURL: base, cacheDirectory: cache, offline: offline, requestTimeout: 5, onWarning: { _ in }))
  }

  private func bundled() throws -> [EOSourceInfo] {
    try EONETSnapshot.locate(environment: [:], executableURL: nil).sources().value
  }

  @Test("offline: the bundled list, once")
  func offline() throws {
    let feed = LiveEventFeed(client: try client(URL(string: "http://127.0.0.1:9")!, offline: true))
    let collected = collect(feed.sources())
    #expect(collected.error == nil)
    #expect(collected.lists == [try bundled()])
  }

  @Test("a network that fails leaves the bundled list, and no error")
  func networkFails() throws {
    let feed = LiveEventFeed(client: try client(URL(string: "http://127.0.0.1:9/api/v3")!, offline: false))
    let collected = collect(feed.sources())
    #expect(collected.error == nil)
    #expect(collected.lists == [try bundled()])
  }

  @Test(
    "live: the bundled list first, then the served one", .tags(.spawnsProcess),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed")
  )
  func live() throws {
    let site = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: site) }
    let served = #"{"sources":[{"id":"IRWIN","title":"Served Title","source":"https://example.org/"}]}"#
    try Data(served.utf8).write(to: site.appendingPathComponent("sources.json"))
    let server = try FixtureServer(fixtures: site)
    defer { server.stop() }
    let feed = LiveEventFeed(
      client: try client(server.baseURL.appendingPathComponent("api/v3"), offline: false))
    let collected = collect(feed.sources())
    #expect(collected.error == nil)
    #expect(
      collected.lists == [
        try bundled(), [EOSourceInfo(id: "IRWIN", title: "Served Title", homepage: "https://example.org/")],
      ])
  }
}
