import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one way a file is replaced: cache entries, state files and exports all go through it.
///
/// A temporary file in the same folder (named by ``temporaryName(for:)``, so a sweep can recognise
/// leftovers of a killed process), written whole, `fsync`ed, renamed over the target, and the folder
/// `fsync`ed so the rename itself survives a power cut. A reader sees the old file or the new one,
/// never half of either. Files are created `0600`: what the app stores is the user's own.
///
/// ```swift
/// try AtomicFile.write([header, body], to: url)
/// ```
package enum AtomicFile {
  /// The suffix of every temporary file this writer makes.
  package static let temporarySuffix = ".tmp"

  /// Writes `parts` in turn (no joined copy of a large body) to `url`, replacing it atomically.
  ///
  /// - Parameters:
  ///   - parts: The file's bytes, in order.
  ///   - url: The file to replace; its folder must exist.
  ///   - mode: Permissions of a new file.
  ///   - exclusive: When set, fails with `EEXIST` instead of replacing an existing file (exports
  ///     never overwrite); the check and the link are one atomic step.
  /// - Throws: ``SystemFailure`` naming the step and the reason (a full disk, a read-only folder).
  package static func write(
    _ parts: [Data], to url: URL, mode: mode_t = 0o600, exclusive: Bool = false
  ) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(temporaryName(for: url.lastPathComponent))
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw SystemFailure("create", path: temporary.path) }
    var failure: SystemFailure?
    for part in parts where failure == nil {
      failure = writeAll(part, to: descriptor, path: temporary.path)
    }
    if failure == nil, fsync(descriptor) != 0 { failure = SystemFailure("sync", path: temporary.path) }
    close(descriptor)
    if failure == nil {
      if exclusive {
        // link(2) fails when the target exists: no window in which another writer's file is replaced.
        if link(temporary.path, url.path) != 0 { failure = SystemFailure("create", path: url.path) }
        unlink(temporary.path)
      } else if rename(temporary.path, url.path) != 0 {
        failure = SystemFailure("replace", path: url.path)
      }
    }
    if let failure {
      unlink(temporary.path)
      throw failure
    }
    syncDirectory(directory)
  }

  /// The name of a temporary file for `name`: hidden, with the writer's process id and a random
  /// part, ending in ``temporarySuffix``.
  package static func temporaryName(for name: String) -> String {
    ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max))\(temporarySuffix)"
  }

  /// Whether `name` is a temporary file of this writer for a file called `target`.
  package static func isTemporary(_ name: String, for target: String) -> Bool {
    temporaryFile(named: name)?.target == target
  }

  /// The target and the writer's process id that ``temporaryName(for:)`` wrote into `name`; `nil`
  /// for any other name. The one reader of the format, beside its one writer.
  package static func temporaryFile(named name: String) -> (target: String, writer: pid_t)? {
    guard name.hasPrefix("."), name.hasSuffix(temporarySuffix) else { return nil }
    let parts = name.dropFirst().dropLast(temporarySuffix.count).split(
      separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    let (pid, random) = (parts[parts.count - 2], parts[parts.count - 1])
    guard [pid, random].allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let writer = pid_t(pid)
    else { return nil }
    let target = parts.dropLast(2).joined(separator: ".")
    return target.isEmpty ? nil : (target, writer)
  }

  /// Creates `directory` and any missing parents, new ones `0700`.
  ///
  /// - Throws: ``SystemFailure`` when it cannot, or when the path exists and is not a folder.
  package static func createDirectory(_ directory: URL) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) {
      if isFolder.boolValue { return }
      throw SystemFailure("use", path: directory.path, code: ENOTDIR)
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
      throw SystemFailure("create", path: directory.path, code: Int32(code ?? Int(EACCES)))
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) -> SystemFailure? {
    data.withUnsafeBytes { bytes in
      FileDescriptor.writeAll(bytes, to: descriptor).map { SystemFailure("write", path: path, code: $0) }
    }
  }

  /// Makes a rename in `directory` durable; a folder that cannot be opened is left alone (the
  /// rename happened, only its durability is not guaranteed).
  private static func syncDirectory(_ directory: URL) {
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
