import Foundation

/// Everything the command line says, shared by the UI and the script commands.
struct Options: Equatable {
  /// What to run.
  enum Command: Equatable {
    /// The terminal UI (no subcommand).
    case interactive
    /// `ourplanet categories`.
    case categories
    /// `ourplanet events <category-id>`.
    case events(categoryID: String)
    /// `ourplanet manual` (not in the help): prints the manual page's roff source.
    case manual
  }

  /// Default for `--days`.
  static let defaultDays = 360

  var command: Command = .interactive
  /// `--json`: machine-readable output (script commands only).
  var json = false
  /// `--api URL`, else `$OURPLANET_API`, else the public API.
  var api: URL?
  /// `--days N`.
  var days: Int = defaultDays
  /// `--cache-dir DIR`.
  var cacheDirectory: URL?
  /// `--offline`: cache, else the bundled snapshot; no network.
  var offline = false
  /// `--no-color` or a non-empty `NO_COLOR`.
  var noColor = false
  /// `--log FILE` (the UI's log).
  var logFile: URL?
  /// `--help`.
  var help = false
  /// `--version`.
  var version = false
}
