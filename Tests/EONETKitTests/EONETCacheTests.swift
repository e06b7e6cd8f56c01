import Foundation
import Testing

@testable import EONETKit

@Suite("EONETCache")
struct EONETCacheTests {
  private func entry(count: Int = 3, body: String = #"{"events":[]}"#) -> CacheEntry {
    CacheEntry(
      url: "http://127.0.0.1/categories/wildfires?status=open",
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
      etag: "\"abc\"", lastModified: "Sat, 08 Nov 2025 12:00:00 GMT", count: count, body: Data(body.utf8))
  }

  private func ignoredReason(_ lookup: EONETCache.Lookup) -> String? {
    guard case .ignored(.cacheIgnored(_, let reason)) = lookup else { return nil }
    return reason
  }

  @Test("an entry written is read back exactly, and no temporary file is left")
  func roundTrip() throws {
    let directory = try Fixtures.temporaryDirectory().appendingPathComponent("nested/ourplanet")
    let cache = EONETCache(directory: directory)
    #expect(cache.read("events-wildfires-open") == .miss)
    #expect(cache.write(entry(), for: "events-wildfires-open") == nil)
    #expect(cache.read("events-wildfires-open") == .hit(entry()))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files == ["events-wildfires-open.cache"])
  }

  @Test("a rewrite replaces the file as a whole")
  func rewrite() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    cache.write(entry(count: 1, body: "first"), for: "k")
    cache.write(entry(count: 2, body: "second, longer"), for: "k")
    #expect(cache.read("k") == .hit(entry(count: 2, body: "second, longer")))
  }

  @Test(
    "damaged files are reported and ignored",
    arguments: [
      ("", "empty file"),
      ("garbage without a newline", "not an OurPlanet cache file"),
      ("{\"format\":\"something-else\"}\nbody", "not an OurPlanet cache file"),
      ("[1,2]\nbody", "not an OurPlanet cache file"),
    ])
  func damaged(contents: String, reason: String) throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    try Data(contents.utf8).write(to: cache.fileURL(for: "k"))
    #expect(ignoredReason(cache.read("k")) == reason)
  }

  @Test("a truncated file is detected by its length")
  func truncated() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    cache.write(entry(body: String(repeating: "x", count: 1000)), for: "k")
    let url = cache.fileURL(for: "k")
    let full = try Data(contentsOf: url)
    try full.prefix(full.count - 10).write(to: url)
    #expect(ignoredReason(cache.read("k"))?.hasPrefix("truncated") == true)
  }

  @Test("a flipped byte is detected by the checksum")
  func corrupt() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    cache.write(entry(body: "abcdefgh"), for: "k")
    let url = cache.fileURL(for: "k")
    var data = try Data(contentsOf: url)
    data[data.count - 1] ^= 0x20
    try data.write(to: url)
    #expect(ignoredReason(cache.read("k")) == "checksum mismatch (corrupt)")
  }

  @Test("a file of another format version is ignored with the versions named")
  func foreignVersion() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    cache.write(entry(), for: "k")
    let url = cache.fileURL(for: "k")
    let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
      of: "\"version\":1", with: "\"version\":7")
    try Data(text.utf8).write(to: url)
    #expect(ignoredReason(cache.read("k")) == "format version 7, this build reads 1")
  }

  @Test("an unreadable file is reported, not fatal")
  func unreadable() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    // A folder where the file should be: unreadable as a file even for root.
    try FileManager.default.createDirectory(at: cache.fileURL(for: "k"), withIntermediateDirectories: true)
    #expect(ignoredReason(cache.read("k"))?.hasPrefix("unreadable") == true)
  }

  @Test("a write that cannot happen is a warning, and the old file survives")
  func unwritable() throws {
    let root = try Fixtures.temporaryDirectory()
    let blocker = root.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: blocker)
    let cache = EONETCache(directory: blocker)
    guard case .cacheNotWritten = cache.write(entry(), for: "k") else {
      Issue.record("expected a cacheNotWritten warning")
      return
    }
  }

  @Test("a body with skipped elements never replaces a larger good one")
  func neverLessData() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    cache.write(entry(count: 10, body: "ten"), for: "k")
    cache.write(entry(count: 4, body: "four, some broken"), for: "k", keepLarger: true)
    #expect(cache.read("k") == .hit(entry(count: 10, body: "ten")))
    cache.write(entry(count: 12, body: "twelve, some broken"), for: "k", keepLarger: true)
    #expect(cache.read("k") == .hit(entry(count: 12, body: "twelve, some broken")))
  }

  @Test(
    "the default folder follows XDG",
    arguments: [
      (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"], "/x/cache/ourplanet"),
      (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/ourplanet"),
      (["HOME": "/home/u"], "/home/u/.cache/ourplanet"),
    ])
  func defaultDirectory(environment: [String: String], expected: String) {
    #expect(EONETCache.defaultDirectory(environment: environment).path == expected)
  }

  @Test(
    "file names are safe for any key",
    arguments: [
      ("events-wildfires-open", "events-wildfires-open.cache"),
      ("events-../../etc-open", "events-%2E%2E%2F%2E%2E%2Fetc-open.cache"),
      ("a b", "a%20b.cache"),
    ])
  func fileNames(key: String, name: String) {
    #expect(EONETCache.fileName(for: key) == name)
  }

  @Test("cache files are created 0600 and new folders 0700: what is cached is the user's own")
  func permissions() throws {
    let root = try Fixtures.temporaryDirectory()
    let directory = root.appendingPathComponent("nested/ourplanet")
    let cache = EONETCache(directory: directory)
    #expect(cache.write(entry(), for: "k") == nil)
    func mode(_ url: URL) throws -> Int {
      try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }
    #expect(try mode(cache.fileURL(for: "k")) == 0o600)
    #expect(try mode(directory) == 0o700)
    #expect(try mode(root.appendingPathComponent("nested")) == 0o700)
  }

  @Test("cache file names stay safe and short for any id: slashes, dots, bytes, 300 characters")
  func hostileFileNames() throws {
    let cache = EONETCache(directory: try Fixtures.temporaryDirectory())
    let keys = [
      "events-\(String(repeating: "x", count: 300))-open", "events-../../etc-open", "events-a/b-open",
      "events-..-open", "events-\u{1F525}\u{0}\n-open", "events-a%2Fb-open",
    ]
    var names: Set<String> = []
    for key in keys {
      let name = EONETCache.fileName(for: key)
      #expect(name.utf8.count <= 200, "\(name)")
      #expect(!name.contains("/") && !name.hasPrefix("."), "\(name)")
      names.insert(name)
      #expect(cache.write(entry(), for: key) == nil)
      #expect(cache.read(key) == .hit(entry()))
    }
    #expect(names.count == keys.count)
    #expect(EONETCache.fileName(for: "events-wildfires-open") == "events-wildfires-open.cache")
  }
}
