/// One command of `ourplanet`, declared once: its name, the word it takes, its synopsis and what it
/// does.
///
/// The parser, the completion scripts, `--help` and the manual page all read
/// ``CommandDeclaration/all``, so none of them can know a command the others do not: a new command is
/// an entry there, plus a case of ``Options/Command`` and its branch in ``CLI/run(_:environment:)``
/// for what runs.
///
/// ```swift
/// CommandDeclaration(
///   name: "sources", options: .sources, synopsis: [.optional([.literal("--json")])],
///   summary: "EONET's sources") { $0.command = .sources }
/// ```
struct CommandDeclaration: Sendable {
  /// What a command takes after its name.
  enum Form: Sendable {
    /// Nothing: `store` records the command.
    case plain(store: @Sendable (inout Options) -> Void)
    /// One word, never empty, `what` in a message (`a category id`), completed as `completion`
    /// says; `store` records the command it makes, or returns `false` for a word the command refuses. `example`
    /// is a word it takes (the tests parse it).
    case argument(
      String, example: String, completion: ArgumentCompletion,
      store: @Sendable (inout Options, String) -> Bool)
  }

  /// How a shell completes a command's word.
  enum ArgumentCompletion: Sendable, Equatable {
    /// Nothing to offer (an event id).
    case none
    /// One of these words.
    case oneOf([String])
    /// `all` or a comma-separated list of category ids (`ourplanet completions categories`).
    case categories
  }

  /// The word that runs it (`events`); empty for the terminal UI, which is no word at all.
  var name: String
  /// The option scope it checks options against (``OptionDeclaration/commands``), or `nil` for a
  /// command that takes any option (`config` shows them, `manual` ignores them).
  var options: Options.CommandName?
  /// What it takes after its name.
  var form: Form
  /// The words after the name, as the help and the page write them (`<category-id> [--json]`).
  var synopsis: [Manual.Word]
  /// What it does, in a few words; `nil` for a command no list shows (`manual`, `help`).
  var summary: String?

  /// The synopsis with the name first: what follows the program's name.
  var words: [Manual.Word] {
    (name.isEmpty ? [] : [.literal(name)]) + synopsis
  }

  /// Whether the help, the page and the completion scripts list it.
  var isListed: Bool {
    summary != nil
  }

  /// The command named `word`, if any (the terminal UI has no word).
  static func named(_ word: String) -> CommandDeclaration? {
    word.isEmpty ? nil : all.first { $0.name == word }
  }

  /// The commands a user types, in the order the help lists them (the terminal UI left out).
  static var typed: [CommandDeclaration] {
    all.filter { $0.isListed && !$0.name.isEmpty }
  }
}
