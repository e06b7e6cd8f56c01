/// A value of a TOML document (the config file's format).
///
/// Dates and times, which TOML also has, are not among them: the config has no use for them, and the
/// parser asks for a string instead.
public enum TOMLValue: Equatable, Sendable {
  case string(String)
  case integer(Int)
  case float(Double)
  case boolean(Bool)
  case array([TOMLValue])
  case table(TOMLTable)

  /// The type's name as TOML's documentation uses it, for messages ("expected a string, found an
  /// integer").
  public var typeName: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .float: "a float"
    case .boolean: "a boolean"
    case .array: "an array"
    case .table: "a table"
    }
  }
}

/// A TOML table: its keys in the order the file gives them, each with its value and the line that
/// set it, so a setting can say where it came from (`config.toml:3`).
public struct TOMLTable: Equatable, Sendable {
  /// One key's value and the 1-based line that set it.
  public struct Entry: Equatable, Sendable {
    public var value: TOMLValue
    public var line: Int
  }

  /// The line of the table's header (`[places]`, `[[alert]]`), or of the key that created it; 0 for
  /// the document itself.
  public internal(set) var line: Int
  /// The keys, in file order.
  public private(set) var keys: [String] = []
  private var entries: [String: Entry] = [:]

  /// An empty table defined on `line`.
  public init(line: Int = 0) {
    self.line = line
  }

  /// The value of `key`, if the table has it.
  public subscript(key: String) -> TOMLValue? { entries[key]?.value }

  /// The value of `key` with the line that set it.
  public func entry(_ key: String) -> Entry? { entries[key] }

  /// Sets `key` (added at the end the first time, replaced in place after).
  public mutating func set(_ key: String, _ value: TOMLValue, line: Int) {
    if entries[key] == nil { keys.append(key) }
    entries[key] = Entry(value: value, line: line)
  }
}
