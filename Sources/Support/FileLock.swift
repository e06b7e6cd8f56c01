#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock on a file (`flock`), shared by every process that takes it on the same path.
///
/// Held from ``acquire(blocking:)`` until ``release()`` or until the process ends: the kernel drops a
/// dead process's locks, so a kill -9 never leaves one behind. The lock file itself holds nothing.
///
/// ```swift
/// let lock = try FileLock(path: folder + "/seen.json.lock")
/// try lock.acquire()
/// defer { lock.release() }
/// ```
package final class FileLock: Sendable {
  // `descriptor` is set once in init and only closed in deinit; flock itself is thread-safe.
  private let descriptor: Int32
  /// The lock file.
  package let path: String

  /// Opens (creating, `0600`) the lock file at `path`.
  ///
  /// A symbolic link at `path` is never followed (`O_NOFOLLOW`, as the state writers never follow
  /// one): someone who can write the folder cannot make the lock create or open a file elsewhere.
  /// `O_NONBLOCK` keeps a FIFO put in its place from holding the open.
  ///
  /// - Throws: ``SystemFailure`` when the file cannot be opened (`ELOOP` for a symbolic link).
  package init(path: String) throws {
    self.path = path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { throw SystemFailure("open", path: path) }
  }

  deinit {
    close(descriptor)
  }

  /// Takes the lock, exclusively unless `shared`.
  ///
  /// - Parameters:
  ///   - blocking: When `false`, returns at once if another process holds it.
  ///   - shared: Take it shared: any number of shared holders, but no exclusive one beside them.
  /// - Returns: Whether the lock is now held (always `true` when blocking).
  /// - Throws: ``SystemFailure`` when the file system refuses locks.
  @discardableResult
  package func acquire(blocking: Bool = true, shared: Bool = false) throws -> Bool {
    while true {
      if flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | (blocking ? 0 : LOCK_NB)) == 0 { return true }
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      default: throw SystemFailure("lock", path: path)
      }
    }
  }

  /// Runs `body` with the lock held, waiting for it.
  package func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    try acquire()
    defer { release() }
    return try body()
  }

  /// Whether ``path`` still names the file this lock holds: a remover that unlinks a lock file while
  /// holding it exclusively leaves a later holder of the old file holding nothing anyone checks.
  package var isLinked: Bool {
    var held = stat()
    var named = stat()
    guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0 else { return false }
    return held.st_dev == named.st_dev && held.st_ino == named.st_ino
  }

  /// Gives the lock up.
  package func release() {
    flock(descriptor, LOCK_UN)
  }
}
