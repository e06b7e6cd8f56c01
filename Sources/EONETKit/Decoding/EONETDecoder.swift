import Foundation

/// Decodes EONET responses (API v3 and v2.1) into models, tolerating what real feeds send.
///
/// Accepts an events envelope (`{"events": [...]}`), a bare events array, and a GeoJSON feature
/// collection (`/events/geojson`, one feature per observation, grouped back into events). One
/// malformed event is skipped and counted, never fatal; a body that is not JSON at all fails with a
/// message saying what came back.
///
/// ```swift
/// let decoded = try EONETDecoder().decodeEvents(from: data)
/// print(decoded.elements.count, "events,", decoded.skipped, "skipped")
/// ```
package struct EONETDecoder: Sendable {
  /// Creates a decoder.
  package init() {}

  /// Runs `read` over `data`'s bytes, turning a body that is not JSON and the scanner's failures
  /// into ``EONETError``s. The typed decoders (one file per kind of response) go through it.
  func decode<Element>(
    _ data: Data, status: Int, contentType: String?,
    _ read: (inout JSONScanner) throws(JSONScanner.Failure) -> EODecoded<Element>
  ) throws(EONETError) -> EODecoded<Element> {
    let result: Result<EODecoded<Element>, EONETError> = data.withUnsafeBytes {
      (buffer: UnsafeRawBufferPointer) -> Result<EODecoded<Element>, EONETError> in
      var scanner = JSONScanner(buffer)
      scanner.skipByteOrderMark()
      let first = scanner.peek()
      guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        let prefix = Self.printablePrefix(scanner.bytes(from: scanner.offset, limit: 80))
        return .failure(.notJSON(status: status, contentType: contentType, prefix: prefix))
      }
      do throws(JSONScanner.Failure) {
        return .success(try read(&scanner))
      } catch {
        switch error {
        case .syntax(let offset, let reason):
          return .failure(.malformedJSON(offset: offset, reason: reason))
        case .type(let offset, let expected):
          return .failure(.unexpectedShape("expected \(expected) at byte \(offset)"))
        }
      }
    }
    return try result.get()
  }

  /// The start of a body as one printable line: control characters become spaces.
  static func printablePrefix(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    // A cut through a multi-byte character leaves a replacement character at the end; drop it.
    if bytes.count == 80, text.hasSuffix("\u{FFFD}") { text.removeLast() }
    let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
    let line = String(String.UnicodeScalarView(scalars))
    return line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}

extension JSONScanner {
  /// Reads an id that may be a string (v3) or an integer (v2.1 category ids).
  mutating func readID() throws(Failure) -> String {
    let byte = try peekValue()
    if byte == UInt8(ascii: "\"") { return try readString() }
    let position = offset
    let value = try readDouble()
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw .type(offset: position, expected: "an id")
    }
    return String(Int(value))
  }

  /// Reads a date string or `null`; an empty string counts as `null`, anything else unparseable fails.
  mutating func readOptionalDate() throws(Failure) -> Date? {
    if try readNull() { return nil }
    let position = offset
    let token = try readStringToken()
    if token.count == 0 { return nil }
    let date: Date?
    if token.hasEscapes {
      date = ISO8601.parse(string(token))
    } else {
      date = withBytes(of: token) { ISO8601.parse($0) }
    }
    guard let date else { throw .type(offset: position, expected: "an ISO 8601 date") }
    return date
  }

  /// Reads a text field of a reference list, HTML entities decoded: `nil` for `null`, an empty
  /// string or a value of another type (skipped), so one odd field never costs the entry.
  mutating func readOptionalText() throws(Failure) -> String? {
    let text = try lenient { scanner throws(Failure) in try scanner.readOptionalString(htmlEntities: true) }
    return text?.isEmpty == false ? text : nil
  }

  /// A key's text, for messages.
  func keyString(_ key: Key) -> String {
    key.decoded
      ?? string(StringToken(start: key.start, count: key.count, hasEscapes: false, hasAmpersand: false))
  }
}
