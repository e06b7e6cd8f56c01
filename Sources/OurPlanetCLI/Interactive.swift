import EONETKit
import Foundation
import OurPlanet
import RxCore
import TerminalUI

/// Runs the terminal UI (`ourplanet` with no command) until the user quits.
///
/// Warnings of the data layer (a damaged cache file, skipped events) go to the status line rather
/// than to stderr, which belongs to the log while curses owns the screen.
///
/// - Parameter options: The parsed command line (`--days`, `--no-color`, `--log`, `--api`, ...).
/// - Returns: The exit status (a terminating signal ends the process with that signal instead).
func runInteractive(_ options: Options) -> Int32 {
  let warnings = PublishRelay<String>()
  let client = CLI.makeClient(options) { warning in warnings.accept(warning.shortDescription) }
  let session: TerminalSession
  do {
    session = try TerminalSession(
      options: TerminalOptions(logPath: options.logFile?.path, noColor: options.noColor))
  } catch {
    Console.error("\(error)")
    return 1
  }
  let app = OurPlanetApp(
    session: session, feed: LiveEventFeed(client: client),
    options: AppOptions(days: options.days, offline: options.offline),
    notices: warnings.asObservable())
  let ending = app.run()
  session.close()
  TerminalSession.exit(for: ending)
}
