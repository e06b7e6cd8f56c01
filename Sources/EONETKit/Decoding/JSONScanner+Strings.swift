import Foundation

// Strings: tokens read without building a `String`, values built from them, escapes decoded.
extension JSONScanner {
  /// Reads a string token without building a `String`.
  mutating func readStringToken() throws(Failure) -> StringToken {
    guard try next() == UInt8(ascii: "\"") else { throw .type(offset: offset, expected: "a string") }
    return try stringToken()
  }

  /// Reads a string, decoding HTML entities when `htmlEntities` is set.
  mutating func readString(htmlEntities: Bool = false) throws(Failure) -> String {
    let token = try readStringToken()
    let value = string(token)
    return htmlEntities && (token.hasAmpersand || token.hasEscapes) ? HTMLEntities.decode(value) : value
  }

  /// Reads a string or `null`.
  mutating func readOptionalString(htmlEntities: Bool = false) throws(Failure) -> String? {
    if try readNull() { return nil }
    return try readString(htmlEntities: htmlEntities)
  }

  /// Calls `body` with the raw bytes of a string token that has no escapes.
  func withBytes<T>(of token: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    body(UnsafeBufferPointer(start: base + token.start, count: token.count))
  }

  /// The `String` value of a token.
  func string(_ token: StringToken) -> String {
    let bytes = UnsafeBufferPointer(start: base + token.start, count: token.count)
    guard token.hasEscapes else { return String(decoding: bytes, as: UTF8.self) }
    return Self.unescape(bytes)
  }

  /// Consumes a string whose opening quote is next; returns its range between the quotes.
  mutating func stringToken() throws(Failure) -> StringToken {
    offset += 1
    let start = offset
    var escapes = false
    var ampersand = false
    while offset < count {
      let byte = base[offset]
      if byte == UInt8(ascii: "\"") {
        let token = StringToken(
          start: start, count: offset - start, hasEscapes: escapes, hasAmpersand: ampersand)
        offset += 1
        return token
      }
      if byte == UInt8(ascii: "\\") {
        escapes = true
        offset += 2
        continue
      }
      if byte == UInt8(ascii: "&") { ampersand = true }
      offset += 1
    }
    throw .syntax(offset: count, reason: "unterminated string")
  }

  // MARK: Escapes

  /// Decodes a string body with backslash escapes; invalid escapes and lone surrogates become U+FFFD.
  private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func appendScalar(_ value: UInt32) {
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      UTF8.encode(scalar) { output.append($0) }
    }
    func hex4(at position: Int) -> UInt32? {
      guard position + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[position..<position + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x41 + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        output.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let high = hex4(at: index) else {
          appendScalar(0xFFFD)
          continue
        }
        index += 4
        if (0xD800...0xDBFF).contains(high), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(at: index + 2),
          (0xDC00...0xDFFF).contains(low)
        {
          index += 6
          appendScalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        } else {
          appendScalar(high)
        }
      default:
        appendScalar(0xFFFD)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
