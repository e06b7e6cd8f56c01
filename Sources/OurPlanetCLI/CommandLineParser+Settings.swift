import Foundation
import OurPlanetModel
import Support

/// The parser's passes after the command line is split: the config file, the cache folder, the
/// checks across options, and what the terminal UI remembered.
extension CommandLineParser {
  /// Stores the settings of `configuration` (the file `options` read) that the command takes and
  /// the command line does not give (`except`: their ``OptionDeclaration/setting``s), each with its
  /// origin. Every setting is checked, also one the command line hides or another command takes:
  /// nothing in the file goes unread.
  ///
  /// - Throws: ``UsageError`` naming the file and line of a value the option refuses.
  func applySettings(
    of configuration: Configuration, to options: inout Options, except onCommandLine: Set<String>
  ) throws(UsageError) {
    let file = configuration.file ?? "config"
    for setting in configuration.settings {
      guard let declaration = Options.declaration(named: "--" + setting.key) else { continue }
      var checked = Options()
      checked.configuration = configuration
      checked.cacheDirectory = options.cacheDirectory
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
  }

  /// The checks and settlements across options once all are stored: `--json` beside `--format`, a
  /// format for another command than `events`, `--days` beside `--from`, `--sort distance`
  /// without a point.
  func reconcile(_ options: inout Options) throws(UsageError) {
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
    let origins = options.origins
    let commandLine = { (key: String) in
      if case .commandLine = origins[key] { return true }
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
  }

  /// The cache folder `--cache-dir` names, else the config file's `cache-dir`, else `nil` (the
  /// default folder). A bad value in the file is left for the settings' own check to report.
  func cacheFolder(_ given: [GivenOption], configuration: Configuration) throws(UsageError) -> URL? {
    var scratch = Options()
    if let option = given.last(where: { $0.declaration.key == "cache-dir" }) {
      try store(option, in: &scratch)
    } else if let setting = configuration.settings.last(where: { $0.key == "cache-dir" }),
      let declaration = Options.declaration(named: "--cache-dir")
    {
      try? declaration.store(setting.value, in: &scratch)
    }
    return scratch.cacheDirectory
  }

  /// The config file `options` ask for: `--config FILE` (which must exist), none with
  /// `--no-config`, else the default file when there is one.
  func configuration(_ options: Options) throws(UsageError) -> Configuration {
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

  /// Reads what the terminal UI remembered (for the UI and for `config`, which shows it) and, unless
  /// `--fresh`, takes each setting nothing stronger set: the command line, the environment and the
  /// config file all come first. A remembered value that no longer fits (a place the config lost,
  /// nearest first without a point) is left out with a message, never an error: the user did not
  /// type it.
  func restoreRemembered(in options: inout Options) {
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
}
