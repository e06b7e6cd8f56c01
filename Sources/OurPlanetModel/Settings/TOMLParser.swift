/// A mistake in a TOML document: the 1-based line and what is wrong there.
package struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line the mistake is on.
  package let line: Int
  /// What is wrong, in words.
  package let message: String

  package var description: String { "line \(line): \(message)" }
}

/// Reads TOML 1.0 (the config file's format), hand-written since the package takes no dependencies.
///
/// Everything but dates and times: comments; bare, quoted and dotted keys; basic, literal and
/// multi-line strings with every escape; decimal, hexadecimal, octal and binary integers with `_`
/// separators; floats with exponents, `inf` and `nan`; booleans; arrays over several lines; inline
/// tables; `[tables]` and `[[arrays of tables]]`. What the specification forbids is an error naming
/// the line: a key set twice, a table defined twice, a table extended after it was closed (an inline
/// table, or a value), control characters, an integer that does not fit in 64 bits.
///
/// Bounded for any input: values nest at most ``maximumDepth`` tables and arrays deep (a file of
/// 100,000 `[` is a message, not a stack overflow), and a key of many parts or a file of many
/// headers costs time in proportion to its length.
///
/// ```swift
/// let table = try TOML.parse("days = 30\n[places]\nhome = \"29.76,-95.37,300\"\n")
/// table["days"]  // .integer(30)
/// ```
package enum TOML {
  /// How deep tables (by header, dotted key or inline) and arrays may nest: far more than a config
  /// needs, few enough that the recursive parser stays well inside any thread's stack.
  package static let maximumDepth = 100

  /// Parses `text`.
  ///
  /// - Returns: The document's root table.
  /// - Throws: ``TOMLError`` for the first mistake.
  package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    var parser = TOMLParser(text)
    return try parser.document()
  }
}

