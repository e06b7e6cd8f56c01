#if canImport(Glibc)
  import Glibc
#endif

/// Writing to a file descriptor without Foundation's traps: `FileHandle.write` crashes on an error
/// (a closed pipe, a full disk), where a program should say so and go on or end cleanly.
package enum FileDescriptor {
  /// Writes all of `bytes` to `descriptor`, again after an interruption or a short write.
  ///
  /// - Returns: `errno` of the write that failed, else `nil`.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, base + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += result
    }
    return nil
  }
}
