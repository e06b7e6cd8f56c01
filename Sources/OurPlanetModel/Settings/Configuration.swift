import Foundation
import Support

/// The config file, read and checked: the option settings, the named places, the rebound keys and
/// the alert rules, each with the line that set it.
///
/// The file (`$XDG_CONFIG_HOME/ourplanet/config.toml`) is TOML. Its top-level keys are the long
/// options of the command line without their dashes (`days = 30`); the module that declares the
/// options says which names exist (`optionKeys`) and parses their values, so a key here is checked
/// by the same code as the option. `[places]` names regions, `[keys]` rebinds commands (checked
/// against the screens' bindings by the UI), and each `[[alert]]` table is a rule (checked by the
/// alert rules). Whatever the file has that none of these takes is an error naming its line.
///
/// ```swift
/// let configuration = try Configuration.parse(
///   "days = 30\n[places]\nhome = \"29.76,-95.37,300\"\n", file: "config.toml", optionKeys: ["days"])
/// configuration.settings[0].key           // "days"
/// configuration.place(named: "home")?.region  // .near(29.76°N 95.37°W, 300 km)
/// ```
package struct Configuration: Equatable, Sendable {
  /// One top-level key: an option's setting, its value as the file writes it.
  package struct Setting: Equatable, Sendable {
    /// The option's long name without dashes (`days`, `refresh-interval`).
    package var key: String
    /// The value as written; the option's declaration turns it into the option's text.
    package var value: TOMLValue
    /// The 1-based line that set it.
    package var line: Int

    package init(key: String, value: TOMLValue, line: Int) {
      self.key = key
      self.value = value
      self.line = line
    }
  }

  /// A named region of `[places]`: `home = "29.76,-95.37,300"` or `coast = "bbox:-98,25,-88,31"`.
  package struct Place: Equatable, Sendable {
    /// The name `--near`, `--bbox` and alert rules use.
    package var name: String
    /// Where it is.
    package var region: Region
    /// The value as the file writes it (`29.76,-95.37,300`), for listings.
    package var text: String
    /// The 1-based line that set it.
    package var line: Int

    package init(name: String, region: Region, text: String, line: Int) {
      self.name = name
      self.region = region
      self.text = text
      self.line = line
    }
  }

  /// One entry of `[keys]`: the keys (by name, as the file writes them) that replace a command's.
  package struct KeyBinding: Equatable, Sendable {
    /// The command's name (`quit`, `refresh`).
    package var action: String
    /// The key names (`Q`, `F5`, `Ctrl-R`), checked by the UI, which knows the keys.
    package var keys: [String]
    /// The 1-based line that set it.
    package var line: Int

    package init(action: String, keys: [String], line: Int) {
      self.action = action
      self.keys = keys
      self.line = line
    }
  }

  /// The sections the file may have besides option keys.
  package static let sections = ["places", "keys", "alert"]

  /// The file as messages and origins name it (its path), or `nil` without a file.
  package var file: String?
  /// The option settings, in file order.
  package var settings: [Setting] = []
  /// The named places, in file order.
  package var places: [Place] = []
  /// The rebound commands, in file order.
  package var keys: [KeyBinding] = []
  /// Each `[[alert]]` table as written, in file order; the alert rules check them.
  package var alerts: [TOMLTable] = []

  /// No file: nothing set.
  package static let none = Configuration()

  package init(
    file: String? = nil, settings: [Setting] = [], places: [Place] = [], keys: [KeyBinding] = [],
    alerts: [TOMLTable] = []
  ) {
    self.file = file
    self.settings = settings
    self.places = places
    self.keys = keys
    self.alerts = alerts
  }

  /// The place called `name`, if the file names one.
  package func place(named name: String) -> Place? {
    places.first { $0.name == name }
  }

  /// The setting of option `key`, if the file sets it.
  package func setting(_ key: String) -> Setting? {
    settings.first { $0.key == key }
  }

  /// The largest config file read or edited: far more than any config needs.
  package static let maximumFileSize = 1 << 20

  /// Reads the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file; messages name it as given.
  ///   - optionKeys: The top-level keys that are options (long names without dashes).
  /// - Returns: The configuration, or `nil` when `path` does not exist and `missingIsFine` (the
  ///   default file need not be there).
  /// - Throws: ``ConfigurationError`` when the file cannot be read or is not a valid config.
  package static func read(path: String, optionKeys: [String], missingIsFine: Bool) throws(ConfigurationError)
    -> Configuration?
  {
    // Bounded and non-blocking: `--config /dev/zero` is refused at the cap, a FIFO at once; a
    // character device is read (`--config /dev/null`).
    let data: Data
    do throws(BoundedFile.Failure) {
      data = try BoundedFile.read(path, limit: maximumFileSize, allowingCharacterDevices: true)
    } catch {
      if error == .missing, missingIsFine { return nil }
      throw ConfigurationError(file: path, line: nil, message: error.description)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError(file: path, line: nil, message: "is not UTF-8 text")
    }
    return try parse(text, file: path, optionKeys: optionKeys)
  }

  /// Parses a config file's text.
  ///
  /// - Parameters:
  ///   - text: The TOML.
  ///   - file: How messages name the file.
  ///   - optionKeys: The top-level keys that are options (long names without dashes).
  /// - Throws: ``ConfigurationError`` for the first mistake: TOML that does not parse, an unknown
  ///   key or section (with the closest known name), a section of the wrong shape, a place that is
  ///   not a region, a `[keys]` entry that is not a key name or a list of them.
  package static func parse(_ text: String, file: String, optionKeys: [String]) throws(ConfigurationError)
    -> Configuration
  {
    let root: TOMLTable
    do {
      root = try TOML.parse(text)
    } catch {
      throw ConfigurationError(file: file, line: error.line, message: error.message)
    }
    var configuration = Configuration(file: file)
    let known = Set(optionKeys)
    for key in root.keys {
      guard let entry = root.entry(key) else { continue }
      func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: line(of: entry), message: message)
      }
      switch key {
      case "places":
        configuration.places = try places(in: section(entry, key, fail), file: file)
      case "keys":
        configuration.keys = try keyBindings(in: section(entry, key, fail), file: file)
      case "alert":
        guard case .array(let values) = entry.value else {
          throw fail("'alert' is a list of rules: write each as [[alert]]")
        }
        for value in values {
          guard case .table(let table) = value else {
            throw fail("'alert' is a list of rules: write each as [[alert]]")
          }
          configuration.alerts.append(table)
        }
      default:
        guard known.contains(key) else {
          let hint = Suggestion.closest(to: key, in: optionKeys + sections).map { " (did you mean '\($0)'?)" }
          throw fail(
            "unknown \(entry.value.isTable ? "section" : "key") '\(key)'\(hint ?? "")")
        }
        configuration.settings.append(Setting(key: key, value: entry.value, line: entry.line))
      }
    }
    return configuration
  }

  /// The line to name for `entry`: a table's header line, else the key's.
  private static func line(of entry: TOMLTable.Entry) -> Int {
    if case .table(let table) = entry.value, table.line > 0 { return table.line }
    return entry.line
  }

  /// `entry` as a table (a `[name]` section), else the error `fail` makes.
  private static func section(
    _ entry: TOMLTable.Entry, _ name: String, _ fail: (String) -> ConfigurationError
  ) throws(ConfigurationError) -> TOMLTable {
    guard case .table(let table) = entry.value else {
      throw fail("'\(name)' is a section: write [\(name)] and its entries below it")
    }
    return table
  }

  private static func places(in table: TOMLTable, file: String) throws(ConfigurationError) -> [Place] {
    var places: [Place] = []
    for name in table.keys {
      guard let entry = table.entry(name) else { continue }
      let fail = { (message: String) in ConfigurationError(file: file, line: entry.line, message: message) }
      guard case .string(let text) = entry.value else {
        throw fail(
          "place '\(name)': expected a string \"LAT,LON[,KM]\" or \"bbox:W,S,E,N\", found \(entry.value.typeName)"
        )
      }
      guard Place.isName(name) else {
        throw fail("place '\(name)': a name is letters, digits, '-' and '_', starting with a letter")
      }
      do {
        places.append(
          Place(name: name, region: try Place.region(parsing: text), text: text, line: entry.line))
      } catch {
        throw fail("place '\(name)': \(error.description)")
      }
    }
    return places
  }

  private static func keyBindings(in table: TOMLTable, file: String) throws(ConfigurationError)
    -> [KeyBinding]
  {
    var bindings: [KeyBinding] = []
    for action in table.keys {
      guard let entry = table.entry(action) else { continue }
      let fail = ConfigurationError(
        file: file, line: entry.line,
        message: "keys: '\(action)': expected a key name or a list of them (\"Q\", [\"r\", \"F5\"]), "
          + "found \(entry.value.typeName)")
      var names: [String] = []
      switch entry.value {
      case .string(let name): names = [name]
      case .array(let values):
        for value in values {
          guard case .string(let name) = value else { throw fail }
          names.append(name)
        }
        guard !names.isEmpty else {
          throw ConfigurationError(
            file: file, line: entry.line, message: "keys: '\(action)': give at least one key")
        }
      default: throw fail
      }
      bindings.append(KeyBinding(action: action, keys: names, line: entry.line))
    }
    return bindings
  }
}

