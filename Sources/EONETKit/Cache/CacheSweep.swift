import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the cache folder under a size limit by removing whole questions, the oldest first.
///
/// A *question* is what a range or filter asks EONET (`--from`/`--to`, a status, a magnitude…): its
/// files share the name's `-q<hash>` ending (``EventQuery/cacheSuffix``), one per category and half.
/// The plain question (the last N days: files with no such ending) and the lists (categories,
/// sources, magnitudes) are what every start reads: they are never removed. A question is as old
/// as the latest use of any of its files (written, or read where the file system records it).
///
/// A question a running instance uses is never removed, whichever instance sweeps: each instance
/// holds a shared lock on the question's pin file (`.<question>.pin`, ``EONETCache/pin(question:)``)
/// while it runs, and the sweep removes a question only with that lock taken exclusively, then
/// unlinks the pin under it (a pinner checks that its pin is still linked, see
/// ``FileLock/isLinked``). The client sweeps at start, off the caller's thread.
///
/// ```swift
/// CacheSweep.sweep(cacheFolder, limit: 300 << 20)
/// ```
package enum CacheSweep {
  /// The default limit, in bytes: a few hundred MB (a year of every category is about 60 MB).
  package static let defaultLimit = 300 << 20

  /// Removes the oldest questions until the cache's files fit in `limit` bytes.
  ///
  /// - Parameters:
  ///   - directory: The cache folder (a missing one is nothing to sweep).
  ///   - limit: The most bytes the `.cache` files may hold together.
  /// - Returns: The names of the files removed.
  @discardableResult
  package static func sweep(_ directory: URL, limit: Int) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    var total = 0
    var questions: [String: Question] = [:]
    for name in names where !name.hasPrefix(".") && name.hasSuffix(".cache") {
      var info = stat()
      guard lstat(directory.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG
      else { continue }
      let size = Int(info.st_size)
      total += size
      guard let question = question(of: name) else { continue }
      let used = max(info.st_mtim.tv_sec, info.st_atim.tv_sec)
      questions[question, default: Question()].add(name, size: size, used: used)
    }
    guard total > limit else { return [] }
    var removed: [String] = []
    // Oldest first; the name breaks ties, so the order never depends on the listing's.
    for (question, files) in questions.sorted(by: { ($0.value.used, $0.key) < ($1.value.used, $1.key) }) {
      guard total > limit else { break }
      let pinPath = directory.appendingPathComponent(pinName(question)).path
      guard let pin = try? FileLock(path: pinPath), (try? pin.acquire(blocking: false)) == true else {
        continue  // a running instance uses it
      }
      for name in files.names where unlink(directory.appendingPathComponent(name).path) == 0 {
        removed.append(name)
      }
      total -= files.size
      unlink(pinPath)
      pin.release()
    }
    return removed.sorted()
  }

  /// The question a cache file answers (its `q<hash>`), or `nil` for the plain question and the lists.
  static func question(of name: String) -> String? {
    let stem = name.dropLast(".cache".count)
    guard stem.count > 19, let dash = stem.index(stem.endIndex, offsetBy: -18, limitedBy: stem.startIndex),
      stem[dash] == "-", stem[stem.index(after: dash)] == "q"
    else { return nil }
    let hash = stem[stem.index(dash, offsetBy: 2)...]
    guard hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
    return String(stem[stem.index(after: dash)...])
  }

  /// The pin file of `question` (a dot file: neither a cache file nor a writer's temporary).
  static func pinName(_ question: String) -> String {
    ".\(question).pin"
  }

  /// One question's files.
  private struct Question {
    var names: [String] = []
    var size = 0
    /// The latest use of any of its files, in seconds since 1970.
    var used = Int.min

    mutating func add(_ name: String, size: Int, used: Int) {
      names.append(name)
      self.size += size
      self.used = max(self.used, used)
    }
  }
}
