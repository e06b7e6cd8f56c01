import Foundation
import Glibc

/// Writes the shell scripts the tests run as programs (a fake `notify-send`, a browser, an `--exec`
/// program).
///
/// Written through a descriptor opened `O_CLOEXEC`: a child that another test forks meanwhile must
/// not inherit it, or running the script fails with ETXTBSY ("text file busy") for as long as that
/// child keeps it open for writing. Foundation's `write(to:atomically:)` left that race open: a
/// script was now and then not run at all on a loaded machine.
///
/// ```swift
/// try ScriptFile.write("#!/bin/sh\nexit 3\n", to: folder.appendingPathComponent("xdg-open"))
/// ```
package enum ScriptFile {
  /// A failure to create or write the script, with the `errno` it gave.
  package struct Failure: Error, CustomStringConvertible {
    package let path: String
    package let errno: Int32
    package var description: String { "cannot write the script \(path): \(String(cString: strerror(errno)))" }
  }

  /// Writes `text` to `path` (replacing it) with permissions `mode`.
  package static func write(_ text: String, to url: URL, mode: mode_t = 0o755) throws(Failure) {
    let path = url.path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Failure(path: path, errno: Glibc.errno) }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && Glibc.errno == EINTR { continue }
      guard written > 0 else { throw Failure(path: path, errno: Glibc.errno) }
      bytes = bytes.dropFirst(written)
    }
    // The mode `open` gave was reduced by the umask; a script must be runnable whatever it is.
    guard fchmod(descriptor, mode) == 0 else { throw Failure(path: path, errno: Glibc.errno) }
  }
}