/// The parser's state: the text as Unicode scalars, a position and the line it is on.
private struct TOMLParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  /// The tables as they are built: classes, so a header can reopen one found by its path.
  private let root = Node(line: 0, origin: .header, depth: 0)
  private var current: Node
  /// How deep the value being read lies (tables and arrays around it).
  private var depth = 0

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

  /// `[a.b]` or `[[a.b]]`.
  private mutating func header() throws(TOMLError) {
    let headerLine = line
    advance()
    let isArray = peek() == "["
    if isArray { advance() }
    skipSpaces()
    let path = try key()
    skipSpaces()
    guard take("]"), !isArray || take("]") else {
      throw failure(
        isArray ? "expected ']]' to close the table header" : "expected ']' to close the table header")
    }
    var node = root
    for (position, name) in path.enumerated() {
      // Joined only for a message: joining it at every part made a long key cost its length squared.
      var shown: String { path[...position].joined(separator: ".") }
      let isLast = position == path.count - 1
      // Appended in place, before anything else holds the array: a new array per header made
      // 50,000 headers cost seconds.
      if isLast, isArray, let element = node.appendElement(name, line: headerLine) {
        node = element
        continue
      }
      switch node.children[name] {
      case nil:
        if isLast && isArray {
          let element = Node(line: headerLine, origin: .header, depth: node.depth + 1)
          node.set(name, .tables([element]))
          node = element
        } else {
          let table = Node(line: headerLine, origin: isLast ? .header : .implicit, depth: node.depth + 1)
          node.set(name, .table(table))
          node = table
        }
      case .table(let table)?:
        if isLast {
          if isArray {
            throw TOMLError(line: headerLine, message: "'\(shown)' is a table, not an array of tables")
          }
          switch table.origin {
          case .header: throw TOMLError(line: headerLine, message: "table [\(shown)] is defined twice")
          case .dotted:
            throw TOMLError(line: headerLine, message: "table [\(shown)] was already made by a dotted key")
          case .implicit: table.origin = .header
          }
        }
        // A header may pass through a table dotted keys made, to add a sub-table to it.
        node = table
      case .tables?:
        if isLast {
          throw TOMLError(line: headerLine, message: "'\(shown)' is an array of tables; write [[\(shown)]]")
        } else if let last = node.lastElement(name) {
          // A sub-table of an array of tables belongs to its latest element.
          node = last
        }
      case .value(let value, _)?:
        throw TOMLError(line: headerLine, message: Self.notExtensible(shown, value))
      }
    }
    current = node
  }

  /// `key = value`, the key possibly dotted, into `table`.
  private mutating func keyValue(into table: Node) throws(TOMLError) {
    let keyLine = line
    let path = try key()
    skipSpaces()
    guard take("=") else { throw failure("expected '=' after the key '\(path.joined(separator: "."))'") }
    skipSpaces()
    let outer = depth
    depth = table.depth + path.count
    defer { depth = outer }
    guard depth <= TOML.maximumDepth else { throw tooDeep(keyLine) }
    let value = try self.value()
    var node = table
    for (position, name) in path.dropLast().enumerated() {
      var shown: String { path[...position].joined(separator: ".") }
      switch node.children[name] {
      case nil:
        let child = Node(line: keyLine, origin: .dotted, depth: node.depth + 1)
        node.set(name, .table(child))
        node = child
      case .table(let child)? where child.origin == .dotted:
        node = child
      case .table?, .tables?:
        throw TOMLError(
          line: keyLine, message: "'\(shown)' is a table defined elsewhere; it cannot be extended here")
      case .value(let existing, _)?:
        throw TOMLError(line: keyLine, message: Self.notExtensible(shown, existing))
      }
    }
    let name = path[path.count - 1]
    guard node.children[name] == nil else {
      throw TOMLError(line: keyLine, message: "'\(path.joined(separator: "."))' is set twice")
    }
    node.set(name, .value(value, line: keyLine))
  }

  private func tooDeep(_ line: Int) -> TOMLError {
    TOMLError(line: line, message: "tables and arrays nest more than \(TOML.maximumDepth) deep here")
  }

  /// Why the key `shown`, already set to `value`, cannot be used as a table here.
  private static func notExtensible(_ shown: String, _ value: TOMLValue) -> String {
    if case .table = value { return "'\(shown)' is an inline table; it cannot be extended" }
    return "'\(shown)' is already \(value.typeName), not a table"
  }

  // MARK: - Keys

  /// A key: simple keys joined by dots (spaces allowed around them).
  private mutating func key() throws(TOMLError) -> [String] {
    var parts = [try simpleKey()]
    while true {
      let mark = index
      skipSpaces()
      guard take(".") else {
        index = mark
        return parts
      }
      skipSpaces()
      parts.append(try simpleKey())
      // Each part is a table deeper: stop reading at the limit rather than at the key's end.
      if parts.count > TOML.maximumDepth { throw tooDeep(line) }
    }
  }

  private mutating func simpleKey() throws(TOMLError) -> String {
    switch peek() {
    case "\""?:
      if lookingAt("\"\"\"") { throw failure("a key cannot be a multi-line string") }
      return try singleLineString("\"")
    case "'"?:
      if lookingAt("'''") { throw failure("a key cannot be a multi-line string") }
      return try singleLineString("'")
    case let scalar? where Self.isBareKey(scalar):
      var key = ""
      while let scalar = peek(), Self.isBareKey(scalar) {
        key.unicodeScalars.append(scalar)
        advance()
      }
      return key
    case let scalar?:
      throw failure("expected a key, found \(Self.describe(scalar))")
    case nil:
      throw failure("expected a key, found the end of the file")
    }
  }

  private static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
    default: false
    }
  }

  // MARK: - Values

  private mutating func value() throws(TOMLError) -> TOMLValue {
    guard let scalar = peek() else { throw failure("expected a value, found the end of the file") }
    switch scalar {
    case "\"":
      return .string(lookingAt("\"\"\"") ? try multilineString("\"") : try singleLineString("\""))
    case "'":
      return .string(lookingAt("'''") ? try multilineString("'") : try singleLineString("'"))
    case "[":
      return try array()
    case "{":
      return try inlineTable()
    case "t", "f":
      if lookingAt("true") && !isWordAt(index + 4) {
        index += 4
        return .boolean(true)
      }
      if lookingAt("false") && !isWordAt(index + 5) {
        index += 5
        return .boolean(false)
      }
      return try number()
    case "\n", "\r", "#":
      throw failure("expected a value after '='")
    default:
      return try number()
    }
  }

  private func isWordAt(_ position: Int) -> Bool {
    position < scalars.count && Self.isBareKey(scalars[position])
  }

  /// `[ value, value, ]` over any number of lines, with comments between values.
  private mutating func array() throws(TOMLError) -> TOMLValue {
    let openLine = line
    depth += 1
    defer { depth -= 1 }
    guard depth <= TOML.maximumDepth else { throw tooDeep(openLine) }
    advance()
    var elements: [TOMLValue] = []
    while true {
      skipBlankAndComments()
      if take("]") { return .array(elements) }
      guard peek() != nil else {
        throw TOMLError(line: openLine, message: "the array opened here is never closed")
      }
      elements.append(try value())
      skipBlankAndComments()
      if take(",") { continue }
      if take("]") { return .array(elements) }
      guard let scalar = peek() else {
        throw TOMLError(line: openLine, message: "the array opened here is never closed")
      }
      throw failure("expected ',' or ']' in the array, found \(Self.describe(scalar))")
    }
  }

  /// `{ key = value, key = value }` on one line.
  private mutating func inlineTable() throws(TOMLError) -> TOMLValue {
    let table = Node(line: line, origin: .header, depth: depth)
    advance()
    skipSpaces()
    if take("}") { return .table(table.table()) }
    while true {
      skipSpaces()
      if peek() == nil || peek() == "\n" || peek() == "\r" {
        throw failure("an inline table must close on the line it opens ('}')")
      }
      try keyValue(into: table)
      skipSpaces()
      if take(",") { continue }
      if take("}") { return .table(table.table()) }
      if let scalar = peek(), scalar != "\n", scalar != "\r" {
        throw failure("expected ',' or '}' in the inline table, found \(Self.describe(scalar))")
      }
      throw failure("an inline table must close on the line it opens ('}')")
    }
  }

  /// An integer (decimal, `0x`, `0o`, `0b`) or a float (`1.5`, `1e6`, `inf`, `nan`).
  private mutating func number() throws(TOMLError) -> TOMLValue {
    var word = ""
    while let scalar = peek(), Self.isNumberPart(scalar) {
      word.unicodeScalars.append(scalar)
      advance()
    }
    guard !word.isEmpty else {
      throw failure("expected a value, found \(Self.describe(peek() ?? " "))")
    }
    if let value = Self.integer(word) { return .integer(value) }
    if let value = Self.float(word) { return .float(value) }
    if Self.looksLikeDate(word) {
      throw failure("dates and times are not supported here; write \"\(word)\" as a string")
    }
    if Self.integerShape(word) { throw failure("\(word) does not fit in a 64-bit integer") }
    if word.first?.isLetter == true {
      throw failure("expected a value, found '\(word)' (a string needs quotes)")
    }
    throw failure("'\(word)' is not a number")
  }

  private static func isNumberPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "+", "-", ".", ":": true
    default: false
    }
  }

  /// `word` as a TOML integer, or `nil`.
  private static func integer(_ word: String) -> Int? {
    var text = Substring(word)
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
      let digits = text.dropFirst(2)
      guard let plain = withoutSeparators(digits, radix: radix) else { return nil }
      // Hexadecimal, octal and binary are unsigned in TOML but still 64-bit signed values.
      return Int(plain, radix: radix)
    }
    var sign = ""
    if let first = text.first, first == "+" || first == "-" {
      sign = first == "-" ? "-" : ""
      text = text.dropFirst()
    }
    guard let plain = withoutSeparators(text, radix: 10), plain == "0" || !plain.hasPrefix("0") else {
      return nil
    }
    return Int(sign + plain)
  }

  /// Whether `word` is written as an integer (whatever its size).
  private static func integerShape(_ word: String) -> Bool {
    var text = Substring(word)
    if let first = text.first, first == "+" || first == "-" { text = text.dropFirst() }
    guard let plain = withoutSeparators(text, radix: 10) else { return false }
    return plain == "0" || !plain.hasPrefix("0")
  }

  /// `digits` without its `_` separators, if each stands between two digits and every digit is one
  /// of `radix`'s.
  private static func withoutSeparators(_ digits: Substring, radix: Int) -> String? {
    guard let first = digits.first, let last = digits.last, first != "_", last != "_" else { return nil }
    var plain = ""
    var previousWasSeparator = false
    for character in digits {
      if character == "_" {
        if previousWasSeparator { return nil }
        previousWasSeparator = true
        continue
      }
      guard character.isASCII, let digit = character.hexDigitValue, digit < radix else { return nil }
      plain.append(character)
      previousWasSeparator = false
    }
    return plain
  }

  /// `word` as a TOML float, or `nil`.
  private static func float(_ word: String) -> Double? {
    var text = Substring(word)
    var negative = false
    if let first = text.first, first == "+" || first == "-" {
      negative = first == "-"
      text = text.dropFirst()
    }
    if text == "inf" { return negative ? -.infinity : .infinity }
    if text == "nan" { return .nan }
    // integer part, then a fraction, an exponent or both.
    let exponentStart = text.firstIndex { $0 == "e" || $0 == "E" }
    let mantissa = exponentStart.map { text[..<$0] } ?? text
    let dot = mantissa.firstIndex(of: ".")
    let integerPart = dot.map { mantissa[..<$0] } ?? mantissa
    guard let integerDigits = withoutSeparators(integerPart, radix: 10),
      integerDigits == "0" || !integerDigits.hasPrefix("0")
    else { return nil }
    var literal = (negative ? "-" : "") + integerDigits
    if let dot {
      guard let fraction = withoutSeparators(mantissa[mantissa.index(after: dot)...], radix: 10) else {
        return nil
      }
      literal += "." + fraction
    }
    if let exponentStart {
      var exponent = text[text.index(after: exponentStart)...]
      var exponentSign = ""
      if let first = exponent.first, first == "+" || first == "-" {
        exponentSign = String(first)
        exponent = exponent.dropFirst()
      }
      guard let digits = withoutSeparators(exponent, radix: 10) else { return nil }
      literal += "e" + exponentSign + digits
    }
    guard dot != nil || exponentStart != nil else { return nil }
    return Double(literal)
  }

  private static func looksLikeDate(_ word: String) -> Bool {
    let scalars = Array(word.unicodeScalars)
    let isDay =
      scalars.count >= 10 && scalars[4] == "-" && scalars[7] == "-"
      && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { ("0"..."9").contains(scalars[$0]) }
    let isTime = scalars.count >= 5 && scalars[2] == ":"
    return isDay || isTime
  }

  // MARK: - Strings

  /// A string on one line: `"…"` with escapes (`quote` is `"`), or `'…'` taken as written.
  private mutating func singleLineString(_ quote: Unicode.Scalar) throws(TOMLError) -> String {
    let escapes = quote == "\""
    advance()
    var text = ""
    while true {
      guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
        let missing = escapes ? "'\"'" : "\"'\""
        throw failure("the string is not closed on its line (a \(missing) is missing)")
      }
      advance()
      if scalar == quote { return text }
      if escapes && scalar == "\\" {
        text.unicodeScalars.append(try escape())
        continue
      }
      try checkAllowed(scalar, newlines: false)
      text.unicodeScalars.append(scalar)
    }
  }

  /// A multi-line string, newlines kept (the first one dropped): `"""…"""` with escapes, where `\`
  /// at a line's end joins lines (`quote` is `"`), or `'''…'''` taken as written.
  private mutating func multilineString(_ quote: Unicode.Scalar) throws(TOMLError) -> String {
    let escapes = quote == "\""
    let openLine = line
    index += 3
    skipFirstNewline()
    var text = ""
    while true {
      guard let scalar = peek() else {
        throw TOMLError(line: openLine, message: "the multi-line string opened here is never closed")
      }
      if scalar == quote, let quotes = closingQuotes(quote) {
        text.unicodeScalars.append(contentsOf: repeatElement(quote, count: quotes - 3))
        index += quotes
        return text
      }
      if escapes && scalar == "\\" {
        advance()
        if try skipLineEndingBackslash() { continue }
        text.unicodeScalars.append(try escape())
        continue
      }
      try appendMultiline(scalar, to: &text)
    }
  }

  /// At a quote: how many quotes close the string here (3 to 5: up to two belong to the text), or
  /// `nil` when fewer than three stand here.
  private func closingQuotes(_ quote: Unicode.Scalar) -> Int? {
    var count = 0
    while index + count < scalars.count, scalars[index + count] == quote { count += 1 }
    guard count >= 3 else { return nil }
    return min(count, 5)
  }

  private mutating func appendMultiline(_ scalar: Unicode.Scalar, to text: inout String) throws(TOMLError) {
    if scalar == "\r" {
      guard index + 1 < scalars.count, scalars[index + 1] == "\n" else {
        throw failure("a carriage return must be followed by a line feed")
      }
      index += 2
      line += 1
      text.unicodeScalars.append("\n")
      return
    }
    try checkAllowed(scalar, newlines: true)
    advance()
    if scalar == "\n" { line += 1 }
    text.unicodeScalars.append(scalar)
  }

  private mutating func skipFirstNewline() {
    if take("\n") {
      line += 1
    } else if lookingAt("\r\n") {
      index += 2
      line += 1
    }
  }

  /// After a `\` in a multi-line basic string: when only spaces follow on the line, skips them, the
  /// line break and every space and line break after it.
  private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
    var probe = index
    while probe < scalars.count, scalars[probe] == " " || scalars[probe] == "\t" { probe += 1 }
    guard probe < scalars.count, scalars[probe] == "\n" || scalars[probe] == "\r" else { return false }
    index = probe
    while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
      if scalar == "\n" { line += 1 }
      advance()
    }
    return true
  }

  /// After a `\`: the escaped scalar.
  private mutating func escape() throws(TOMLError) -> Unicode.Scalar {
    guard let scalar = peek() else { throw failure("the string ends inside an escape") }
    advance()
    switch scalar {
    case "b": return "\u{08}"
    case "t": return "\t"
    case "n": return "\n"
    case "f": return "\u{0C}"
    case "r": return "\r"
    case "e": return "\u{1B}"
    case "\"": return "\""
    case "\\": return "\\"
    case "u", "U":
      let count = scalar == "u" ? 4 : 8
      var hex = ""
      for _ in 0..<count {
        guard let digit = peek(), digit.properties.isASCIIHexDigit else {
          throw failure("\\\(scalar) needs \(count) hexadecimal digits")
        }
        hex.unicodeScalars.append(digit)
        advance()
      }
      guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
        throw failure("\\\(scalar)\(hex) is not a Unicode scalar value")
      }
      return decoded
    default:
      throw failure("\\\(Self.describe(scalar)) is not an escape TOML knows")
    }
  }

  /// Control characters other than tab (and line breaks in multi-line strings) must be escaped.
  private func checkAllowed(_ scalar: Unicode.Scalar, newlines: Bool) throws(TOMLError) {
    let value = scalar.value
    guard (value < 0x20 && value != 0x09 && !(newlines && value == 0x0A)) || value == 0x7F else { return }
    throw failure("control character \(Self.describe(scalar)) in a string; write it as an escape")
  }

  // MARK: - Layout

  /// Spaces, tabs, line breaks and comments.
  private mutating func skipBlankAndComments() {
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

  private mutating func skipSpaces() {
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

  private func peek() -> Unicode.Scalar? {
    index < scalars.count ? scalars[index] : nil
  }

  private mutating func advance() {
    index += 1
  }

  private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard peek() == scalar else { return false }
    index += 1
    return true
  }

  private func lookingAt(_ text: String) -> Bool {
    var position = index
    for scalar in text.unicodeScalars {
      guard position < scalars.count, scalars[position] == scalar else { return false }
      position += 1
    }
    return true
  }

  private func failure(_ message: String) -> TOMLError {
    TOMLError(line: line, message: message)
  }

  /// A scalar for a message: printable ones quoted, others as `U+XXXX`.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format {
      return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
    return "'\(scalar)'"
  }
}

