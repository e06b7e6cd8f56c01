import OurPlanetModel

extension Manual {
  /// A table of the README that `make docs` writes from the declarations (the hidden `ourplanet
  /// docs commands|keys|environment|alert-keys` prints it), so the README cannot drift from them.
  enum ReadmeTable: String, CaseIterable, Sendable {
    /// The commands, each with its synopsis (``Manual/commands``).
    case commands
    /// The terminal UI's keys (``Manual/keys``).
    case keys
    /// The environment variables (``Manual/environment``).
    case environment
    /// The keys of an `[[alert]]` table (`AlertRules.keyDeclarations`).
    case alertKeys = "alert-keys"
  }

  /// `table` as a Markdown table, one row per declaration, ending in a newline.
  func markdown(_ table: ReadmeTable) -> String {
    let rows: [(String, String)]
    let header: (String, String)
    switch table {
    case .commands:
      header = ("command", "what it does")
      rows = commands.map { ("`\(synopsis(of: $0))`", $0.summary) }
    case .keys:
      header = ("keys", "what they do")
      rows = keys.map { ($0.keys, $0.action) }
    case .environment:
      header = ("environment", "effect")
      rows = environment.map { ("`\($0.term)`", $0.summary) }
    case .alertKeys:
      header = ("key", "value and meaning")
      rows = AlertRules.keyDeclarations.map { ("`\($0.name)`", "\($0.type.phrase): \($0.meaning)") }
    }
    func cell(_ text: String) -> String {
      text.replacingOccurrences(of: "|", with: "\\|")
    }
    let lines =
      ["| \(header.0) | \(header.1) |", "| --- | --- |"] + rows.map { "| \(cell($0.0)) | \(cell($0.1)) |" }
    return lines.joined(separator: "\n") + "\n"
  }
}
