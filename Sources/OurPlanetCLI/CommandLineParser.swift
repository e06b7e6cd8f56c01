import Foundation
import OurPlanet

/// Turns `argv` into ``Options``. Hand-written: no dependencies.
///
/// Options may come before or after the subcommand, as `--name value` or `--name=value`;
/// `--` ends the options.
struct CommandLineParser {
  let environment: [String: String]

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  /// Parses the arguments after the program name.
  ///
  /// Each option is looked up in ``Options/declarations``, which parses and stores its value; an
  /// option the command does not take is bad usage.
  ///
  /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for anything that is not a valid command line.
  func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var positionals: [String] = []
    var given: [(name: String, declaration: OptionDeclaration)] = []
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
      given.append((name, declaration))
      switch declaration.value {
      case .flag(let set):
        guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
        set(&options)
      case .rest(_, let store):
        try store(&options, (inlineValue.map { [$0] } ?? []) + arguments[index...])
        index = arguments.count
      case .one(_, let store):
        if let inlineValue {
          try store(&options, inlineValue)
        } else if index < arguments.count {
          index += 1
          try store(&options, arguments[index - 1])
        } else {
          throw UsageError("option '\(name)' needs a value")
        }
      }
    }
    if options.help || options.version { return options }
    try assignCommand(positionals, to: &options)
    // The page is the same whatever the environment says (`make install` runs this).
    guard let command = options.command.name else { return options }
    for (name, declaration) in given where !declaration.commands.contains(command) {
      throw UsageError(
        command == .interactive
          ? "\(name) needs a command: \(declaration.commandList)"
          : "\(name) is not an option of '\(command.rawValue)': it is for \(declaration.commandList)")
    }
    if options.json {
      if let format = options.format, format != .json {
        throw UsageError("--json and --format \(format.rawValue) ask for two formats")
      }
      options.format = .json
    }
    options.json = options.format == .json
    if let format = options.format, format != .json, !options.command.isEvents {
      throw UsageError(
        "--format \(format.rawValue) is for 'events'; 'categories' and 'watch' print json or text")
    }
    if options.sort == .distance, options.region?.centre == nil {
      throw UsageError("--sort distance needs a point to measure from: --near LAT,LON[,KM]")
    }
    if options.api == nil, let fallback = environment["OURPLANET_API"], !fallback.isEmpty {
      options.api = try Options.apiURL(fallback, from: "OURPLANET_API")
    }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { options.noColor = true }
    return options
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
    case "watch":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'watch'") }
      options.command = .watch
    case "help":
      options.help = true
    case "manual":
      if let extra = rest.first { throw UsageError("unexpected argument '\(extra)' after 'manual'") }
      options.command = .manual
    default:
      throw UsageError("unknown command '\(command)'")
    }
  }
}
