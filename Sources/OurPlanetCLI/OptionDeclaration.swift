import OurPlanetModel

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
    /// Coordinates, or the name of a place of the config's `[places]`.
    case place
    /// EONET's source ids (`ourplanet completions sources`), as a comma-separated list.
    case sources
  }

  /// Its spellings, short first: `["-h", "--help"]`.
  var names: [String]
  /// What it takes after its name.
  var value: Value
  /// What it does, for the help and the manual page (backticks mark literals).
  var summary: String
  /// The commands that take it.
  var commands: Set<Options.CommandName> = Set(Options.CommandName.allCases)
  /// The commands whose completion offers it (`nil`: ``commands``): `--format` is taken by
  /// `categories`, `sources` and `watch` only as `--format json`, which `--json` says better.
  var offeredTo: Set<Options.CommandName>? = nil
  /// How a shell completes its value.
  var completion: Completion = .none
  /// A use of it as the manual would show one, the option's own words only: `["--days", "30"]`.
  var example: [String]
  /// Options that store into the same setting (`--near` and `--bbox` set the region): one given on
  /// the command line hides the config file's settings of all of them. `nil`: the option alone.
  var group: String? = nil
  /// Whether the config file may set it (`days = 30`); not `--help`, `--version`, `--config`.
  var inConfig = true
  /// Its effective value in `options`, as the config file would write it, or `nil` when unset;
  /// what `ourplanet config` prints.
  var current: (@Sendable (Options) -> TOMLValue?)? = nil

  /// Its long name without the dashes: the key that sets it in the config file (`refresh-interval`).
  var key: String {
    String(names.last!.drop { $0 == "-" })
  }

  /// The config key, if the config file may set it.
  var configKey: String? {
    inConfig ? key : nil
  }

  /// The settings it shares (``group``, else its own key).
  var setting: String {
    group ?? key
  }

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

extension OptionDeclaration {
  /// Stores a config file's value through the same parse as the command line: a flag takes a
  /// boolean (`false` leaves it off), an option with a value takes a string, or a number written as
  /// its text (`days = 30` is `--days 30`), and the rest of a line takes an array of strings.
  ///
  /// - Throws: ``UsageError`` for a value of the wrong type or one the option refuses.
  func store(_ value: TOMLValue, in options: inout Options) throws(UsageError) {
    switch (self.value, value) {
    case (.flag(let set), .boolean(let on)):
      if on { set(&options) }
    case (.one(_, let store), .string(let text)):
      try store(&options, text)
    case (.one(_, let store), .integer(let number)):
      try store(&options, String(number))
    case (.one(_, let store), .float(let number)):
      try store(&options, String(number))
    case (.rest(_, let store), .array(let values)):
      var words: [String] = []
      for value in values {
        guard case .string(let word) = value else { throw wrongType(value) }
        words.append(word)
      }
      try store(&options, words)
    default:
      throw wrongType(value)
    }
  }

  /// What the config file should have written, for a value of another type.
  private func wrongType(_ value: TOMLValue) -> UsageError {
    let expected =
      switch self.value {
      case .flag: "true or false"
      case .one: "a string or a number"
      case .rest: "an array of strings"
      }
    return UsageError("\(key): expected \(expected), found \(value.typeName)")
  }
}
