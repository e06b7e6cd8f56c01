import Foundation

/// The three per-user folders the app keeps files in, found the XDG Base Directory way: one rule for
/// config, cache and state.
///
/// ```swift
/// let cache = XDGFolder.cache.url(environment: ProcessInfo.processInfo.environment)
/// // $XDG_CACHE_HOME/ourplanet, else ~/.cache/ourplanet
/// ```
package enum XDGFolder: String, CaseIterable, Sendable {
  /// `$XDG_CONFIG_HOME/ourplanet`, else `~/.config/ourplanet`: what the user writes.
  case config
  /// `$XDG_CACHE_HOME/ourplanet`, else `~/.cache/ourplanet`: what can be downloaded again.
  case cache
  /// `$XDG_STATE_HOME/ourplanet`, else `~/.local/state/ourplanet`: what the app remembers.
  case state

  /// The environment variable that names the folder's parent.
  package var variable: String {
    switch self {
    case .config: "XDG_CONFIG_HOME"
    case .cache: "XDG_CACHE_HOME"
    case .state: "XDG_STATE_HOME"
    }
  }

  /// The parent's place under the home folder when the variable is unset.
  package var homeRelativeDefault: String {
    switch self {
    case .config: ".config"
    case .cache: ".cache"
    case .state: ".local/state"
    }
  }

  /// The app's folder of this kind.
  ///
  /// The spec says a relative (or empty) value is invalid and must be ignored, so only an absolute
  /// path counts. Without one, the parent is under `HOME` (an empty `HOME` counts as unset), else the
  /// account's home folder.
  ///
  /// - Parameter environment: The process environment (injectable for tests).
  /// - Returns: The folder; nothing is created.
  package func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    Self.base(variable, default: homeRelativeDefault, environment: environment)
      .appendingPathComponent("ourplanet", isDirectory: true)
  }

  /// An XDG base folder: `variable`'s value when it is an absolute path, else `homeRelative` under
  /// ``home(environment:)`` (also for the base folders that are not the app's, such as
  /// `XDG_DATA_HOME`, `.local/share`).
  package static func base(_ variable: String, default homeRelative: String, environment: [String: String])
    -> URL
  {
    if let value = environment[variable], value.hasPrefix("/") {
      return URL(fileURLWithPath: value, isDirectory: true)
    }
    return home(environment: environment).appendingPathComponent(homeRelative, isDirectory: true)
  }

  /// `HOME` (an empty one counts as unset), else the account's home folder.
  package static func home(environment: [String: String]) -> URL {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
  }
}
