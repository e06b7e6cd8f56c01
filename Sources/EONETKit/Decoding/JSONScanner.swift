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

  /// The document's first byte (read by the strings and numbers extensions too).
  let base: UnsafePointer<UInt8>
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

  /// The next byte after whitespace, not consumed; the end of the data is a syntax failure.
  @inline(__always)
  mutating func next() throws(Failure) -> UInt8 {
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
}
