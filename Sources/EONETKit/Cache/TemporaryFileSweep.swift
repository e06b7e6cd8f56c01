import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// Removes the temporary files that interrupted writes left in a folder (a quit or a kill between
/// `create` and `rename`), which can each be as large as the largest cache file.
///
/// Only files of the atomic writer's own naming for one of the folder's targets are touched: a file
/// whose writer process is gone, or older than ``maximumAge`` (its process id may have been reused).
/// A live writer's file, of this or another instance, is left alone. The cache sweeps at client
/// start; the state folder's owner calls it with its own file names.
///
/// ```swift
/// TemporaryFileSweep.sweep(folder) { $0.hasSuffix(".cache") }
/// ```
package enum TemporaryFileSweep {
  /// Beyond this a temporary file is stale whoever made it: no write takes a day.
  package static let maximumAge: TimeInterval = 24 * 60 * 60

  /// Removes the stale temporary files in `directory` for targets `isTarget` accepts.
  ///
  /// - Parameters:
  ///   - directory: The folder (a missing one is nothing to sweep).
  ///   - now: The current time (injectable for tests).
  ///   - isTarget: Whether a file name is one this sweep looks after.
  /// - Returns: The names removed.
  @discardableResult
  package static func sweep(
    _ directory: URL, now: Date = Date(), isTarget: (String) -> Bool
  ) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    var removed: [String] = []
    for name in names where name.hasPrefix(".") && name.hasSuffix(AtomicFile.temporarySuffix) {
      guard let (target, writer) = parse(name), isTarget(target) else { continue }
      let path = directory.appendingPathComponent(name).path
      let modified =
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
      let old = modified.map { now.timeIntervalSince($0) > maximumAge } ?? false
      // Earlier builds named theirs with a UUID and no process id: only their age can tell.
      let writerGone = writer.map { !isRunning($0) } ?? false
      if old || writerGone, unlink(path) == 0 { removed.append(name) }
    }
    return removed.sorted()
  }

  /// The target and, for the atomic writer's names, the writer's process id of a temporary file.
  private static func parse(_ name: String) -> (target: String, writer: pid_t?)? {
    if let file = AtomicFile.temporaryFile(named: name) { return (file.target, file.writer) }
    // Earlier builds: `.<target>.<UUID>.tmp`.
    let middle = name.dropFirst().dropLast(AtomicFile.temporarySuffix.count)
    guard let last = middle.lastIndex(of: "."),
      UUID(uuidString: String(middle[middle.index(after: last)...])) != nil
    else { return nil }
    return (String(middle[..<last]), nil)
  }

  /// Whether process `pid` exists (`EPERM`: it does, another user's).
  private static func isRunning(_ pid: pid_t) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }
}
