import EONETKit
import Foundation
import OurPlanetModel
import Support

extension WatchCommand {
  /// The programs `watch` runs: `--exec`'s, each rule's `exec`, and `notify-send` when a rule
  /// notifies, found on `PATH` before the first look.
  struct Programs {
    var exec: (program: String, arguments: [String])?
    var rules: [String: (program: String, arguments: [String])] = [:]
    var notifier: String?

    /// Finds them, warning about a placeholder before any `--` and a missing `notify-send`.
    ///
    /// Returns `nil` after saying why (bad usage) when the `--exec` program or a rule's cannot be
    /// found, or when `--alerts-only` has no rules.
    init?(_ options: Options) {
      if let command = options.exec {
        guard let program = Executable.find(command[0]) else {
          Console.error("--exec: no program '\(Console.line(command[0]))' found\nTry 'ourplanet --help'.")
          return nil
        }
        exec = (program.path, Array(command.dropFirst()))
      }
      if options.alertsOnly, options.alerts.isEmpty {
        Console.error("--alerts-only: the config file has no [[alert]] rules, so nothing would be told")
        return nil
      }
      for rule in options.alerts.rules {
        guard let command = rule.exec else { continue }
        guard let program = Executable.find(command[0]) else {
          Console.error("alert '\(rule.name)' (line \(rule.line)): exec: no program '\(command[0])' found")
          return nil
        }
        rules[rule.name] = (program.path, Array(command.dropFirst()))
      }
      for (what, arguments) in [("--exec", exec?.arguments ?? [])]
        + rules.map({ ("alert '\($0.key)': exec", $0.value.arguments) })
      {
        // Server text after no `--` can be read as an option by a program that takes them.
        let marker = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if let early = arguments[..<marker].first(where: ChangeOutput.placeholders.contains) {
          Console.error(
            "watch: \(what): \(early) comes before any '--': a title starting with '-' could be read as an option"
          )
        }
      }
      if options.alerts.rules.contains(where: \.notify) {
        notifier = Executable.find("notify-send")?.path
        if notifier == nil {
          Console.error(
            "watch: notify-send is not installed (or not on PATH): alerts will not show notifications")
        }
      }
    }
  }

  /// An exit status as a failure of ``lockStateFolder(_:)``.
  struct ExitStatus: Error {
    var code: Int32
  }

  /// Takes `watch.lock` in `directory` (created if need be), without waiting: one `watch` per
  /// state folder.
  ///
  /// - Returns: The held lock; or ``lockedOut`` when another `watch` holds it, 1 when the folder or
  ///   the lock cannot be made, after saying so.
  static func lockStateFolder(_ directory: URL) -> Result<FileLock, ExitStatus> {
    do {
      try AtomicFile.createDirectory(directory)
      let lock = try FileLock(path: directory.appendingPathComponent("watch.lock").path)
      guard try lock.acquire(blocking: false) else {
        Console.error(
          "watch: another 'watch' is running on the state folder \(directory.path) "
            + "(exit status \(lockedOut): try again once it ends)")
        return .failure(ExitStatus(code: lockedOut))
      }
      return .success(lock)
    } catch {
      Console.error("watch: \(error)")
      return .failure(ExitStatus(code: 1))
    }
  }

  /// What `file` says was announced; a missing file is a new baseline, and so is a damaged one,
  /// said on stderr.
  static func readAnnounced(_ file: StateFile<SeenState>) -> SeenState {
    switch file.read() {
    case .missing: return SeenState(baseline: [])
    case .value(let state): return state
    case .damaged(let message):
      Console.error("watch: \(message); starting a new baseline")
      return SeenState(baseline: [])
    }
  }
}
