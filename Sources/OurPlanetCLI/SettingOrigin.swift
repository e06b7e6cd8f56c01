/// Where a setting in force came from, as `ourplanet config` shows it (the way `git config
/// --show-origin` does).
///
/// Precedence, strongest first: the command line, the environment, the config file, what the
/// terminal UI remembered, the default.
enum SettingOrigin: Equatable, CustomStringConvertible {
  /// An option on the command line (`--days`).
  case commandLine(String)
  /// An environment variable (`OURPLANET_API`).
  case environment(String)
  /// A line of the config file.
  case file(String, line: Int)
  /// The state folder's file of what the terminal UI remembered.
  case remembered(String)

  var description: String {
    switch self {
    case .commandLine(let name): name
    case .environment(let variable): "$" + variable
    case .file(let path, let line): "\(path):\(line)"
    case .remembered(let path): path
    }
  }
}
