import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reading a small file (a config, a state file) whole, without blocking and without reading past a
/// size cap.
///
/// The file is opened non-blocking, so a FIFO in its place never waits for a writer, and its type is
/// checked on the open descriptor, so nothing can swap it between the check and the read. Only a
/// regular file is read (and, when asked, a character device such as `/dev/null`, still under the
/// cap: `/dev/zero` fails at once). A file that grows past the cap while it is read is refused
/// rather than read on.
///
/// ```swift
/// let data = try BoundedFile.read("/home/me/.config/ourplanet/config.toml", limit: 1 << 20)
/// ```
package enum BoundedFile {
  /// Why a file was not read; its description finishes a sentence that starts with the path.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is there.
    case missing
    /// A folder is there.
    case folder
    /// A FIFO, a socket or a device is there.
    case notRegular
    /// The file holds more than `limit` bytes.
    case tooLarge(limit: Int)
    /// A system call failed.
    case system(SystemFailure)

    package var description: String {
      switch self {
      case .missing: "no such file"
      case .folder: "is a folder, not a file"
      case .notRegular: "is not a regular file (a FIFO, socket or device); it is not read"
      case .tooLarge(let limit): "is larger than \(limit) bytes, more than such a file can hold"
      case .system(let failure): failure.description
      }
    }
  }

  /// The whole file at `path`.
  ///
  /// - Parameters:
  ///   - limit: The most bytes it may hold; `nil` for no cap.
  ///   - allowingCharacterDevices: Whether a character device is read too (`--config /dev/null`).
  /// - Throws: ``Failure``.
  package static func read(_ path: String, limit: Int?, allowingCharacterDevices: Bool = false)
    throws(Failure) -> Data
  {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      throw errno == ENOENT ? .missing : .system(SystemFailure("open", path: path))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(SystemFailure("read", path: path)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .folder
    case S_IFCHR where allowingCharacterDevices: break
    default: throw .notRegular
    }
    if let limit, info.st_size > limit { throw .tooLarge(limit: limit) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(SystemFailure("read", path: path))
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
      if let limit, data.count > limit { throw .tooLarge(limit: limit) }
    }
  }
}
