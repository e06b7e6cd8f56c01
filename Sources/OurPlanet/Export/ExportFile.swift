import EONETKit
import Foundation

/// Writes an export next to the user (the current folder), never over an existing file.
public enum ExportFile {
  /// Writes `events` as `format` to `<directory>/ourplanet-<name>-<day>.<ext>`, or `-2`, `-3`, …
  /// when that exists (created with `O_EXCL`, so two writers never share a file).
  ///
  /// - Returns: The file name written, or why it could not be.
  public static func write(
    _ events: [EOEvent], as format: EventExport.Format, name: String, day: String, directory: URL
  ) -> Result<String, ExportError> {
    let data = Data(EventExport.render(events, as: format).utf8)
    let safeName = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    for attempt in 1...999 {
      let suffix = attempt == 1 ? "" : "-\(attempt)"
      let file = "ourplanet-\(safeName)-\(day)\(suffix).\(format.fileExtension)"
      let path = directory.appendingPathComponent(file).path
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        return .failure(ExportError(message: "cannot create \(file): \(String(cString: strerror(errno)))"))
      }
      let written = data.withUnsafeBytes { buffer in writeAll(descriptor, buffer) }
      let closed = close(descriptor) == 0
      guard written, closed else {
        let reason = String(cString: strerror(errno))
        unlink(path)
        return .failure(ExportError(message: "cannot write \(file): \(reason)"))
      }
      return .success(file)
    }
    return .failure(ExportError(message: "999 exports of \(safeName) today already; move some away"))
  }

  private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < buffer.count {
      let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += count
    }
    return true
  }
}

/// Why an export could not be written.
public struct ExportError: Error, Equatable, Sendable {
  /// What went wrong, for the status line.
  public var message: String
}
