/// The parser's state: the text as Unicode scalars, a position and the line it is on.
///
/// This file holds the state, the document loop and the cursor every part moves; the parts are
/// extensions beside it: `+Tables` (headers, key/value pairs, keys), `+Values` (arrays, inline
/// tables), `+Strings`, `+Numbers`, and `+Node` (a table while it is built). The state is internal
/// rather than private only so those files can move the cursor; nothing outside them uses it.
struct TOMLParser {
  let scalars: [Unicode.Scalar]
  var index = 0
  var line = 1
  /// The tables as they are built: classes, so a header can reopen one found by its path.
  let root = Node(line: 0, origin: .header, depth: 0)
  /// The table `key = value` lines go into: the latest header's.
  var current: Node
  /// How deep the value being read lies (tables and arrays around it).
  var depth = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
    current = root
  }

  // MARK: - Document

  mutating func document() throws(TOMLError) -> TOMLTable {
    while true {
      skipBlankAndComments()
      guard let scalar = peek() else { break }
      if scalar == "[" {
        try header()
      } else {
        try keyValue(into: current)
      }
      try endOfLine()
    }
    return root.table()
  }

  // MARK: - Layout

  /// Spaces, tabs, line breaks and comments.
  mutating func skipBlankAndComments() {
    while let scalar = peek() {
      switch scalar {
      case " ", "\t":
        advance()
      case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
        advance()
      case "\n":
        advance()
        line += 1
      case "#":
        while let next = peek(), next != "\n" { advance() }
      default:
        return
      }
    }
  }

  mutating func skipSpaces() {
    while let scalar = peek(), scalar == " " || scalar == "\t" { advance() }
  }

  /// After a key/value pair or a header: spaces, maybe a comment, then a line break or the end.
  private mutating func endOfLine() throws(TOMLError) {
    skipSpaces()
    if take("#") {
      while let scalar = peek(), scalar != "\n", scalar != "\r" {
        if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
          throw failure("control character \(Self.describe(scalar)) in a comment")
        }
        advance()
      }
    }
    if peek() == nil { return }
    if take("\n") {
      line += 1
      return
    }
    if lookingAt("\r\n") {
      index += 2
      line += 1
      return
    }
    throw failure("expected the end of the line, found \(Self.describe(peek() ?? " "))")
  }

  func peek() -> Unicode.Scalar? {
    index < scalars.count ? scalars[index] : nil
  }

  mutating func advance() {
    index += 1
  }

  mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard peek() == scalar else { return false }
    index += 1
    return true
  }

  func lookingAt(_ text: String) -> Bool {
    var position = index
    for scalar in text.unicodeScalars {
      guard position < scalars.count, scalars[position] == scalar else { return false }
      position += 1
    }
    return true
  }

  func failure(_ message: String) -> TOMLError {
    TOMLError(line: line, message: message)
  }

  /// A scalar for a message: printable ones quoted, others as `U+XXXX`.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format {
      return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
    return "'\(scalar)'"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
