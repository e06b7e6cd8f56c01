import EONETKit
import Foundation
import Support

/// Writes an export next to the user (the current folder), never over an existing file.
package enum ExportFile {
  /// Writes `events` as `format` to `<directory>/ourplanet-<name>-<day>.<ext>`, or `-2`, `-3`, …
  /// when that exists (by `AtomicFile`, exclusive: two writers never share a file, none is replaced).
  ///
  /// The records are ``EventRecord``'s, as every writer's: with `point` (a `--near` centre) they
  /// carry `distance_km` and `bearing`, as `ourplanet events --near … --format csv` does.
  ///
  /// - Returns: The file name written, or why it could not be.
  package static func write(
    _ events: [EOEvent], as format: EventExport.Format, name: String, day: String, directory: URL,
    from point: EOCoordinate? = nil
  ) -> Result<String, ExportError> {
    let data = Data(EventExport.render(events, as: format, from: point).utf8)
    let safeName = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    for attempt in 1...999 {
      let suffix = attempt == 1 ? "" : "-\(attempt)"
      let file = "ourplanet-\(safeName)-\(day)\(suffix).\(format.fileExtension)"
      do {
        // Exclusive: the name is taken in one step with the whole, synced file behind it, so neither
        // another writer's export nor half of this one is ever under it.
        try AtomicFile.write([data], to: directory.appendingPathComponent(file), mode: 0o644, exclusive: true)
        return .success(file)
      } catch let failure as SystemFailure where failure.code == EEXIST && failure.operation == "create" {
        continue
      } catch let failure as SystemFailure {
        return .failure(ExportError(message: "cannot \(failure.operation) \(file): \(failure.reason)"))
      } catch {
        return .failure(ExportError(message: "cannot write \(file): \(error)"))
      }
    }
    return .failure(ExportError(message: "999 exports of \(safeName) today already; move some away"))
  }
}

/// Why an export could not be written.
package struct ExportError: Error, Equatable, Sendable {
  /// What went wrong, for the status line.
  package var message: String
}
