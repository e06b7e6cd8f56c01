import EONETKit
import Foundation
import OurPlanetModel
import RxCore

/// The composition root: parses the command line, builds the client, runs the command.
enum CLI {
  /// Runs `ourplanet` with `arguments` (without the program name).
  ///
  /// - Returns: The exit status: 0 success, 1 failure, 2 bad usage.
  static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int32
  {
    let options: Options
    do {
      options = try CommandLineParser(environment: environment).parse(arguments)
    } catch {
      Console.error("\(error)\nTry 'ourplanet --help'.")
      return 2
    }
    // Every time shown goes through the one formatter, in the one zone chosen here.
    Formatting.zone = options.utc ? .utc : .local
    if options.help {
      Console.output(Manual.ourplanet.helpText)
      return 0
    }
    if options.version {
      Console.output("ourplanet \(Manual.ourplanet.version)")
      return 0
    }
    if case .interactive = options.command { Allocator.useArenaPerCore() } else { Allocator.useOneArena() }
    switch options.command {
    case .categories, .events, .sources, .watch, .image: Shutdown.install()
    case .interactive, .manual, .docs, .config, .completions: break
    }
    switch options.command {
    case .manual:
      Console.writeNow(Manual.ourplanet.roffPage)
      return 0
    case .docs(let table):
      Console.writeNow(Manual.ourplanet.markdown(table))
      return 0
    case .config:
      return ConfigCommand.run(options)
    case .completions(let subject):
      return CompletionsCommand.run(subject, options: options)
    case .interactive:
      return runInteractive(options)
    case .categories:
      return CategoriesCommand.run(options, client: makeClient(options))
    case .sources:
      return SourcesCommand.run(options, client: makeClient(options))
    case .watch:
      return WatchCommand.run(options, client: makeClient(options), environment: environment)
    case .events(let categoryID):
      return EventsCommand.run(options, categoryID: categoryID, client: makeClient(options))
    case .image(let eventID):
      return ImageCommand.run(options, eventID: eventID, client: makeClient(options))
    }
  }

  /// The client the options describe; warnings go to `onWarning` (stderr by default).
  static func makeClient(
    _ options: Options, scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .userInitiated),
    onWarning: @escaping @Sendable (EONETWarning) -> Void = { warning in
      if case .categoryListStandIn = warning { CatalogLoad.listStoodIn.withLock { $0 = true } }
      Console.error("warning: \(warning)")
    }
  ) -> EONETClient {
    let configuration = EONETClient.Configuration(
      baseURL: options.api ?? EONETClient.Configuration.defaultBaseURL,
      cacheDirectory: options.cacheDirectory ?? EONETCache.defaultDirectory(),
      cacheLimit: options.cacheLimit << 20,
      offline: options.offline,
      onWarning: onWarning)
    return EONETClient(configuration: configuration, scheduler: scheduler)
  }

  /// The satellite-image client the options describe, or `nil` with `--imagery off`; it shares the
  /// events' client's transport (one libcurl thread, its connections and TLS sessions).
  static func makeImageryClient(_ options: Options, client: EONETClient) -> ImageryClient? {
    guard !options.imageryOff else { return nil }
    return ImageryClient(
      endpoint: options.imagery ?? ImageryRequest.defaultEndpoint, transport: client.transport,
      cache: ImageryCache(cacheFolder: options.cacheDirectory ?? EONETCache.defaultDirectory()),
      offline: options.offline)
  }
}
