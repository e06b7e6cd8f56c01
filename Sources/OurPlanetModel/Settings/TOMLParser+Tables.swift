/// Where a value goes: `[headers]` and `[[arrays of tables]]`, `key = value` pairs and the (dotted)
/// keys they name, checked against what the document already defined.
extension TOMLParser {
  /// `[a.b]` or `[[a.b]]`.
  mutating func header() throws(TOMLError) {
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
  mutating func keyValue(into table: Node) throws(TOMLError) {
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

  func tooDeep(_ line: Int) -> TOMLError {
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

  static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
    default: false
    }
  }
}
