import Foundation
import OurPlanetModel
import OurPlanetUI

/// `ourplanet config`: every setting in force and where it came from, the way `git config
/// --show-origin` shows them, then the places, the keys in force and the alert rules.
///
/// The output is itself a valid config file: each setting is a TOML line and its origin a comment
/// (`days = 30  # /home/me/.config/ourplanet/config.toml:1`), so a user can start a config from it.
enum ConfigCommand {
  /// Prints the settings of `options`.
  ///
  /// - Returns: The exit status: 0.
  static func run(_ options: Options) -> Int32 {
    for problem in options.rememberedProblems { Console.error("warning: \(problem)") }
    Console.writeNow(text(options))
    return 0
  }

  /// The listing: settings, then `[places]`, then `[keys]`, then each `[[alert]]` rule as the file
  /// wrote it, its header carrying the line it starts on.
  static func text(_ options: Options) -> String {
    var lines: [(text: String, origin: String)] = []
    for declaration in Options.declarations {
      guard let key = declaration.configKey, let current = declaration.current else { continue }
      let origin = options.origins[key]?.description ?? "default"
      if let value = current(options) {
        lines.append(("\(key) = \(toml(value))", origin))
      } else {
        lines.append(("# \(key) is not set", origin))
      }
    }
    var text =
      "# in force: the command line, else the environment, else the config file, else what the terminal UI "
      + "remembered, else the default\n"
    text += columns(lines)
    text += "\n[places]\n"
    text += columns(
      options.configuration.places.map { place in
        (
          "\(place.name) = \(toml(.string(place.text)))",
          "\(options.configuration.file ?? "config"):\(place.line)"
        )
      })
    text += "\n[keys]\n"
    text += columns(
      KeyCommand.all.map { command in
        let names = options.keymap.keys(for: command).map { TOMLValue.string($0.description) }
        let line = options.configuration.keys.last { $0.action == command.name }?.line
        // The terminal's own key is listed as a comment: a config may not rebind it, and the
        // listing must read back as a config.
        return (
          (command.isTerminal ? "# " : "")
            + "\(command.name) = \(toml(names.count == 1 ? names[0] : .array(names)))",
          command.isTerminal
            ? "the terminal's own"
            : line.map { "\(options.configuration.file ?? "config"):\($0)" } ?? "default"
        )
      })
    for rule in options.configuration.alerts {
      text += "\n" + columns([("[[alert]]", "\(options.configuration.file ?? "config"):\(rule.line)")])
      text += rule.keys.compactMap { key in rule[key].map { Console.line("\(key) = \(toml($0))") + "\n" } }
        .joined()
    }
    return text
  }

  /// `lines` with their origins as comments in one column.
  private static func columns(_ lines: [(text: String, origin: String)]) -> String {
    let width = lines.map(\.text.count).max() ?? 0
    return lines.map { line in
      Console.line(line.text.padding(toLength: width, withPad: " ", startingAt: 0) + "  # " + line.origin)
        + "\n"
    }.joined()
  }

  /// `value` as TOML writes it (TOMLValue's one writer).
  static func toml(_ value: TOMLValue) -> String {
    value.tomlText
  }
}
