// Declaration table: every command of `ourplanet`, one entry each.

extension CommandDeclaration {
  /// Every command, in the order `--help` and the manual page list them; the terminal UI first.
  static let all: [CommandDeclaration] = [
    CommandDeclaration(
      name: "", options: .interactive, form: .plain { $0.command = .interactive },
      synopsis: [.optional([.placeholder("options")])], summary: "start the terminal UI"),
    CommandDeclaration(
      name: "categories", options: .categories, form: .plain { $0.command = .categories },
      synopsis: [.optional([.literal("--json")]), .optional([.placeholder("options")])],
      summary: "each category and its event count"),
    CommandDeclaration(
      name: "events", options: .events,
      form: .argument("a category id", example: "wildfires,floods", completion: .categories) { options, id in
        options.command = .events(categoryID: id)
        return true
      },
      synopsis: [
        .argument("category-id[,...]|all"), .optional([.literal("--format"), .argument("FORMAT")]),
        .optional([.placeholder("options")]),
      ],
      summary: "a category's events (several, or every category's: each event once), newest first"),
    CommandDeclaration(
      name: "sources", options: .sources, form: .plain { $0.command = .sources },
      synopsis: [.optional([.literal("--json")]), .optional([.placeholder("options")])],
      summary: "EONET's sources, each with the number of events that cite it"),
    CommandDeclaration(
      name: "watch", options: .watch, form: .plain { $0.command = .watch },
      synopsis: [
        .optional([.literal("--interval"), .argument("D")]), .optional([.literal("--json")]),
        .optional([.literal("--bell")]), .optional([.placeholder("options")]),
        .optional([.literal("--exec"), .argument("CMD"), .optional([.argument("ARG")]), .literal("...")]),
      ],
      summary: "print each new, updated or closed event as it happens"),
    CommandDeclaration(
      name: "image", options: .image,
      form: .argument("an event id", example: "EONET_6187", completion: .none) { options, id in
        options.command = .image(eventID: id)
        return true
      },
      synopsis: [
        .argument("event-id"), .optional([.literal("--layer"), .argument("L")]),
        .optional([.literal("--date"), .argument("D")]), .literal("--output"), .argument("FILE.png"),
        .optional([.placeholder("options")]),
      ],
      summary:
        "an event's satellite image, as GIBS sends it (exit status 1 with the reason when there is none)"),
    CommandDeclaration(
      name: "config", options: nil, form: .plain { $0.command = .config },
      synopsis: [.optional([.placeholder("options")])],
      summary: "every setting in force and where it came from, then the places and the keys"),
    CommandDeclaration(
      name: "completions", options: nil,
      form: .argument(
        "a shell: bash, zsh or fish", example: "bash",
        completion: .oneOf(ShellCompletion.allCases.map(\.rawValue))
      ) { options, word in
        guard let subject = CompletionsCommand.subject(word) else { return false }
        options.command = .completions(subject)
        return true
      },
      synopsis: [.argument("bash|zsh|fish")], summary: "a shell completion script, made from the options"),
    // Not listed: the manual page's roff source (`make install` runs it), the README's generated
    // tables (`make docs` runs it) and `help` for `--help`.
    CommandDeclaration(
      name: "manual", options: nil, form: .plain { $0.command = .manual }, synopsis: [], summary: nil),
    CommandDeclaration(
      name: "docs", options: nil,
      form: .argument(
        "a table: " + Manual.ReadmeTable.allCases.map(\.rawValue).joined(separator: ", "), example: "keys",
        completion: .none
      ) { options, word in
        guard let table = Manual.ReadmeTable(rawValue: word) else { return false }
        options.command = .docs(table)
        return true
      },
      synopsis: [], summary: nil),
    CommandDeclaration(
      name: "help", options: nil, form: .plain { $0.help = true }, synopsis: [], summary: nil),
  ]
}
