extension Manual {
  /// The width `--help` wraps its text to.
  static let helpWidth = 80

  /// What `ourplanet --help` prints: the synopsis, options, keys, environment, files and exit
  /// statuses, each as an aligned two-column table wrapped to ``helpWidth`` columns.
  var helpText: String {
    var lines = ["\(name) \(version) — \(Span.plain(summary))"]
    func section(_ title: String, _ rows: [(String, String)], termWidth: Int = 20) {
      lines.append("")
      lines.append(title + ":")
      lines += Self.table(rows.map { ($0.0, Span.plain($0.1)) }, termWidth: termWidth)
    }
    section("Usage", commands.map { (synopsis(of: $0), $0.summary) }, termWidth: 40)
    section("Options", options.map { ($0.label, $0.summary) })
    section("Keys in the terminal UI", keys.map { ($0.keys, $0.action) })
    section("Environment", environment.map { ($0.term, $0.summary) })
    section("Files", files.map { ($0.term, $0.summary) })
    section("Exit status", exitStatuses.map { (String($0.status), $0.meaning) }, termWidth: 1)
    lines.append("")
    lines.append("The manual page has more: man \(name) (after make install),")
    lines.append("or without installing: \(name) manual | man -l -")
    return lines.joined(separator: "\n")
  }

  /// A command line as the help writes it: `ourplanet events <category-id> [--json] [options]`.
  func synopsis(of command: Command) -> String {
    func text(_ word: Word) -> String {
      switch word {
      case .literal(let literal): literal
      case .argument(let argument): "<\(argument)>"
      case .placeholder(let placeholder): placeholder
      case .optional(let words): "[" + words.map(text).joined(separator: " ") + "]"
      }
    }
    return ([name] + command.words.map(text)).joined(separator: " ")
  }

  /// Two aligned columns, indented by two: the terms, then their summaries wrapped to ``helpWidth``.
  ///
  /// The summaries start two columns after the widest term, or after `termWidth` columns if a term
  /// is wider; a wider term has its summary on the next line.
  private static func table(_ rows: [(term: String, summary: String)], termWidth: Int) -> [String] {
    let indent = "  "
    let column = indent.count + min(termWidth, rows.map(\.term.count).max() ?? 0) + 2
    var lines: [String] = []
    for row in rows {
      let summary = wrap(row.summary, width: max(20, helpWidth - column))
      var first = indent + row.term
      if first.count + 2 > column {
        lines.append(first)
        first = ""
      }
      for (index, part) in summary.enumerated() {
        let lead = index == 0 ? first : ""
        lines.append(lead + String(repeating: " ", count: column - lead.count) + part)
      }
    }
    return lines
  }

  /// `text` in lines of at most `width` characters, broken at spaces (a longer word keeps its own line).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
