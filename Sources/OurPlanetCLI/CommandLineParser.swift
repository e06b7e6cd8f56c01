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
    if case .docs = options.command { return options }
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
    // Units and source ids are checked against the lists of the cache folder the command uses:
    // know it before any value is stored.
    options.cacheDirectory = try cacheFolder(given, configuration: options.configuration)
    do {
      options.keymap = try Keymap(configuration: options.configuration)
    } catch {
      throw UsageError(error.description)
    }
    let onCommandLine = Set(given.map(\.declaration.setting))
    do {
      options.alerts = try AlertRules.parse(
        options.configuration.alerts,
        places: Dictionary(options.configuration.places.map { ($0.name, $0.region) }) { first, _ in first },
        file: options.configuration.file ?? "config")
    } catch {
      throw UsageError(error.description)
    }
    try applySettings(of: options.configuration, to: &options, except: onCommandLine)
    for variable in EnvironmentVariable.all {
      guard let setting = variable.setting, !onCommandLine.contains(setting.key),
        let value = environment[variable.name], !value.isEmpty
      else { continue }
      try setting.apply(&options, value, variable.name)
      options.origins[setting.key] = .environment(variable.name)
    }
    for option in given where option.declaration.configKey != nil {
      try store(option, in: &options)
      options.origins[option.declaration.key] = .commandLine(option.name)
    }
    try reconcile(&options)
    restoreRemembered(in: &options)
    return options
  }

  /// An option as the command line gives it: its spelling, its declaration and its words.
  struct GivenOption {
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
  func store(_ option: GivenOption, in options: inout Options) throws(UsageError) {
    switch option.declaration.value {
    case .flag(let set): set(&options)
    case .one(_, let store): try store(&options, option.words[0])
    case .rest(_, let store): try store(&options, option.words)
    }
  }

  /// Records the command the first word names (``CommandDeclaration/all``) with the word it takes.
  private func assignCommand(_ positionals: [String], to options: inout Options) throws(UsageError) {
    guard let word = positionals.first else { return }
    guard let command = CommandDeclaration.named(word) else { throw UsageError("unknown command '\(word)'") }
    var rest = positionals.dropFirst()
    switch command.form {
    case .plain(let store):
      store(&options)
    case .argument(let what, _, _, let store):
      guard let argument = rest.popFirst(), !argument.isEmpty, store(&options, argument) else {
        throw UsageError("'\(word)' needs \(what)")
      }
    }
    if let extra = rest.first {
      let used = positionals.prefix(positionals.count - rest.count).joined(separator: " ")
      throw UsageError("unexpected argument '\(extra)' after '\(used)'")
    }
  }
}
