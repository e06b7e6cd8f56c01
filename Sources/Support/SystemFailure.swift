#if canImport(Glibc)
  import Glibc
#endif

/// A system call that failed: what was being done, to which path, and `errno`'s message.
///
/// Its description is one line a user can act on: `cannot write /path: No space left on device`.
package struct SystemFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done, as a verb: "create", "write", "sync", "rename", "lock".
  package let operation: String
  /// The file or folder.
  package let path: String
  /// The `errno` value.
  package let code: Int32

  /// A failure of `operation` on `path` with the current `errno`.
  package init(_ operation: String, path: String, code: Int32 = errno) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// `errno`'s text alone.
  package var reason: String { String(cString: strerror(code)) }

  package var description: String { "cannot \(operation) \(path): \(reason)" }
}
