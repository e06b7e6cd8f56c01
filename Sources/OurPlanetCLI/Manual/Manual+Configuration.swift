import OurPlanetModel

extension Manual {
  /// The paragraphs of `ourplanet`'s CONFIGURATION: the file, its keys, precedence, errors.
  static let ourplanetConfiguration: [String] = [
    """
    `ourplanet` reads `$XDG_CONFIG_HOME/ourplanet/config.toml` (else \
    `~/.config/ourplanet/config.toml`), or the file `--config` names; `--no-config` reads none. A \
    missing default file is fine; a missing `--config` file is bad usage. The file is TOML 1.0 \
    (comments with `#`, strings, integers, floats, booleans, arrays, tables, arrays of tables).
    """,
    """
    Each top-level key is a long option without its dashes, with the value the command line \
    takes, checked by the same code: a string, or a number for a number (`days = 30`, \
    `refresh-interval = "5m"`); `true` for an option without a value (`offline = true`); an array \
    of strings for `exec`. A setting for an option of another command waits for that command. \
    Precedence, strongest first: the command line, then the environment \
    (\(EnvironmentVariable.all.filter { $0.setting != nil }.map { "`\($0.name)`" }.joined(separator: ", "))), then the config file, then what the terminal UI remembered of the last run (the \
    days, the order and the region; `--fresh` leaves it out), then the default. `ourplanet config` \
    prints every setting in force, each with where it came from (`--days`, `$OURPLANET_API`, \
    `config.toml:3`, the remembered file, `default`), then the places, the keys in force and the \
    alert rules, each with its line; its output is itself a valid config file.
    """,
    """
    A config file that cannot be used is bad usage (exit status 2) and runs nothing: the message \
    names the file and line, as in `config.toml:2: unknown key 'dayz' (did you mean 'days'?)`: an \
    unknown key or section, a value of the wrong type or one the option refuses, a place that is no \
    region, an unknown command or key name in `[keys]`, a key given to two commands in force \
    together. Nothing in the file is silently ignored.
    """,
  ]

  /// The config file's entries: a key for each option the file takes (from the declarations),
  /// then its sections.
  static let ourplanetConfigurationEntries: [Entry] =
    Options.declarations.compactMap { declaration in
      guard let key = declaration.configKey else { return nil }
      let value =
        switch declaration.value {
        case .flag: "true"
        case .one(let name, _): "\"\(name)\""
        case .rest(let name, _): "[\"" + name.split(separator: " ").first.map(String.init)! + "\", ...]"
        }
      return Entry(
        term: "\(key) = \(value)", summary: "as `\(declaration.names.last!)`: \(declaration.summary)")
    } + [
      Entry(
        term: "[places]",
        summary: """
          named regions, `NAME = "LAT,LON[,KM]"` (a point and a radius, 500 km unless given) or \
          `NAME = "bbox:MINLON,MINLAT,MAXLON,MAXLAT"` (a box); a name is letters, digits, `-` and `_`, \
          starting with a letter. `--near NAME` and `--bbox NAME` (and `near = "NAME"` here) take \
          them; a name that is no place and no coordinates is bad usage listing the places. `p` in the \
          terminal UI filters by one, and the map's `f` saves the view as a new one (see FILES)
          """),
      Entry(
        term: "[keys]",
        summary: """
          `COMMAND = "KEY"` or `COMMAND = ["KEY", ...]` replaces the terminal UI's keys of a command \
          (the names of KEYS below: `quit`, `refresh`, `next-new`...). A key is a character or a name \
          as the help writes it: `F5`, `Ctrl-R`, `Up`, `PgDn`, `Home`, `End`, `Enter`, `Esc`, `Tab`, \
          `Space`, `Shift-Left`. Two commands may share a key when no screen has both (`sort = "o"`: \
          `o` opens links only in the detail), or where their own keys already share one (the map's \
          focus decides between `move` and `pan`); the help (`?`) shows the keys in force
          """),
      Entry(
        term: "[[alert]]",
        summary:
          "an alert rule for `watch` and the terminal UI; each `[[alert]]` table is one rule, with these keys"
      ),
    ]
    + AlertRules.keyDeclarations.map {
      Entry(term: "[[alert]] \($0.name)", summary: "\($0.type.phrase): \($0.meaning)")
    }
}
