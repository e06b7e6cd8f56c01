import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import Support
import TerminalUI

/// How the declarations (``Options/declarations``) find each other by name and read their values.
extension Options {
  /// The declaration of the option spelled `name` (`--days`, `-h`), if there is one.
  static func declaration(named name: String) -> OptionDeclaration? {
    declarationsByName[name]
  }

  private static let declarationsByName: [String: OptionDeclaration] = {
    var byName: [String: OptionDeclaration] = [:]
    for declaration in declarations {
      for name in declaration.names {
        precondition(
          byName.updateValue(declaration, forKey: name) == nil, "option '\(name)' is declared twice")
      }
    }
    return byName
  }()

  /// Stores the region `parse` reads, or the config's place `text` names; `--near` and `--bbox`
  /// share the one region.
  static func setRegion(
    _ options: inout Options, _ text: String, from option: String, _ parse: () throws(RegionError) -> Region
  ) throws(UsageError) {
    guard options.region == nil else { throw UsageError("give one region: --near or --bbox, once") }
    if let place = options.configuration.place(named: text) {
      options.region = place.region
      options.regionText = Options.RegionText(text: text, box: option == "--bbox")
      return
    }
    if Configuration.Place.isName(text) {
      let places = options.configuration.places.map(\.name)
      let hint = Suggestion.closest(to: text, in: places).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(
        "\(option): '\(text)' is no place\(hint); "
          + (places.isEmpty
            ? "the config file names none ([places] in \(options.configuration.file ?? "config.toml"))"
            : "the places are \(places.joined(separator: ", "))"))
    }
    do {
      options.region = try parse()
      options.regionText = Options.RegionText(text: text, box: option == "--bbox")
    } catch {
      throw UsageError(error.description)
    }
  }

  /// Stores `--imagery`'s value (or its config key's, or `$OURPLANET_IMAGERY`'s): `off`, or an
  /// http(s) URL.
  static func setImagery(_ options: inout Options, _ text: String, from source: String) throws(UsageError) {
    if text.lowercased() == "off" {
      options.imageryOff = true
      options.imagery = nil
      return
    }
    options.imageryOff = false
    options.imagery = try apiURL(text, from: source)
  }

  /// `seconds` as a duration option writes it: `10m`, `1h`, `90s`.
  static func durationText(_ seconds: Int) -> String {
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return "\(seconds)s"
  }

  /// The raw values of `cases` as a message lists them: `date, magnitude, title, distance`.
  static func words<Value: RawRepresentable<String>>(_ cases: [Value]) -> String {
    cases.map(\.rawValue).joined(separator: ", ")
  }

  /// `text` as the API root, named `source` in the message when it is not an http(s) URL.
  static func apiURL(_ text: String, from source: String) throws(UsageError) -> URL {
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

  static func days(_ text: String) throws(UsageError) -> Int {
    let range = EventWindow.dayRange
    guard let days = Int(text), range.contains(days) else {
      throw UsageError(
        "--days: '\(text)' is not a whole number of days from \(range.lowerBound) to \(range.upperBound)")
    }
    return days
  }
}
