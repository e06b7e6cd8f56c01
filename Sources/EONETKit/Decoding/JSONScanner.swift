import Foundation

/// A forward-only reader over the bytes of a JSON document.
///
/// It never builds a tree: the decoder asks for exactly the value it expects next and skips what it
/// does not know, so decoding allocates little more than the models. A value of the wrong type
/// throws ``Failure/type(offset:expected:)`` with the reader still positioned inside well-formed
/// JSON, which lets the caller rewind to the start of an event and skip it whole.
///
/// The pointer is only valid inside the `withUnsafeBytes` call that created the scanner.
struct JSONScanner {
  /// Why reading stopped.
  enum Failure: Error, Equatable {
    /// The bytes are not JSON (or end early) at `offset`.
    case syntax(offset: Int, reason: String)
    /// Well-formed JSON, but not the type the decoder expected.
    case type(offset: Int, expected: String)
  }

  /// An object key as a byte range; `decoded` is set only when the key had escapes.
  struct Key {
    let start: Int
    let count: Int
    let decoded: String?
  }

  /// A string token as a byte range between the quotes.
  struct StringToken {
    let start: Int
    let count: Int
    let hasEscapes: Bool
    let hasAmpersand: Bool
  }

  private let base: UnsafePointer<UInt8>
  let count: Int
  var offset: Int
  private var depth = 0

  private static let maximumDepth = 256

  init(_ buffer: UnsafeRawBufferPointer) {
    // An empty buffer may have a nil base address; point at a static byte instead of branching later.
    base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? JSONScanner.emptyByte
    count = buffer.count
    offset = 0
  }

