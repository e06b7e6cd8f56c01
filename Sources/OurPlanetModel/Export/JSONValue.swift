/// A JSON value with exactly the shape the commands promise (`null` where the spec says null).
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int)
  case string(String)
  case array([JSONValue])
  /// Keys in the order given: output keeps the documented field order.
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// Compact JSON text.
  package func serialized() -> String {
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
      output += Self.numberText(value)
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

  /// A number as JSON text: a whole number without `.0` (`500`, not `500.0`), others in the
  /// shortest form that reads back the same (`-12.5`); `null` for what JSON cannot hold.
  private static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// Quotes and escapes a string. Beyond what JSON requires, C1 controls, DEL, the line and
  /// paragraph separators and the bidi controls are written as `\uXXXX`: the text stays lossless
  /// for a parser, and a terminal showing the raw output never meets an escape sequence or text
  /// that runs backwards.
  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    // Most strings need no escape at all: one append instead of one per character. C1 controls
    // are 0xC2 0x80–0x9F in UTF-8, the separators and bidi controls start with 0xE2.
    let plain = value.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xC2
        && byte != 0xE2
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
      default:
        if needsEscape(scalar) {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  /// Controls (C0, DEL, C1), line and paragraph separators, bidi marks, embeddings and isolates.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

extension Array where Element == JSONValue {
  /// A JSON array with one element per line, for output people can read and tools can parse.
  package func serializedOnePerLine() -> String {
    guard !isEmpty else { return "[]" }
    return "[\n" + map { "  " + $0.serialized() }.joined(separator: ",\n") + "\n]"
  }
}
