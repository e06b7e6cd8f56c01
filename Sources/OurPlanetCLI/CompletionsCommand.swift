import EONETKit
import Foundation
import OurPlanetModel

/// `ourplanet completions bash|zsh|fish`: prints a completion script; `ourplanet completions
/// places|categories|sources` prints the words the scripts ask for as the user types (one a line).
enum CompletionsCommand {
  /// What `completions` prints.
  enum Subject: Equatable {
    /// A shell's script.
    case script(ShellCompletion)
    /// The names of the config's places.
    case places
    /// The category ids: the cache's, else the bundled snapshot's (never the network).
    case categories
    /// EONET's source ids, as `--source` checks them: the cached list, else the bundled one.
    case sources
  }

  /// The subject `word` names, if any.
  static func subject(_ word: String) -> Subject? {
    if let shell = ShellCompletion(rawValue: word) { return .script(shell) }
    switch word {
    case "places": return .places
    case "categories": return .categories
    case "sources": return .sources
    default: return nil
    }
  }

  /// Prints what `subject` asks for.
  ///
  /// - Returns: The exit status: 0 (no words is still a success: a shell shows none).
  static func run(_ subject: Subject, options: Options) -> Int32 {
    switch subject {
    case .script(let shell):
      Console.writeNow(shell.script)
    case .places:
      Console.writeNow(options.configuration.places.map { Console.line($0.name) + "\n" }.joined())
    case .categories:
      var offline = options
      offline.offline = true
      let client = CLI.makeClient(offline) { _ in }
      if case .success(let fetched?) = waitForLast(client.localCategories()) {
        Console.writeNow(fetched.value.map { Console.line($0.id) + "\n" }.joined())
      }
    case .sources:
      Console.writeNow(KnownLists.in(options.cacheDirectory).sources.map { Console.line($0) + "\n" }.joined())
    }
    return 0
  }
}
