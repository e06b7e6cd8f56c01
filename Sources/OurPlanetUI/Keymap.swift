import TerminalUI

/// Which keys ask for which command: the declared keys, unless a command is rebound.
///
/// A config's `[keys]` table becomes a keymap with overrides by command name; dispatch and the
/// help read the keys through it, so rebinding replaces this table and nothing else.
public struct Keymap: Sendable {
  private let overrides: [String: [Key]]

  /// A keymap where each command named in `overrides` has those keys instead of its own.
  public init(overrides: [String: [Key]] = [:]) {
    self.overrides = overrides
  }

  /// The declared keys.
  public static let standard = Keymap()

  /// The keys that ask for `command`.
  public func keys(for command: KeyCommand) -> [Key] {
    overrides[command.name] ?? command.keys
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
