import Foundation
import TestSupport
import Testing

@testable import EONETKit

#if canImport(Glibc)
  import Glibc
#endif

/// The cache under its size limit: whole questions go, the oldest first; the plain question, the
/// lists, and any question a running instance (this one or another process) has pinned stay.
@Suite("CacheSweep")
struct CacheSweepTests {
  /// A question's suffix for the `index`th question (as ``EventQuery/cacheSuffix`` writes them).
  private static func question(_ index: Int) -> String {
    "q" + String(repeating: "0", count: 12) + String(format: "%04x", index)
  }

  /// Writes `bytes` bytes to `name`, last used `age` seconds ago (both its access and change times).
  private static func write(_ directory: URL, _ name: String, bytes: Int = 1_000, age: TimeInterval) throws {
    let url = directory.appendingPathComponent(name)
    try Data(repeating: 0x61, count: bytes).write(to: url)
    let seconds = Int(Date().timeIntervalSince1970 - age)
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
  }

  /// The standard folder: the lists and the plain question (old, but never removed) and five
  /// questions of two files each, question 0 the oldest.
  private static func folder() throws -> URL {
    let directory = try Fixtures.temporaryDirectory()
    for name in [
      "categories.cache", "sources.cache", "events-wildfires-open.cache", "events-floods-closed.cache",
    ] {
      try write(directory, name, age: 90 * 86_400)
    }
    for index in 0..<5 {
      for half in ["open", "closed"] {
        try write(
          directory, "events-wildfires-\(half)-\(question(index)).cache", age: Double(10 - index) * 86_400)
      }
    }
    return directory
  }

  private static func names(in directory: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".cache") })
  }

  @Test("a question's name is its q<hash> ending; the plain files and the lists have none")
  func questionNames() {
    #expect(CacheSweep.question(of: "events-wildfires-open-q00000000000000ab.cache") == "q00000000000000ab")
    #expect(CacheSweep.question(of: "events-wildfires-open.cache") == nil)
    #expect(CacheSweep.question(of: "categories.cache") == nil)
    #expect(CacheSweep.question(of: "events-x-open-q00000000000000AB.cache") == nil)
    #expect(CacheSweep.question(of: "-q0000000000000000.cache") == nil)
  }

  @Test("under the limit nothing goes")
  func underTheLimit() throws {
    let directory = try Self.folder()
    #expect(CacheSweep.sweep(directory, limit: 14_000).isEmpty)
    #expect(try Self.names(in: directory).count == 14)
  }

  @Test("over the limit whole questions go, oldest first, until the rest fits; the plain files never")
  func oldestFirst() throws {
    let directory = try Self.folder()
    // 14,000 bytes; a limit of 9,500 takes three questions (two files of 1,000 bytes each).
    let removed = CacheSweep.sweep(directory, limit: 9_500)
    let expected = (0..<3).flatMap { index in
      ["open", "closed"].map { "events-wildfires-\($0)-\(Self.question(index)).cache" }
    }
    #expect(removed == expected.sorted())
    let left = try Self.names(in: directory)
    #expect(left.contains("categories.cache") && left.contains("events-wildfires-open.cache"))
    #expect(left.count == 8)
    // Even a limit nothing can meet leaves the plain question and the lists.
    CacheSweep.sweep(directory, limit: 1)
    #expect(
      try Self.names(in: directory)
        == ["categories.cache", "sources.cache", "events-wildfires-open.cache", "events-floods-closed.cache"])
    #expect(
      !(try FileManager.default.contentsOfDirectory(atPath: directory.path)).contains { $0.hasSuffix(".pin") }
    )
  }

  @Test("a question this instance uses is never removed, however old; the next oldest goes instead")
  func pinnedHere() throws {
    let directory = try Self.folder()
    let cache = EONETCache(directory: directory)
    cache.pin(question: "-" + Self.question(0))
    let removed = CacheSweep.sweep(directory, limit: 11_500)
    #expect(
      removed.allSatisfy { $0.contains(Self.question(1)) || $0.contains(Self.question(2)) }, "\(removed)")
    #expect(removed.count == 4)
    #expect(try Self.names(in: directory).contains("events-wildfires-open-\(Self.question(0)).cache"))
  }

  @Test("a question another running instance uses is never removed", .tags(.spawnsProcess))
  func pinnedByAnotherProcess() throws {
    let directory = try Self.folder()
    let pin = directory.appendingPathComponent(CacheSweep.pinName(Self.question(0))).path
    // Another process holds the pin shared, as a second instance's EONETCache does, until its stdin
    // closes.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import fcntl, sys; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_SH); print('held', flush=True); "
        + "sys.stdin.read()",
      pin,
    ]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    defer {
      try? input.fileHandleForWriting.close()
      holder.waitUntilExit()
    }
    let line = output.fileHandleForReading.readData(ofLength: 5)
    try #require(String(decoding: line, as: UTF8.self) == "held\n")
    CacheSweep.sweep(directory, limit: 1)
    let left = try Self.names(in: directory)
    #expect(left.contains("events-wildfires-open-\(Self.question(0)).cache"))
    #expect(left.contains("events-wildfires-closed-\(Self.question(0)).cache"))
    #expect(left.count == 6, "every other question went: \(left)")
  }

  @Test("a question pinned after a sweep removed others keeps its new files through the next sweep")
  func repinAfterASweep() throws {
    let directory = try Self.folder()
    CacheSweep.sweep(directory, limit: 1)
    let cache = EONETCache(directory: directory)
    cache.pin(question: "-" + Self.question(7))
    try Self.write(directory, "events-wildfires-open-\(Self.question(7)).cache", age: 400 * 86_400)
    CacheSweep.sweep(directory, limit: 1)
    #expect(try Self.names(in: directory).contains("events-wildfires-open-\(Self.question(7)).cache"))
  }

  @Test("the client sweeps its cache at start, off the caller's thread, when given a limit")
  func clientSweepsAtStart() throws {
    let directory = try Self.folder()
    let configuration = EONETClient.Configuration(
      baseURL: URL(string: "http://127.0.0.1:9")!, cacheDirectory: directory, cacheLimit: 9_500, offline: true
    )
    _ = EONETClient(configuration: configuration, transport: UnusedTransport())
    let deadline = ContinuousClock.now + .seconds(30)
    while try Self.names(in: directory).count > 8 {
      try #require(ContinuousClock.now < deadline, "the client never swept its cache")
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(try Self.names(in: directory).count == 8)
  }
}

/// A transport the sweep test never calls.
private struct UnusedTransport: HTTPTransport {
  private struct Task: HTTPTask {
    func cancel() {}
  }

  func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    completion(.failure(.transport(url: request.url.absoluteString, message: "no network in this test")))
    return Task()
  }
}
