import EONETKit
import Foundation
import OurPlanetModel
import OurPlanetUI
import RxCore
import Support
import TerminalUI

/// Runs the terminal UI (`ourplanet` with no command) until the user quits.
///
/// The composition root of the UI: it picks the clock, the schedulers and the real I/O. Warnings
/// of the data layer (a damaged cache file, skipped events) go into the message log from the very
/// first one, before any screen exists, so none is lost; stderr belongs to the log while curses
/// owns the screen.
///
/// - Parameter options: The parsed command line (`--days`, `--no-color`, `--log`, `--api`, ...).
/// - Returns: The exit status (a terminating signal ends the process with that signal instead).
func runInteractive(_ options: Options) -> Int32 {
  let messages = MessageLog(clock: { Date() })
  // Downloads, decoding and file work yield to the UI's own thread: libdispatch on Linux runs
  // user-initiated work at nice -2, ahead of the main thread (nice 0), and a refresh decoding ten
  // times today's data on both cores then held keypresses back. Utility work runs at nice 2.
  let background = ConcurrentDispatchQueueScheduler(qos: .utility)
  let client = CLI.makeClient(options, scheduler: background) { warning in
    messages.post(warning.shortDescription)
  }
  let session: TerminalSession
  do {
    session = try TerminalSession(
      options: {
        var terminal = TerminalOptions(logPath: options.logFile?.path, noColor: options.noColor)
        terminal.mouse = !options.noMouse
        terminal.theme = options.drawingTheme(terminal: ProcessInfo.processInfo.environment["TERM"])
        // Satellite images are worth 24-bit colour wherever the terminal has it.
        terminal.directColorForImages = !options.imageryOff
        return terminal
      }())
  } catch {
    Console.error("\(error)")
    return 1
  }
  // With --log, every message of the session goes to the log too (stderr is the log while curses
  // owns the screen): failed downloads, damaged cache files and links that would not open included.
  let logging =
    options.logFile == nil
    ? Disposables.create()
    : messages.messages
      .subscribe(onNext: { message in
        let line = ISO8601.format(message.date) + " " + TextSanitizer.strippingControls(message.text) + "\n"
        _ = Array(line.utf8).withUnsafeBytes { FileDescriptor.writeAll($0, to: STDERR_FILENO) }
      })
  defer { logging.dispose() }
  // A range (`--from`/`--to`) opens with the window on it; its data loads as the slider's whole
  // range ending there, so the slider and `<` `>` move through it.
  let window = options.window
  let appOptions = startingOptions(options, window: window)
  for problem in options.rememberedProblems { messages.post(problem) }
  let stateDirectory = StateFile<SeenState>.defaultDirectory()
  let memory = options.rememberedFile.map { path in
    let url = URL(fileURLWithPath: path)
    return SettingsMemory(
      file: StateFile(name: url.lastPathComponent, directory: url.deletingLastPathComponent()),
      messages: messages)
  }
  let seen = SeenTracker(
    file: StateFile(name: "seen.json", directory: stateDirectory), messages: messages,
    writes: DispatchQueue(label: "ourplanet.seen-state", qos: .utility))
  // What writers killed mid-write left in the state folder (their process is gone), off the main
  // thread; a live instance's files stay.
  _ = background.schedule(()) { _ in
    TemporaryFileSweep.sweep(stateDirectory) { StateFile<SeenState>.isStateFileName($0) }
    return Disposables.create()
  }
  let shell = AppShell(
    host: session,
    feed: LiveEventFeed(
      client: client,
      query: EventQuery(window: EventWindow(days: appOptions.dayRange.upperBound, end: window.end))),
    options: appOptions, messages: messages, mainScheduler: MainScheduler.instance,
    backgroundScheduler: background,
    openLink: { url, completion in LinkOpener.open(url, on: background, completion: completion) }, seen: seen,
    clock: { Date() }, exportScheduler: background, keymap: options.keymap, memory: memory,
    imagery: CLI.makeImageryClient(options, client: client),
    layers: EONETSnapshot.resourceDirectories().lazy.map {
      ImageryLayers(directory: $0.appendingPathComponent("eonet"))
    }
    .first { !$0.names.isEmpty } ?? ImageryLayers(names: []))
  let trimming = shell.loadsEnded.observe(on: background)
    .subscribe(onNext: { Allocator.releaseFreeMemory() })
  defer { trimming.dispose() }
  let app = OurPlanetApp(session: session, shell: shell)
  let ending = app.run()
  session.close()
  seen.flush()
  memory?.flush()
  TerminalSession.exit(for: ending)
}

/// What the UI starts on: the options' window, region, order, filters, alerts and places, and,
/// unless `--fresh`, the category, map and image it remembered.
private func startingOptions(_ options: Options, window: EventWindow) -> AppOptions {
  var appOptions = AppOptions(
    days: window.days, offline: options.offline,
    refreshInterval: options.refreshInterval.map { RxTimeInterval.seconds($0) }, region: options.region,
    sort: options.sort)
  appOptions.alerts = options.alerts
  // --status, --min-magnitude, --max-magnitude and --source: the UI starts on them, and x, v and X
  // change them from there.
  appOptions.filters = ScopeFilters(of: options.scope)
  appOptions.places = options.configuration.places
  appOptions.bell = options.bell
  appOptions.remembered = options.remembered
  appOptions.configFile = options.configurationPath
  appOptions.rangeEnd = window.end
  // The form reads units against the list the options do.
  appOptions.magnitudeKinds = KnownLists.in(options.cacheDirectory).magnitudes
  if !options.fresh {
    appOptions.category = options.remembered.category
    appOptions.mapShown = options.remembered.map ?? false
    appOptions.imageShown = options.remembered.image ?? false
  }
  return appOptions
}
