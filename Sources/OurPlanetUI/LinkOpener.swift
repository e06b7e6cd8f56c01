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
package enum LinkOpener {
  /// Starts the openers for `url` on `scheduler`; calls `completion` with an error message if none
  /// could open it, or with `nil` once one exited successfully.
  ///
  /// - Parameters:
  ///   - url: An `http` or `https` URL; anything else is refused.
  ///   - scheduler: Where the openers run and are waited for.
  ///   - environment: Where `BROWSER` and `PATH` come from (injectable for tests).
  ///   - completion: Called once, on the scheduler's thread.
  package static func open(
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
      run(
        commands(for: parsed.absoluteString, environment: environment)[...], url: url, environment,
        failure: nil,
        completion: completion)
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

  /// Runs the commands in turn until one succeeds, then calls `completion` with `nil`, else with the
  /// last failure. Nothing waits for an opener: the next step runs from its termination handler, so
  /// a browser that stays open for days (`BROWSER=firefox`) holds no thread.
  private static func run(
    _ commands: ArraySlice<[String]>, url: String, _ environment: [String: String], failure: String?,
    completion: @escaping @Sendable (String?) -> Void
  ) {
    guard let command = commands.first else {
      return completion(failure ?? "No browser found to open \(url): set BROWSER, or install xdg-open")
    }
    let rest = commands.dropFirst()
    guard let program = Executable.find(command[0], environment: environment) else {
      return run(rest, url: url, environment, failure: failure, completion: completion)
    }
    let process = Process()
    process.executableURL = program
    process.arguments = Array(command.dropFirst())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { process in
      let status = process.terminationStatus
      if process.terminationReason == .uncaughtSignal {
        let failure = "\(command[0]) was killed (signal \(status)) opening \(url)"
        run(rest, url: url, environment, failure: failure, completion: completion)
      } else if status != 0 {
        let failure = "\(command[0]) failed (exit status \(status)) opening \(url)"
        run(rest, url: url, environment, failure: failure, completion: completion)
      } else {
        completion(nil)
      }
    }
    do {
      try process.run()
    } catch {
      let failure = "Could not start \(command[0]): \(error.localizedDescription)"
      run(rest, url: url, environment, failure: failure, completion: completion)
    }
  }

}
