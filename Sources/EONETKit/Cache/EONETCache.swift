import Foundation
import Support

/// The disk cache: one file per request (categories, each category's open and closed events).
///
/// Each file holds a one-line JSON header (format, version, URL, fetch time, validators, element
/// count, body encoding, length and checksum) and the body: the category list as the server sent
/// it, a category's events as an ``EventArchive`` (read back several times faster than JSON). Files
/// are written by `AtomicFile` (`0600`, in a `0700` folder) and read mapped, not copied; a file that
/// is corrupt, truncated, of another version or unreadable is reported and ignored, never fatal.
///
/// ```swift
/// let cache = EONETCache(directory: EONETCache.defaultDirectory())
/// ```
package final class EONETCache: Sendable {
  /// Where the files live.
  package let directory: URL
  /// The pins this process holds, by question (see ``pin(question:)``).
  private let pins = LockedValue<[String: FileLock]>([:])

  /// Creates a cache in `directory` (created on the first write).
  ///
  /// - Parameter directory: The cache folder.
  package init(directory: URL) {
    self.directory = directory
  }

  /// Keeps ``CacheSweep`` (of this instance or another) from removing the files of `question` (an
  /// ``EventQuery/cacheSuffix``) for as long as this cache lives: a shared lock on its pin file.
  /// The plain question (`""`) is never swept and needs none. Blocks only while a sweep removes that
  /// very question; call it off the UI's thread.
  func pin(question suffix: String) {
    let question = String(suffix.drop { $0 == "-" })
    guard !question.isEmpty else { return }
    pins.withLock { pins in
      guard pins[question] == nil else { return }
      try? AtomicFile.createDirectory(directory)
      let path = directory.appendingPathComponent(CacheSweep.pinName(question)).path
      // A sweep unlinks a pin it took: a lock on that old file pins nothing, so open it again.
      for _ in 0..<3 {
        guard let lock = try? FileLock(path: path), (try? lock.acquire(shared: true)) == true else { return }
        if lock.isLinked {
          pins[question] = lock
          return
        }
      }
    }
  }

  /// `$XDG_CACHE_HOME/ourplanet`, else `~/.cache/ourplanet`.
  ///
  /// - Parameter environment: The process environment (injectable for tests).
  /// - Returns: The default cache folder.
  package static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    XDGFolder.cache.url(environment: environment)
  }

  /// The outcome of reading one cache file.
  enum Lookup: Equatable {
    case miss
    case hit(CacheEntry)
    case ignored(EONETWarning)
  }

  /// The file for `key`.
  func fileURL(for key: String) -> URL {
    directory.appendingPathComponent(Self.fileName(for: key), isDirectory: false)
  }

  /// A file name safe for any key: letters, digits, `-` and `_` stay, anything else is `%XX`; a name
  /// that would be longer than ``maximumNameBytes`` keeps a readable prefix and ends in `~` and a hash
  /// of the whole key (a category id is the server's text: 300 characters would not be a valid name).
  static func fileName(for key: String) -> String {
    var name = ""
    for byte in key.utf8 {
      let scalar = Unicode.Scalar(byte)
      if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      {
        name.unicodeScalars.append(scalar)
      } else {
        name += String(format: "%%%02X", byte)
      }
    }
    if name.utf8.count > maximumNameBytes {
      // `~` never comes out of the escaping above, so a shortened name never equals a plain one.
      name = String(name.prefix(maximumNameBytes - 17)) + "~" + CacheHeader.checksum(of: Data(key.utf8))
    }
    return name + ".cache"
  }

  /// The longest name before `.cache`: well under the usual 255-byte limit, with room for the
  /// writer's temporary name around it.
  static let maximumNameBytes = 120

  /// Reads the entry for `key`.
  func read(_ key: String) -> Lookup {
    let url = fileURL(for: key)
    let data: Data
    do {
      // Mapped, not read: the archive is decoded straight from the page cache, with no copy.
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return .miss }
      return .ignored(.cacheIgnored(path: url.path, reason: "unreadable (\(Self.reason(error)))"))
    }
    switch Self.parse(data) {
    case .success(let entry): return .hit(entry)
    case .failure(let reason): return .ignored(.cacheIgnored(path: url.path, reason: reason.text))
    }
  }

  private struct Reason: Error {
    let text: String
  }

  private static func parse(_ data: Data) -> Result<CacheEntry, Reason> {
    guard let newline = data.prefix(64 * 1024).firstIndex(of: UInt8(ascii: "\n")) else {
      return .failure(Reason(text: data.isEmpty ? "empty file" : "not an OurPlanet cache file"))
    }
    guard let header = try? JSONDecoder().decode(CacheHeader.self, from: data[data.startIndex..<newline]),
      header.format == CacheHeader.formatName
    else { return .failure(Reason(text: "not an OurPlanet cache file")) }
    guard header.version == CacheHeader.currentVersion else {
      return .failure(
        Reason(text: "format version \(header.version), this build reads \(CacheHeader.currentVersion)"))
    }
    // A slice shares the file's buffer: no copy of the body (the decoder reads any slice).
    let body = data[(newline + 1)...]
    guard body.count == header.bodyBytes else {
      return .failure(Reason(text: "truncated: \(body.count) of \(header.bodyBytes) body bytes"))
    }
    guard CacheHeader.checksum(of: body, encoding: header.encoding) == header.checksum else {
      return .failure(Reason(text: "checksum mismatch (corrupt)"))
    }
    let entry = CacheEntry(
      url: header.url, fetchedAt: Date(timeIntervalSince1970: header.fetchedAt), etag: header.etag,
      lastModified: header.lastModified, count: header.count, body: body, encoding: header.encoding)
    return .success(entry)
  }

  /// Writes `entry` for `key` atomically.
  ///
  /// - Parameters:
  ///   - entry: What to store.
  ///   - key: Which file.
  ///   - keepLarger: When set (the new body had malformed elements), an existing valid entry with
  ///     more elements is kept instead: the cache never trades good data for less.
  /// - Returns: A warning if the file could not be written.
  @discardableResult
  func write(_ entry: CacheEntry, for key: String, keepLarger: Bool = false) -> EONETWarning? {
    let url = fileURL(for: key)
    if keepLarger, case .hit(let existing) = read(key), existing.count > entry.count { return nil }
    let header = CacheHeader(
      format: CacheHeader.formatName, version: CacheHeader.currentVersion, url: entry.url,
      fetchedAt: entry.fetchedAt.timeIntervalSince1970, etag: entry.etag, lastModified: entry.lastModified,
      count: entry.count, encoding: entry.encoding, bodyBytes: entry.body.count,
      checksum: CacheHeader.checksum(of: entry.body, encoding: entry.encoding))
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      var head = try encoder.encode(header)
      head.append(UInt8(ascii: "\n"))
      try AtomicFile.createDirectory(directory)
      // Head and body in turn: joining them would copy the body (2.5 MB for wildfires) for nothing.
      try AtomicFile.write([head, entry.body], to: url)
      return nil
    } catch {
      return .cacheNotWritten(path: url.path, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let failure = error as? SystemFailure { return "\(failure.operation) failed: \(failure.reason)" }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }
}
