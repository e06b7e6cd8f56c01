import Foundation

/// The status line and header fields of an HTTP/1.x response, parsed from untrusted bytes.
///
/// Anything that is not a well-formed head fails with a one-line reason; no input crashes it.
///
/// ```swift
/// let head = try HTTPResponseHead.parse(Array("HTTP/1.1 200 OK\r\nETag: \"a\"\r\n".utf8))
/// head.status  // 200
/// ```
struct HTTPResponseHead: Equatable {
  /// The status code.
  var status: Int
  /// Header fields, names lower-cased; repeated fields are joined with ", " (RFC 9110 5.3).
  var headers: [String: String]

  /// The most header fields accepted.
  static let maximumFieldCount = 200

  /// A head that cannot be read, with why.
  struct Malformed: Error, Equatable {
    let reason: String
  }

  /// Parses a head: the bytes up to (not including) the blank line that ends it.
  ///
  /// - Parameter bytes: The status line and header lines, separated by CRLF (a bare LF is accepted).
  /// - Returns: The parsed head.
  /// - Throws: ``Malformed`` for a bad status line, a bad field, or too many fields.
  static func parse(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> HTTPResponseHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
    guard !lines.isEmpty else { throw Malformed(reason: "an empty response head") }
    let statusLine = lines.removeFirst()
    let status = try parseStatusLine(statusLine)
    guard lines.count <= maximumFieldCount else {
      throw Malformed(reason: "more than \(maximumFieldCount) header fields")
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        throw Malformed(reason: "a header line without a colon")
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw Malformed(reason: "a bad header name") }
      let rawValue = line[(colon + 1)...].drop(while: isBlank).reversed().drop(while: isBlank).reversed()
      // Field values are Latin-1 at worst; decoding as UTF-8 with replacement never fails, and the
      // display layer sanitises control characters.
      let value = String(decoding: rawValue, as: UTF8.self)
      let key = String(decoding: name, as: UTF8.self).lowercased()
      if let existing = headers[key] { headers[key] = existing + ", " + value } else { headers[key] = value }
    }
    return HTTPResponseHead(status: status, headers: headers)
  }

  /// The status code of `HTTP/1.x DDD reason`.
  private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(Malformed) -> Int {
    let prefix = Array("HTTP/1.".utf8)
    guard line.count >= 12, Array(line.prefix(prefix.count)) == prefix else {
      throw Malformed(reason: "not an HTTP/1.x status line")
    }
    let digits = line.dropFirst(prefix.count + 2).prefix(3)
    let space = line[line.startIndex + prefix.count + 1]
    guard space == UInt8(ascii: " "), digits.count == 3, digits.allSatisfy({ (48...57).contains($0) }),
      line.count == 12 || line[line.startIndex + 12] == UInt8(ascii: " ")
    else { throw Malformed(reason: "a malformed status line") }
    return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// RFC 9110 `tchar`.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
