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

  /// Options that take a value, as the manual lists them (so `--help` cannot list an option this
  /// parser does not know, nor miss one it does).
  private static let valued = Set(Manual.ourplanet.options.filter { $0.argument != nil }.flatMap(\.names))
  /// Options that are flags, as the manual lists them.
  private static let flags = Set(Manual.ourplanet.options.filter { $0.argument == nil }.flatMap(\.names))

  /// Parses the arguments after the program name.
  ///
  /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` for anything that is not a valid command line.
  func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
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
      if Self.flags.contains(name) {
        guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
        switch name {
        case "--json": options.json = true
        case "--bell": options.bell = true
        case "--exec-quiet": options.execQuiet = true
        case "--no-mouse": options.noMouse = true
        case "--offline": options.offline = true
        case "--no-color": options.noColor = true
        case "--help", "-h": options.help = true
        case "--version", "-V": options.version = true
        default: preconditionFailure("the manual lists the flag '\(name)' but the parser does not handle it")
        }
        continue
      }
      guard Self.valued.contains(name) else { throw UsageError("unknown option '\(argument)'") }
      if name == "--exec" {
        // The rest of the line is the program and its arguments, as `find -exec` and `watch` have it.
        let command = (inlineValue.map { [$0] } ?? []) + arguments[index...]
        guard let program = command.first, !program.isEmpty else {
          throw UsageError("--exec needs a program to run")
        }
        options.exec = Array(command)
        index = arguments.count
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("option '\(name)' needs a value")
      }
      switch name {
      case "--api":
        options.api = try Self.apiURL(value, from: "--api")
      case "--days":
        options.days = try Self.days(value)
      case "--cache-dir":
        guard !value.isEmpty else { throw UsageError("--cache-dir needs a folder") }
        options.cacheDirectory = URL(fileURLWithPath: value, isDirectory: true)
      case "--near", "--bbox":
        guard options.region == nil else { throw UsageError("give one region: --near or --bbox, once") }
        do {
          options.region = name == "--near" ? try Region.near(parsing: value) : try Region.box(parsing: value)
        } catch {
          throw UsageError(error.description)
        }
      case "--sort":
        guard let sort = EventSort(rawValue: value.lowercased()) else {
          throw UsageError("--sort: '\(value)' is not one of date, magnitude, title, distance")
        }
        options.sort = sort
      case "--format":
        guard let format = EventExport.Format(rawValue: value.lowercased()) else {
          throw UsageError("--format: '\(value)' is not one of json, csv, geojson")
        }
        options.format = format
      case "--refresh-interval":
        options.refreshInterval = value == "off" ? nil : try Self.duration(value, for: name)
      case "--interval":
        options.interval = try Self.duration(value, for: name)
      case "--exec-timeout":
        options.execTimeout = try Self.duration(value, for: name)
      case "--log":
        guard !value.isEmpty else { throw UsageError("--log needs a file") }
        options.logFile = URL(fileURLWithPath: value)
      default:
        preconditionFailure("the manual lists the option '\(name)' but the parser does not handle it")
      }
    }
    if options.help || options.version { return options }
    try assignCommand(positionals, to: &options)
    // The page is the same whatever the environment says (`make install` runs this).
    if options.command == .manual { return options }
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
    if options.json, options.command == .interactive {
      throw UsageError("--json needs a command: 'categories', 'events <category-id>' or 'watch'")
    }
    if options.command != .watch, options.bell || options.exec != nil || options.execQuiet {
      throw UsageError("--bell and --exec are options of 'watch'")
    }
    if options.api == nil, let fallback = environment["OURPLANET_API"], !fallback.isEmpty {
      options.api = try Self.apiURL(fallback, from: "OURPLANET_API")
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

  private static func apiURL(_ text: String, from source: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw UsageError("\(source): '\(text)' is not an http(s) URL") }
    return url
  }

  /// `30s`, `10m`, `1h`, `1d` or plain seconds, at least one second.
  static func duration(_ text: String, for option: String) throws(UsageError) -> Int {
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    var digits = Substring(text)
    var scale = 1
    if let last = digits.last, let unit = units[last] {
      scale = unit
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 1,
      value <= Int(Int32.max) / scale
    else {
      throw UsageError(
        "\(option): '\(text)' is not a duration such as 30s, 10m, 1h or a number of seconds (1 s at least)")
    }
    return value * scale
  }

  private static func days(_ text: String) throws(UsageError) -> Int {
    guard let days = Int(text), (1...36_500).contains(days) else {
      throw UsageError("--days: '\(text)' is not a whole number of days from 1 to 36500")
    }
    return days
  }
}