  // Written once, never mutated: safe to share although pointers are not `Sendable`.
  nonisolated(unsafe) private static let emptyByte: UnsafePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
  }()

  /// A position to rewind to after a type failure.
  struct Mark {
    fileprivate let offset: Int
    fileprivate let depth: Int
  }

  /// The current position.
  var mark: Mark { Mark(offset: offset, depth: depth) }

  /// Moves back to `mark`.
  mutating func rewind(to mark: Mark) {
    offset = mark.offset
    depth = mark.depth
  }

  /// Reads a value with `read`, or skips it and returns `nil` if it has another type.
  ///
  /// For optional fields: a description that is a number is dropped, not fatal to its event.
  mutating func lenient<T>(_ read: (inout JSONScanner) throws(Failure) -> T?) throws(Failure) -> T? {
    let start = mark
    do {
      return try read(&self)
    } catch {
      guard case .type = error else { throw error }
      rewind(to: start)
      try skipValue()
      return nil
    }
  }

  // MARK: Structure

  /// Skips whitespace and returns the next byte without consuming it, or `nil` at the end.
  @inline(__always)
  mutating func peek() -> UInt8? {
    while offset < count {
      let byte = base[offset]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        offset += 1
      } else {
        return byte
      }
    }
    return nil
  }

  /// Skips a UTF-8 byte order mark if the document starts with one.
  mutating func skipByteOrderMark() {
    if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { offset = 3 }
  }

  /// The bytes from `start` (at most `limit`), for messages.
  func bytes(from start: Int, limit: Int) -> [UInt8] {
    let end = min(count, start + limit)
    guard start < end else { return [] }
    return Array(UnsafeBufferPointer(start: base + start, count: end - start))
  }

  @inline(__always)
  private mutating func next() throws(Failure) -> UInt8 {
    guard let byte = peek() else { throw .syntax(offset: offset, reason: "unexpected end of data") }
    return byte
  }

  /// Consumes `{`, or throws a type failure if the next value is something else.
  mutating func beginObject() throws(Failure) {
    let byte = try next()
    guard byte == UInt8(ascii: "{") else { throw .type(offset: offset, expected: "an object") }
    try enter()
    offset += 1
  }

  /// Consumes `[`, or throws a type failure if the next value is something else.
  mutating func beginArray() throws(Failure) {
    let byte = try next()
    guard byte == UInt8(ascii: "[") else { throw .type(offset: offset, expected: "an array") }
    try enter()
    offset += 1
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth { throw .syntax(offset: offset, reason: "nesting too deep") }
  }

  /// The next key of the current object (consuming it and its colon), or `nil` after the closing `}`.
  ///
  /// Call after ``beginObject()``; consume or skip the value before asking again.
  mutating func nextKey(first: inout Bool) throws(Failure) -> Key? {
    var byte = try next()
    if byte == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return nil
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { throw .syntax(offset: offset, reason: "expected ',' or '}'") }
      offset += 1
      byte = try next()
    }
    first = false
    guard byte == UInt8(ascii: "\"") else { throw .syntax(offset: offset, reason: "expected a key") }
    let token = try stringToken()
    guard try next() == UInt8(ascii: ":") else { throw .syntax(offset: offset, reason: "expected ':'") }
    offset += 1
    let decoded = token.hasEscapes ? string(token) : nil
    return Key(start: token.start, count: token.count, decoded: decoded)
  }

  /// Whether another element follows in the current array (consuming the comma), or `false` after `]`.
  mutating func nextElement(first: inout Bool) throws(Failure) -> Bool {
    let byte = try next()
    if byte == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return false
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { throw .syntax(offset: offset, reason: "expected ',' or ']'") }
      offset += 1
    }
    first = false
    return true
  }

  /// Whether `key` is exactly `literal`.
  @inline(__always)
  func key(_ key: Key, is literal: StaticString) -> Bool {
    if let decoded = key.decoded { return decoded == literal.description }
    guard key.count == literal.utf8CodeUnitCount else { return false }
    return memcmp(base + key.start, literal.utf8Start, key.count) == 0
  }

  // MARK: Scalars

  /// Consumes `null` if it comes next.
  @inline(__always)
  mutating func readNull() throws(Failure) -> Bool {
    guard try next() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  /// The next value's first byte, for type dispatch (`"`, `{`, `[`, `-`, a digit, `t`, `f`, `n`).
  mutating func peekValue() throws(Failure) -> UInt8 {
    try next()
  }

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
  private mutating func stringToken() throws(Failure) -> StringToken {
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

  /// Reads a number. A string holding a number is accepted too (some feeds quote magnitudes).
  mutating func readDouble() throws(Failure) -> Double {
    let byte = try next()
    if byte == UInt8(ascii: "\"") {
      let position = offset
      let token = try stringToken()
      let text = string(token).trimmingCharacters(in: .whitespaces)
      guard let value = Double(text), value.isFinite else {
        throw .type(offset: position, expected: "a number")
      }
      return value
    }
    guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
      throw .type(offset: offset, expected: "a number")
    }
    return try number()
  }

  /// Reads a number or `null`.
  mutating func readOptionalDouble() throws(Failure) -> Double? {
    if try readNull() { return nil }
    return try readDouble()
  }

  private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Parses a JSON number at the cursor.
  ///
  /// Up to 15 significant digits with a small exponent convert exactly with one multiplication or
  /// division (both operands are exact doubles), which covers every coordinate and magnitude EONET
  /// sends; anything longer goes through the standard library's correctly rounded parser.
  private mutating func number() throws(Failure) -> Double {
    try number(converting: true)
  }

  /// Checks a number's syntax without converting it (a 400-digit number is valid JSON).
  private mutating func skipNumber() throws(Failure) {
    _ = try number(converting: false)
  }

  /// Parses (or, with `converting` off, only validates) a JSON number at the cursor.
  ///
  /// A number too large for a `Double` is well-formed JSON of the wrong range: a type failure, which
  /// costs only the field it is in.
  private mutating func number(converting: Bool) throws(Failure) -> Double {
    let start = offset
    var negative = false
    if base[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var integerDigits = 0
    while offset < count, base[offset] &- 0x30 < 10 {
      let digit = UInt64(base[offset] &- 0x30)
      if significant < 19 {
        mantissa = mantissa &* 10 &+ digit
        if mantissa != 0 { significant += 1 }
      } else {
        exponent += 1
        significant += 1
      }
      integerDigits += 1
      offset += 1
    }
    guard integerDigits > 0 else { throw .syntax(offset: offset, reason: "expected a digit") }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      offset += 1
      var fractionDigits = 0
      while offset < count, base[offset] &- 0x30 < 10 {
        let digit = UInt64(base[offset] &- 0x30)
        if significant < 19 {
          mantissa = mantissa &* 10 &+ digit
          if mantissa != 0 { significant += 1 }
          exponent -= 1
        } else {
          significant += 1
        }
        fractionDigits += 1
        offset += 1
      }
      guard fractionDigits > 0 else { throw .syntax(offset: offset, reason: "expected a digit after '.'") }
    }
    if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      var exponentNegative = false
      if offset < count, base[offset] == UInt8(ascii: "-") || base[offset] == UInt8(ascii: "+") {
        exponentNegative = base[offset] == UInt8(ascii: "-")
        offset += 1
      }
      var value = 0
      var digits = 0
      while offset < count, base[offset] &- 0x30 < 10 {
        if value < 100_000 { value = value * 10 + Int(base[offset] &- 0x30) }
        digits += 1
        offset += 1
      }
      guard digits > 0 else { throw .syntax(offset: offset, reason: "expected an exponent") }
      exponent += exponentNegative ? -value : value
    }
    guard converting else { return 0 }
    if significant <= 15, exponent >= -22, exponent <= 22 {
      let magnitude = Double(mantissa)
      let powers = Self.exactPowersOfTen
      let value = exponent < 0 ? magnitude / powers[-exponent] : magnitude * powers[exponent]
      return negative ? -value : value
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw .type(offset: start, expected: "a number within the range of a Double")
    }
    return value
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let length = word.utf8CodeUnitCount
    guard offset + length <= count, memcmp(base + offset, word.utf8Start, length) == 0 else {
      throw .syntax(offset: offset, reason: "invalid literal")
    }
    offset += length
  }

  /// Skips one complete value of any type, checking that it is well-formed.
  mutating func skipValue() throws(Failure) {
    let byte = try next()
    switch byte {
    case UInt8(ascii: "{"):
      try beginObject()
      var first = true
      while try nextKey(first: &first) != nil { try skipValue() }
    case UInt8(ascii: "["):
      try beginArray()
      var first = true
      while try nextElement(first: &first) { try skipValue() }
    case UInt8(ascii: "\""):
      _ = try stringToken()
    case UInt8(ascii: "t"):
      try literal("true")
    case UInt8(ascii: "f"):
      try literal("false")
    case UInt8(ascii: "n"):
      try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
    default:
      throw .syntax(offset: offset, reason: "unexpected character")
    }
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
