import TerminalUI

/// Everything a user can learn about `ourplanet` without reading the source, in one value.
///
/// `ourplanet --help` (``helpText``) and the manual page (``roffPage``, printed by the hidden
/// `ourplanet manual` command that `make install` runs) are both rendered from it, and its
/// ``options`` are the declarations the command line parser reads, so the help, the page and the
/// parser cannot disagree. The content itself is ``ourplanet``.
///
/// Prose may mark literal text (an option, a path, a command) with backticks: the manual page sets
/// it in bold, the help prints it plain.
///
/// ```swift
/// print(Manual.ourplanet.helpText)
/// ```
struct Manual: Sendable {
  /// One word of a synopsis line.
  enum Word: Sendable, Equatable {
    /// Typed as is: `categories`, `--json`.
    case literal(String)
    /// A value the user supplies: `<category-id>` in the help, italic on the page.
    case argument(String)
    /// Stands for more words described elsewhere: `options`.
    case placeholder(String)
    /// Words that may be left out: `[--json]`.
    case optional([Word])
  }

  /// One way to run the program.
  struct Command: Sendable {
    /// The words after the program name.
    var words: [Word]
    /// What it does, in a few words.
    var summary: String
  }

  /// A name and what it means: an environment variable, a file, an example command.
  struct Entry: Sendable {
    /// The variable, the path or the command line.
    var term: String
    /// What it is or does.
    var summary: String
  }

  /// An exit status and when the program returns it.
  struct ExitStatus: Sendable {
    var status: Int32
    var meaning: String
  }

  /// The program's name, as typed.
  var name: String
  /// The version `--version` prints.
  var version: String
  /// The date of this version of the page (`YYYY-MM-DD`).
  var date: String
  /// What the program is, in one line (the page's NAME).
  var summary: String
  /// Paragraphs that introduce the program.
  var description: [String]
  /// The ways to run it.
  var commands: [Command]
  /// Its options: the declarations the parser reads (``Options/declarations``).
  var options: [OptionDeclaration]
  /// The config file: what it is, its sections, precedence (paragraphs).
  var configuration: [String]
  /// The config file's entries: every option's key (from ``options``) and the sections.
  var configurationEntries: [Entry]
  /// The terminal UI's keys.
  var keys: [HelpEntry]
  /// The environment variables it reads.
  var environment: [Entry]
  /// The fields of an event in every output (`--json`, CSV, GeoJSON, `watch`, `--exec`).
  var eventFields: [Entry]
  /// The files it reads and writes.
  var files: [Entry]
  /// Its exit statuses.
  var exitStatuses: [ExitStatus]
  /// Command lines worth trying, each with what it shows.
  var examples: [Entry]
  /// Related pages, as `name(section)`.
  var seeAlso: [String]

  /// A piece of prose: plain text or a literal marked with backticks.
  struct Span: Equatable {
    var text: Substring
    var isLiteral: Bool

    /// Splits `prose` at its backticks; an unpaired backtick stays plain text.
    ///
    /// ```swift
    /// Manual.Span.split("see `--days`")  // [("see ", plain), ("--days", literal)]
    /// ```
    static func split(_ prose: String) -> [Span] {
      var spans: [Span] = []
      var rest = prose[...]
      while let open = rest.firstIndex(of: "`"),
        let close = rest[rest.index(after: open)...].firstIndex(of: "`")
      {
        if open > rest.startIndex { spans.append(Span(text: rest[..<open], isLiteral: false)) }
        spans.append(Span(text: rest[rest.index(after: open)..<close], isLiteral: true))
        rest = rest[rest.index(after: close)...]
      }
      if !rest.isEmpty { spans.append(Span(text: rest, isLiteral: false)) }
      return spans
    }

    /// `prose` without its backticks, as the help prints it.
    static func plain(_ prose: String) -> String {
      split(prose).map { String($0.text) }.joined()
    }
  }
}
