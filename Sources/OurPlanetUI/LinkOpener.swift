import Foundation
import RxCore
import Support

/// Opens a URL in a browser, without a shell and without waiting on the UI's thread.
///
/// It tries `$BROWSER` first, as the convention has it: a `:`-separated list of commands tried in
/// order, each split on spaces, with `%s` standing for the URL (`%%` for a percent sign) or, without
/// one, the URL added as the last argument. Then `xdg-open`, then `open`. A command that is not
/// installed, cannot start or exits with an error gives way to the next.
///
/// The opener's output goes to /dev/null so it can never scribble on the screen curses owns, and it
/// runs off the main thread so a slow opener never freezes the UI.
public enum LinkOpener {
  /// Starts the openers for `url` on `scheduler`; calls `completion` with an error message if none
  /// could open it, or with `nil` once one exited successfully.
  ///
  /// - Parameters:
  ///   - url: An `http` or `https` URL; anything else is refused.
  ///   - scheduler: Where the openers run and are waited for.
  ///   - environment: Where `BROWSER` and `PATH` come from (injectable for tests).
  ///   - completion: Called once, on the scheduler's thread.
  public static func open(
    _ url: String, on scheduler: some ImmediateSchedulerType & Sendable,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    completion: @escaping @Sendable (String?) -> Void
  ) {
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      completion("Not a web link: \(url)")
      return
    }
    _ = scheduler.schedule(()) { _ in
      completion(run(commands(for: parsed.absoluteString, environment: environment), url: url, environment))
      return Disposables.create()
    }
  }

  /// The commands to try for `url`, in order, as argument vectors.
  static func commands(for url: String, environment: [String: String]) -> [[String]] {
    let browsers = (environment["BROWSER"] ?? "").split(separator: ":").compactMap { entry -> [String]? in
      let words = entry.split(separator: " ").map { substitute(url, in: String($0)) }
      guard !words.isEmpty else { return nil }
      return words.contains(where: \.usesURL) ? words.map(\.text) : words.map(\.text) + [url]
    }
    return browsers + [["xdg-open", url], ["open", url]]
  }

  /// `word` with `%s` replaced by `url` and `%%` by `%`, in one left-to-right pass, and whether it
  /// held a `%s`.
  private static func substitute(_ url: String, in word: String) -> (text: String, usesURL: Bool) {
    var result = ""
    var usesURL = false
    var characters = word.makeIterator()
    while let character = characters.next() {
      guard character == "%" else {
        result.append(character)
        continue
      }
      switch characters.next() {
      case "s":
        result += url
        usesURL = true
      case "%": result.append("%")
      case let other?: result += "%" + String(other)
      case nil: result.append("%")
      }
    }
    return (result, usesURL)
  }

  /// Runs the commands in turn until one succeeds; the last failure otherwise.
  private static func run(_ commands: [[String]], url: String, _ environment: [String: String]) -> String? {
    var failure: String?
    for command in commands {
      guard let program = Executable.find(command[0], environment: environment) else { continue }
      let process = Process()
      process.executableURL = program
      process.arguments = Array(command.dropFirst())
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
        process.waitUntilExit()
      } catch {
        failure = "Could not start \(command[0]): \(error.localizedDescription)"
        continue
      }
      if process.terminationReason == .uncaughtSignal {
        failure = "\(command[0]) was killed (signal \(process.terminationStatus)) opening \(url)"
      } else if process.terminationStatus != 0 {
        failure = "\(command[0]) failed (exit status \(process.terminationStatus)) opening \(url)"
      } else {
        return nil
      }
    }
    return failure ?? "No browser found to open \(url): set BROWSER, or install xdg-open"
  }
}
