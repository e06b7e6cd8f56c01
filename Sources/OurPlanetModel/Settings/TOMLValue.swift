/// A value of a TOML document (the config file's format).
///
/// Dates and times, which TOML also has, are not among them: the config has no use for them, and the
/// parser asks for a string instead.
package enum TOMLValue: Equatable, Sendable {
  case string(String)
  case integer(Int)
  case float(Double)
  case boolean(Bool)
  case array([TOMLValue])
  case table(TOMLTable)

  /// The type's name as TOML's documentation uses it, for messages ("expected a string, found an
  /// integer").
  package var typeName: String {
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

extension TOMLValue {
  /// The value as TOML writes it: strings quoted with every control character escaped, tables
  /// inline. The one TOML writer: `ourplanet config` prints with it, the place writer saves with it.
  ///
  /// ```swift
  /// TOMLValue.array([.string("a\"b"), .integer(2)]).tomlText  // ["a\"b", 2]
  /// ```
  package var tomlText: String {
    switch self {
    case .string(let text): return Self.quoted(text)
    case .integer(let number): return String(number)
    case .float(let number): return String(number)
    case .boolean(let on): return on ? "true" : "false"
    case .array(let values): return "[" + values.map(\.tomlText).joined(separator: ", ") + "]"
    case .table(let table):
      return "{ "
        + table.keys.compactMap { key in table[key].map { "\(Self.key(key)) = \($0.tomlText)" } }
        .joined(separator: ", ") + " }"
    }
  }

  /// `name` as a TOML key: bare when TOML allows it (ASCII letters, digits, `-`, `_`), else quoted.
  package static func key(_ name: String) -> String {
    let bare =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
      }
    return bare ? name : quoted(name)
  }

  private static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          quoted.unicodeScalars.append(scalar)
        }
      }
    }
    return quoted + "\""
  }
}

/// A TOML table: its keys in the order the file gives them, each with its value and the line that
/// set it, so a setting can say where it came from (`config.toml:3`).
package struct TOMLTable: Equatable, Sendable {
  /// One key's value and the 1-based line that set it.
  package struct Entry: Equatable, Sendable {
    package var value: TOMLValue
    package var line: Int
  }

  /// The line of the table's header (`[places]`, `[[alert]]`), or of the key that created it; 0 for
  /// the document itself.
  package internal(set) var line: Int
  /// The keys, in file order.
  package private(set) var keys: [String] = []
  private var entries: [String: Entry] = [:]

  /// An empty table defined on `line`.
  package init(line: Int = 0) {
    self.line = line
  }

  /// The value of `key`, if the table has it.
  package subscript(key: String) -> TOMLValue? { entries[key]?.value }

  /// The value of `key` with the line that set it.
  package func entry(_ key: String) -> Entry? { entries[key] }

  /// Sets `key` (added at the end the first time, replaced in place after).
  package mutating func set(_ key: String, _ value: TOMLValue, line: Int) {
    if entries[key] == nil { keys.append(key) }
    entries[key] = Entry(value: value, line: line)
  }
}
