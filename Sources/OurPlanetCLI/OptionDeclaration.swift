/// One command-line option, declared once: its names, its value, its help, which commands take it,
/// how a shell completes it, and how its value is parsed and stored in ``Options``.
///
/// The parser, `--help`, the manual page (and shell completions) all read ``Options/declarations``,
/// so none of them can know an option the others do not.
///
/// ```swift
/// OptionDeclaration(
///   names: ["--days"], value: .one("N") { options, text in options.days = try days(text) },
///   summary: "only events of the last N days", example: ["--days", "30"])
/// ```
struct OptionDeclaration: Sendable {
  /// What an option takes after its name.
  enum Value: Sendable {
    /// Nothing: a flag, which `set` turns on.
    case flag(set: @Sendable (inout Options) -> Void)
    /// One value, named `name` in the help (`--days N`); `store` parses and stores it, or throws
    /// the message that says what is wrong with it.
    case one(String, store: @Sendable (inout Options, String) throws(UsageError) -> Void)
    /// The rest of the command line, as `find -exec` takes it (`--exec CMD [ARG...]`).
    case rest(String, store: @Sendable (inout Options, [String]) throws(UsageError) -> Void)
  }

  /// How a shell completes an option's value.
  enum Completion: Sendable, Equatable {
    /// Nothing to offer: a number, a duration, a URL, coordinates.
    case none
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// A program on `PATH`.
    case executable
    /// One of these words.
    case oneOf([String])
  }

  /// Its spellings, short first: `["-h", "--help"]`.
  var names: [String]
  /// What it takes after its name.
  var value: Value
  /// What it does, for the help and the manual page (backticks mark literals).
  var summary: String
  /// The commands that take it.
  var commands: Set<Options.CommandName> = Set(Options.CommandName.allCases)
  /// How a shell completes its value.
  var completion: Completion = .none
  /// A use of it as the manual would show one, the option's own words only: `["--days", "30"]`.
  var example: [String]

  /// The name of its value (`URL`, `CMD [ARG...]`), or `nil` for a flag.
  var valueName: String? {
    switch value {
    case .flag: nil
    case .one(let name, _), .rest(let name, _): name
    }
  }

  /// The names and the value as the help shows them: `--cache-dir DIR`, `-h, --help`.
  var label: String {
    names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
  }

  /// The commands that take it, as a message names them: `'watch'`, `the terminal UI or 'events'`.
  var commandList: String {
    let words = Options.CommandName.allCases.filter(commands.contains).map(\.described)
    guard let last = words.last else { return "no command" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }
}
