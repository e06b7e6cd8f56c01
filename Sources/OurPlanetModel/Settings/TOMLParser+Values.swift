/// Values: what the first scalar says a value is, and the arrays and inline tables that hold others.
extension TOMLParser {

  mutating func value() throws(TOMLError) -> TOMLValue {
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
}
