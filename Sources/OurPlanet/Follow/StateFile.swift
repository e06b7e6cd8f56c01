import Foundation

/// A small JSON file under the state folder, read whole and written atomically (a temporary file
/// beside it, flushed, then renamed over it), so a crash or Ctrl-C never leaves half a file.
///
/// The folder is `$XDG_STATE_HOME/ourplanet`, else `~/.local/state/ourplanet`.
public struct StateFile<Value: Codable & Sendable>: Sendable {
  /// Where the file is.
  public let url: URL

  /// The file `name` in `directory`.
  public init(name: String, directory: URL) {
    url = directory.appendingPathComponent(name)
  }

  /// The state folder the environment names.
  public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL
  {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("ourplanet")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/state/ourplanet")
  }

  /// What reading found.
  public enum Contents: Sendable {
    /// No file yet.
    case missing
    /// The value in the file.
    case value(Value)
    /// The file is damaged or unreadable: the message says why (never fatal).
    case damaged(String)
  }

  /// Reads the file.
  public func read() -> Contents {
    guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
    do {
      let data = try Data(contentsOf: url)
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

  /// Writes `value` atomically.
  ///
  /// - Returns: A message when it could not be written (the folder is read-only, the disk full).
  @discardableResult
  public func write(_ value: Value) -> String? {
    do {
      let data = try JSONEncoder.state.encode(value)
      let directory = url.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let temporary = directory.appendingPathComponent(
        ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
      guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
        return
          "could not write state file \(url.lastPathComponent): cannot create a file in \(directory.path)"
      }
      if rename(temporary.path, url.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        return "could not write state file \(url.lastPathComponent): \(reason)"
      }
      return nil
    } catch {
      return "could not write state file \(url.lastPathComponent): \(Self.reason(error))"
    }
  }

  private static func reason(_ error: Error) -> String {
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
    encoder.outputFormatting = [.sortedKeys]
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
