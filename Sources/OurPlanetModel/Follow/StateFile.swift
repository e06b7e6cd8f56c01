import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// A small JSON file under the state folder, read whole and written atomically and durably through
/// ``AtomicFile`` (a temporary file beside it, `fsync`ed, renamed over it, the folder `fsync`ed),
/// so a crash, a kill -9 or a power cut never leaves half a file.
///
/// The folder is `$XDG_STATE_HOME/ourplanet`, else `~/.local/state/ourplanet`.
package struct StateFile<Value: Codable & Sendable>: Sendable {
  /// Where the file is.
  package let url: URL
  /// The largest file ``read()`` takes, or `nil` for any size.
  package let maximumSize: Int?

  /// The file `name` in `directory`; a file larger than `maximumSize` bytes is damaged.
  package init(name: String, directory: URL, maximumSize: Int? = nil) {
    url = directory.appendingPathComponent(name)
    self.maximumSize = maximumSize
  }

  /// Whether `name` is one of the state folder's files (`seen.json`, `announced.json`,
  /// `actions.json`, `remembered.json`): what a sweep of leftover temporary files looks after there.
  package static func isStateFileName(_ name: String) -> Bool {
    ["seen.json", "announced.json", "actions.json", RememberedSettings.fileName].contains(name)
  }

  /// The state folder the environment names.
  package static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL
  {
    XDGFolder.state.url(environment: environment)
  }

  /// What reading found.
  package enum Contents: Sendable {
    /// No file yet.
    case missing
    /// The value in the file.
    case value(Value)
    /// The file is damaged or unreadable: the message says why (never fatal).
    case damaged(String)
  }

  /// Reads the file.
  ///
  /// Through ``BoundedFile``: a folder or a FIFO in its place is a message, and a FIFO is never
  /// waited on (opening one for reading waits for a writer, forever).
  package func read() -> Contents {
    let data: Data
    do throws(BoundedFile.Failure) {
      data = try BoundedFile.read(url.path, limit: maximumSize)
    } catch {
      switch error {
      case .missing: return .missing
      case .folder:
        return .damaged(
          "ignored state file \(url.lastPathComponent): \(url.path) is a folder, not a state file")
      case .system(let failure): return .damaged("ignored state file \(url.lastPathComponent): \(failure)")
      case .notRegular, .tooLarge:
        return .damaged("ignored state file \(url.lastPathComponent): \(url.path) \(error)")
      }
    }
    do {
      if let reading = Value.self as? any QuickStateReading.Type,
        let value = reading.quickRead(data) as? Value
      {
        return .value(value)
      }
      return .value(try JSONDecoder.state.decode(Value.self, from: data))
    } catch {
      return .damaged("ignored state file \(url.lastPathComponent): \(Self.reason(error))")
    }
  }

  /// Writes `value` atomically and durably (``AtomicFile``), merged with what is on disk under an
  /// advisory lock when the value knows how (``MergeableState``), so two instances never lose
  /// each other's writes.
  ///
  /// - Returns: A message when it could not be written (the folder is read-only, the disk full).
  @discardableResult
  package func write(_ value: Value) -> String? {
    let directory = url.deletingLastPathComponent()
    let failure = "could not write state file \(url.lastPathComponent)"
    do {
      try AtomicFile.createDirectory(directory)
      var info = stat()
      if stat(url.path, &info) == 0, let problem = Self.typeProblem(info) {
        return "\(failure): \(url.path) \(problem)"
      }
      let lock = try FileLock(path: directory.appendingPathComponent(".\(url.lastPathComponent).lock").path)
      return try lock.withLock {
        var merged = value
        if let mergeable = value as? any MergeableState, case .value(let stored) = read(),
          let combined = Self.merge(stored, mergeable) as? Value
        {
          merged = combined
        }
        try AtomicFile.write([JSONEncoder.state.encode(merged)], to: url)
        return nil
      }
    } catch let error as SystemFailure {
      return "\(failure): \(error)"
    } catch {
      return "\(failure): \(Self.reason(error))"
    }
  }

  /// `stored` merged with `mine` (two steps, so the state's type is opened once).
  private static func merge<State: MergeableState>(_ stored: Value, _ mine: State) -> State? {
    (stored as? State).map { $0.merging(mine) }
  }

  /// What is wrong with a file of this type in the state file's place, or `nil` for a regular file.
  private static func typeProblem(_ info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "is a folder, not a state file"
    default: return "is not a regular file (a FIFO, socket or device)"
    }
  }

  private static func reason(_ error: Error) -> String {
    if let failure = error as? SystemFailure { return failure.description }
    if let decoding = error as? DecodingError {
      switch decoding {
      case .dataCorrupted: return "not valid JSON"
      default: return "not an OurPlanet state file"
      }
    }
    return (error as NSError).localizedDescription
  }
}

extension JSONEncoder {
  fileprivate static var state: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    // Slashes unescaped: the fast reader takes no escapes, and an id with `/` would otherwise send
    // the whole file down JSONDecoder's slow path at every start.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

extension JSONDecoder {
  fileprivate static var state: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

/// A state that several instances write: each write merges with what is on disk.
package protocol MergeableState {
  /// This state (the one on disk) with `other` (the one being written) folded in, losing nothing
  /// of either.
  func merging(_ other: Self) -> Self
}