/// A table while it is built.
private final class Node {
  /// How a table came to be: it decides what may reopen it.
  enum Origin {
    /// By its own header (or as an inline table): never defined again.
    case header
    /// As the parent of a header's table (`[a]` for `[a.b]`): its own header may still come.
    case implicit
    /// By a dotted key (`a.b = 1` makes `a`): dotted keys of the same table may add to it.
    case dotted
  }

  enum Slot {
    case value(TOMLValue, line: Int)
    case table(Node)
    case tables([Node])
  }

  let line: Int
  var origin: Origin
  /// How many tables deep it lies (the document: 0).
  let depth: Int
  private(set) var keys: [String] = []
  private(set) var children: [String: Slot] = [:]

  init(line: Int, origin: Origin, depth: Int) {
    self.line = line
    self.origin = origin
    self.depth = depth
  }

  func set(_ key: String, _ slot: Slot) {
    if children[key] == nil { keys.append(key) }
    children[key] = slot
  }

  /// The latest element of the array of tables `key`.
  func lastElement(_ key: String) -> Node? {
    guard case .tables(let elements)? = children[key] else { return nil }
    return elements.last
  }

  /// A new element added to the array of tables `key` without copying the array, or `nil` when
  /// `key` is not an array of tables.
  func appendElement(_ key: String, line: Int) -> Node? {
    guard case .tables? = children[key], case .tables(var elements)? = children.removeValue(forKey: key)
    else {
      return nil
    }
    let element = Node(line: line, origin: .header, depth: depth + 1)
    elements.append(element)
    children[key] = .tables(elements)
    return element
  }

  /// The finished value.
  func table() -> TOMLTable {
    var table = TOMLTable(line: line)
    for key in keys {
      switch children[key] {
      case .value(let value, let line)?:
        table.set(key, value, line: line)
      case .table(let node)?:
        table.set(key, .table(node.table()), line: node.line)
      case .tables(let nodes)?:
        table.set(key, .array(nodes.map { .table($0.table()) }), line: nodes[0].line)
      case nil:
        break
      }
    }
    return table
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
