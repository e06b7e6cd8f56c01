/// A JSON value with exactly the shape the commands promise (`null` where the spec says null).
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int)
  case string(String)
  case array([JSONValue])
  /// Keys in the order given: output keeps the documented field order.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// Compact JSON text.
  public func serialized() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null:
      output += "null"
    case .bool(let value):
      output += value ? "true" : "false"
    case .number(let value):
      output += value.isFinite ? String(value) : "null"
    case .integer(let value):
      output += String(value)
    case .string(let value):
      Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    // Most strings need no escape at all: one append instead of one per character.
    let plain = value.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2
    }
    if plain {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}

extension Array where Element == JSONValue {
  /// A JSON array with one element per line, for output people can read and tools can parse.
  public func serializedOnePerLine() -> String {
    guard !isEmpty else { return "[]" }
    return "[\n" + map { "  " + $0.serialized() }.joined(separator: ",\n") + "\n]"
  }
}
