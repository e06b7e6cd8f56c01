import Foundation
import OurPlanetModel
import OurPlanetUI
import Support

/// Turns `argv` into ``Options``. Hand-written: no dependencies.
///
/// Options may come before or after the subcommand, as `--name value` or `--name=value`;
/// `--` ends the options.
struct CommandLineParser {
  let environment: [String: String]
  /// The config file read without `--config` (it need not exist), or `nil` for none.
  let defaultConfigurationPath: String?
  /// The state folder's file of what the terminal UI remembers (``RememberedSettings``), or `nil`
  /// for none.
  let rememberedSettingsPath: String?

  /// A parser for a process with `environment`, whose default config file is
  /// `$XDG_CONFIG_HOME/ourplanet/config.toml`, else under `$HOME/.config`, and whose remembered
  /// settings are in `$XDG_STATE_HOME/ourplanet`, else under `$HOME/.local/state` (neither when the
  /// environment names no such folder, as tests give it).
  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    func known(_ variable: String) -> Bool {
      [variable, "HOME"].contains { environment[$0]?.hasPrefix("/") == true }
    }
    self.init(
      environment: environment,
      defaultConfigurationPath: known("XDG_CONFIG_HOME")
        ? XDGFolder.config.url(environment: environment).appendingPathComponent("config.toml").path : nil,
      rememberedSettingsPath: known("XDG_STATE_HOME")
        ? XDGFolder.state.url(environment: environment).appendingPathComponent(RememberedSettings.fileName)
          .path
        : nil)
  }

  /// A parser for a process with `environment` whose default config file is
  /// `defaultConfigurationPath` and whose remembered settings are at `rememberedSettingsPath`.
  init(
    environment: [String: String], defaultConfigurationPath: String?, rememberedSettingsPath: String? = nil
  ) {
    self.environment = environment
    self.defaultConfigurationPath = defaultConfigurationPath
    self.rememberedSettingsPath = rememberedSettingsPath
  }

  /// Parses the arguments after the program name, under the config file and the environment.
  ///
  /// Each option is looked up in ``Options/declarations``, which parses and stores its value; an
  /// option the command does not take is bad usage. The config file (`--config FILE`, else the
  /// default one unless `--no-config`) sets options the same way, through the same declarations;
  /// the environment overrides it and the command line overrides both. A config setting for an
  /// option the command does not take is left for the commands that do.
  ///
  /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
  /// - Returns: The options, with the origin of each setting that is not a default.
  /// - Throws: ``UsageError`` for anything that is not a valid command line or config file.
  func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    let (given, positionals) = try Self.split(arguments)
    for option in given
    where option.declaration.names.contains("--help") || option.declaration.names.contains("-V") {
      try store(option, in: &options)
    }
    if options.help || options.version { return options }
    try assignCommand(positionals, to: &options)
    // The page is the same whatever the environment and the config say (`make install` runs this).
    if options.command == .manual { return options }
    if let command = options.command.name {
      for option in given where !option.declaration.commands.contains(command) {
        throw UsageError(
          command == .interactive
            ? "\(option.name) needs a command: \(option.declaration.commandList)"
            : "\(option.name) is not an option of '\(command.rawValue)': it is for \(option.declaration.commandList)"
        )
      }
    }
    for option in given where option.declaration.configKey == nil { try store(option, in: &options) }
    options.configuration = try configuration(options)
    options.configurationPath = options.noConfig ? nil : options.configFile ?? defaultConfigurationPath
    do {
      options.keymap = try Keymap(configuration: options.configuration)
    } catch {
      throw UsageError(error.description)
    }
    let onCommandLine = Set(given.map(\.declaration.setting))
    let file = options.configuration.file ?? "config"
    do {
      options.alerts = try AlertRules.parse(
        options.configuration.alerts,
        places: Dictionary(options.configuration.places.map { ($0.name, $0.region) }) { first, _ in first },
        file: file)
    } catch {
      throw UsageError(error.description)
    }
    for setting in options.configuration.settings {
      guard let declaration = Options.declaration(named: "--" + setting.key) else { continue }
      // Every setting is checked, also one the command line hides or another command takes:
      // nothing in the file goes unread.
      var checked = Options()
      checked.configuration = options.configuration
      do {
        try declaration.store(setting.value, in: &checked)
      } catch {
        throw UsageError("\(file):\(setting.line): \(error)")
      }
      guard !onCommandLine.contains(declaration.setting),
        options.command.name.map(declaration.commands.contains) ?? true
      else { continue }
      do {
        try declaration.store(setting.value, in: &options)
      } catch {
        throw UsageError("\(file):\(setting.line): \(error)")
      }
      options.origins[declaration.key] = .file(file, line: setting.line)
    }
    for (key, variable, apply) in Self.environmentVariables where !onCommandLine.contains(key) {
      guard let value = environment[variable], !value.isEmpty else { continue }
      try apply(&options, value, variable)
      options.origins[key] = .environment(variable)
    }
    for option in given where option.declaration.configKey != nil {
      try store(option, in: &options)
      options.origins[option.declaration.key] = .commandLine(option.name)
    }
    if options.json {
      if let format = options.format, format != .json {
        throw UsageError("--json and --format \(format.rawValue) ask for two formats")
      }
      options.format = .json
    }
    options.json = options.format == .json
    // A config's `format = "csv"` is for `events`; the other commands keep their text.
    if case .file = options.origins["format"], options.format != .json, options.command.name != nil,
      !options.command.isEvents
    {
      options.format = nil
    }
    if let format = options.format, format != .json, options.command.name != nil, !options.command.isEvents {
      throw UsageError(
        "--format \(format.rawValue) is for 'events'; 'categories', 'sources' and 'watch' print json or text")
    }
    // `--days` and `--from` on the command line contradict each other; a config file's `days` gives
    // way to a `--from` given, and its `from` to a `--days` given.
    let commandLine = { (key: String) in
      if case .commandLine = options.origins[key] { return true }
      return false
    }
    if commandLine("days"), options.from != nil, !commandLine("from") {
      options.from = nil
      options.to = nil
    }
    try options.checkScope(daysBesideFrom: commandLine("days") && commandLine("from"))
    if options.sort == .distance, options.region?.centre == nil {
      throw UsageError("--sort distance needs a point to measure from: --near LAT,LON[,KM]")
    }
    restoreRemembered(in: &options)
    return options
  }

  /// Reads what the terminal UI remembered (for the UI and for `config`, which shows it) and, unless
  /// `--fresh`, takes each setting nothing stronger set: the command line, the environment and the
  /// config file all come first. A remembered value that no longer fits (a place the config lost,
  /// nearest first without a point) is left out with a message, never an error: the user did not
  /// type it.
  private func restoreRemembered(in options: inout Options) {
    guard options.command == .interactive || options.command == .config, let path = rememberedSettingsPath
    else { return }
    let url = URL(fileURLWithPath: path)
    let file = StateFile<RememberedSettings>(
      name: url.lastPathComponent, directory: url.deletingLastPathComponent(),
      maximumSize: RememberedSettings.maximumFileSize)
    let (remembered, problem) = SettingsMemory.read(file)
    options.remembered = remembered
    options.rememberedFile = path
    if let problem { options.rememberedProblems.append(problem) }
    guard !options.fresh else { return }
    let origin = SettingOrigin.remembered(path)
    if let days = remembered.days, options.origins["days"] == nil {
      options.days = days
      options.origins["days"] = origin
    }
    if let text = remembered.region, options.origins["near"] == nil, options.origins["bbox"] == nil {
      if let place = options.configuration.place(named: text) {
        let box = place.region.centre == nil
        options.region = place.region
        options.regionText = Options.RegionText(text: text, box: box)
        options.origins[box ? "bbox" : "near"] = origin
      } else if let region = try? Configuration.Place.region(parsing: text) {
        let box = region.centre == nil
        options.region = region
        options.regionText = Options.RegionText(
          text: box ? String(text.dropFirst("bbox:".count)) : text, box: box)
        options.origins[box ? "bbox" : "near"] = origin
      } else {
        options.rememberedProblems.append(
          "the remembered region '\(text)' is no place of the config any more: showing the whole world")
      }
    }
    if let sort = remembered.sort, options.origins["sort"] == nil,
      sort != .distance || options.region?.centre != nil
    {
      options.sort = sort
      options.origins["sort"] = origin
    }
  }

  /// The variables that stand for an option when the command line does not give it, by config
  /// key: they override the config file.
  /// The settings a variable can give: the option's key, the variable, and how its (non-empty) value
  /// is stored.
  static let environmentVariables:
    [(
      key: String, variable: String,
      apply: @Sendable (inout Options, String, String) throws(UsageError) -> Void
    )] = [
      (
        "api", "OURPLANET_API",
        { options, value, variable throws(UsageError) in
          options.api = try Options.apiURL(value, from: variable)
        }
      ),
      (
        "imagery", "OURPLANET_IMAGERY",
        { options, value, variable throws(UsageError) in
          try Options.setImagery(&options, value, from: variable)
        }
      ),
      // Any non-empty value, as https://no-color.org asks.
      ("no-color", "NO_COLOR", { options, _, _ in options.noColor = true }),
    ]

  /// An option as the command line gives it: its spelling, its declaration and its words.
  private struct GivenOption {
    var name: String
    var declaration: OptionDeclaration
    var words: [String]
  }

  /// The options (in order) and the other words of `arguments`, nothing stored yet.
  private static func split(_ arguments: [String]) throws(UsageError) -> ([GivenOption], [String]) {
    var given: [GivenOption] = []
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let declaration = Options.declaration(named: name) else {
        throw UsageError("unknown option '\(argument)'")
      }
      switch declaration.value {
      case .flag:
        guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
        given.append(GivenOption(name: name, declaration: declaration, words: []))
      case .rest:
        given.append(
          GivenOption(
            name: name, declaration: declaration,
            words: (inlineValue.map { [$0] } ?? []) + arguments[index...]))
        index = arguments.count
      case .one:
        if let inlineValue {
          given.append(GivenOption(name: name, declaration: declaration, words: [inlineValue]))
        } else if index < arguments.count {
          index += 1
          given.append(GivenOption(name: name, declaration: declaration, words: [arguments[index - 1]]))
        } else {
          throw UsageError("option '\(name)' needs a value")
        }
      }
    }
    return (given, positionals)
  }

  /// Stores `option` through its declaration.
  private func store(_ option: GivenOption, in options: inout Options) throws(UsageError) {
    switch option.declaration.value {
    case .flag(let set): set(&options)
    case .one(_, let store): try store(&options, option.words[0])
    case .rest(_, let store): try store(&options, option.words)
    }
  }

  /// The config file `options` ask for: `--config FILE` (which must exist), none with
  /// `--no-config`, else the default file when there is one.
  private func configuration(_ options: Options) throws(UsageError) -> Configuration {
    if options.noConfig {
      guard options.configFile == nil else { throw UsageError("give --config FILE or --no-config, not both") }
      return .none
    }
    guard let path = options.configFile ?? defaultConfigurationPath else { return .none }
    do {
      return try Configuration.read(
        path: path, optionKeys: Options.declarations.compactMap(\.configKey),
        missingIsFine: options.configFile == nil) ?? .none
    } catch {
      throw UsageError(error.description)
    }
  }

  private func assignCommand(_ positionals: [String], to options: inout Options) throws(UsageError) {
    guard let command = positionals.first else { return }
    let rest = positionals.dropFirst()
    switch command {
    case "categories":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'categories'") }
      options.command = .categories
    case "events":
      guard let id = rest.first, !id.isEmpty else { throw UsageError("'events' needs a category id") }
      if rest.count > 1 {
        throw UsageError("unexpected argument '\(rest.dropFirst().first!)' after 'events \(id)'")
      }
      options.command = .events(categoryID: id)
    case "sources":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'sources'") }
      options.command = .sources
    case "watch":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'watch'") }
      options.command = .watch
    case "image":
      guard let id = rest.first, !id.isEmpty else { throw UsageError("'image' needs an event id") }
      if rest.count > 1 {
        throw UsageError("unexpected argument '\(rest.dropFirst().first!)' after 'image \(id)'")
      }
      options.command = .image(eventID: id)
    case "help":
      options.help = true
    case "completions":
      guard let word = rest.first, let subject = CompletionsCommand.subject(word) else {
        throw UsageError("'completions' needs a shell: bash, zsh or fish")
      }
      if rest.count > 1 {
        throw UsageError("unexpected argument '\(rest.dropFirst().first!)' after 'completions \(word)'")
      }
      options.command = .completions(subject)
    case "config":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'config'") }
      options.command = .config
    case "manual":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'manual'") }
      options.command = .manual
    default:
      throw UsageError("unknown command '\(command)'")
    }
  }
}
