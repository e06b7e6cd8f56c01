import OurPlanetModel
import Support
import TerminalUI

/// Which keys ask for which command: the declared keys, unless a command is rebound.
///
/// A config's `[keys]` table becomes a keymap with overrides by command name; dispatch and the
/// help read the keys through it, so rebinding replaces this table and nothing else.
package struct Keymap: Equatable, Sendable {
  private let overrides: [String: [Key]]

  /// A keymap where each command named in `overrides` has those keys instead of its own.
  package init(overrides: [String: [Key]] = [:]) {
    self.overrides = overrides
  }

  /// The declared keys.
  package static let standard = Keymap()

  /// The keymap of a config file's `[keys]`: each entry's keys replace its command's.
  ///
  /// Two commands may share a key when no screen has both (``KeyCommand/inForceTogether``: `sort`
  /// is the events screen's, `open-link` the detail's, so `sort = "o"` is fine), or where their
  /// declared keys already share one, as the map's focus decides between `move` and `pan`. Any other
  /// sharing would leave one of them unreachable on a screen that has both.
  ///
  /// - Throws: ``ConfigurationError`` naming the entry's line: a command no screen declares (with
  ///   the closest name), the terminal's own Ctrl-Z, a key name no key has, or a key two commands in
  ///   force together would share.
  package init(configuration: Configuration) throws(ConfigurationError) {
    let file = configuration.file ?? "config"
    let names = KeyCommand.all.map(\.name)
    var overrides: [String: [Key]] = [:]
    var lines: [String: Int] = [:]
    for entry in configuration.keys {
      func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: entry.line, message: "keys: " + message)
      }
      guard let command = KeyCommand.all.first(where: { $0.name == entry.action }) else {
        let hint = Suggestion.closest(to: entry.action, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw fail("no command is called '\(entry.action)'\(hint)")
      }
      guard !command.isTerminal else {
        throw fail(
          "'\(command.name)' is the terminal's own \(KeyCommand.label(command.keys)): it cannot be rebound")
      }
      var keys: [Key] = []
      for name in entry.keys {
        guard let key = Key(name: name) else {
          throw fail(
            "'\(command.name)': no key is called '\(name)' (a character, or a name such as F5, Ctrl-R, "
              + "Up, PgDn, Home, Enter, Esc, Tab, Space)")
        }
        if !keys.contains(key) { keys.append(key) }
      }
      overrides[command.name] = keys
      lines[command.name] = entry.line
    }
    let keymap = Keymap(overrides: overrides)
    // Which commands already share a key as declared: those are never in force against each other.
    var sharing = Set<[String]>()
    for a in KeyCommand.all {
      for b in KeyCommand.all where a.name < b.name && !Set(a.keys).isDisjoint(with: b.keys) {
        sharing.insert([a.name, b.name])
      }
    }
    let groups = KeyCommand.inForceTogether.map { Set($0.map(\.name)) }
    for (index, a) in KeyCommand.all.enumerated() {
      for b in KeyCommand.all[(index + 1)...] where lines[a.name] != nil || lines[b.name] != nil {
        let shared = keymap.keys(for: a).filter(keymap.keys(for: b).contains)
        guard let key = shared.first, !sharing.contains([a.name, b.name].sorted()),
          groups.contains(where: { $0.contains(a.name) && $0.contains(b.name) })
        else { continue }
        let line = max(lines[a.name] ?? 0, lines[b.name] ?? 0)
        throw ConfigurationError(
          file: file, line: line,
          message: "keys: '\(key.description)' would be both '\(a.name)' and '\(b.name)' on one screen")
      }
    }
    self = keymap
  }

  /// Whether `command` has keys of its own from the config.
  package func isRebound(_ command: KeyCommand) -> Bool {
    overrides[command.name] != nil
  }

  /// The keys that ask for `command`.
  package func keys(for command: KeyCommand) -> [Key] {
    overrides[command.name] ?? command.keys
  }

  /// The declared key in the place `key` has among `command`'s keys in force: an action that tells
  /// keys apart (`move`: ↑ up, ↓ down; `zoom`: + in, - out) reads a rebound key as the one it
  /// stands for, so `move = ["w", "s"]` moves up with w and down with s. A key past the declared
  /// ones stands for the last of them.
  func declaredKey(for key: Key, of command: KeyCommand) -> Key {
    guard let keys = overrides[command.name], let index = keys.firstIndex(of: key), !command.keys.isEmpty
    else { return key }
    return command.keys[min(index, command.keys.count - 1)]
  }

  /// The first of `bindings` that `key` asks for (bindings earlier in the list win).
  func binding(for key: Key, in bindings: [Binding]) -> Binding? {
    bindings.first { keys(for: $0.command).contains(key) }
  }

  /// Each of `bindings` with the keys that reach it (a key an earlier binding takes is not listed),
  /// leaving out a binding no key reaches: what the help lists.
  func reachingKeys(in bindings: [Binding]) -> [(command: KeyCommand, keys: [Key])] {
    var taken = Set<Key>()
    var listed = Set<String>()
    var result: [(command: KeyCommand, keys: [Key])] = []
    for binding in bindings {
      let reaching = keys(for: binding.command).filter { !taken.contains($0) }
      taken.formUnion(reaching)
      guard !reaching.isEmpty, listed.insert(binding.command.name).inserted else { continue }
      result.append((binding.command, reaching))
    }
    return result
  }
}