extension Configuration.Place {
  /// Whether `text` can name a place: it must not be mistaken for coordinates.
  package static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, CharacterSet.letters.contains(first) else { return false }
    return text.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_"
    }
  }

  /// A place's value: `LAT,LON[,KM]` (as `--near` takes) or `bbox:W,S,E,N` (as `--bbox` takes).
  package static func region(parsing text: String) throws(RegionError) -> Region {
    let prefix = "bbox:"
    if text.lowercased().hasPrefix(prefix) {
      return try Region.box(parsing: String(text.dropFirst(prefix.count)))
    }
    return try Region.near(parsing: text)
  }

  /// `region` as a place's value, the form ``region(parsing:)`` reads back: `LAT,LON,KM` or
  /// `bbox:W,S,E,N`, in degrees to four decimals (about 10 m), trailing zeros dropped.
  ///
  /// ```swift
  /// Configuration.Place.text(for: .box(minLongitude: -98, minLatitude: 25.5, maxLongitude: -88, maxLatitude: 31))
  /// // "bbox:-98,25.5,-88,31"
  /// ```
  package static func text(for region: Region) -> String {
    switch region {
    case .near(let centre, let radius):
      return [centre.latitude, centre.longitude, radius].map(number).joined(separator: ",")
    case .box(let west, let south, let east, let north):
      return "bbox:" + [west, south, east, north].map(number).joined(separator: ",")
    }
  }

  /// `value` to four decimals without trailing zeros (`-98`, `25.5`, `0.1235`).
  private static func number(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}

extension TOMLValue {
  /// Whether this is a table (a section, for messages).
  fileprivate var isTable: Bool {
    if case .table = self { return true }
    return false
  }
}

/// A config file that cannot be used: the file, the line when there is one, and what is wrong.
///
/// The command line reports it as bad usage (exit 2): `config.toml:3: unknown key 'dayz' (did you
/// mean 'days'?)`.
package struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as given.
  package let file: String
  /// The 1-based line, or `nil` for the file as a whole (missing, unreadable).
  package let line: Int?
  /// What is wrong, in words.
  package let message: String

  package init(file: String, line: Int?, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  package var description: String {
    "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
  }
}
