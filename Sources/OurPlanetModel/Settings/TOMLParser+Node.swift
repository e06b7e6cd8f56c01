extension TOMLParser {
  /// A table while it is built.
  final class Node {
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
}
