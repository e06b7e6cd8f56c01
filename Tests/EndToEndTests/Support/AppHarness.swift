import Foundation
import TestSupport
import Testing

/// The real `ourplanet` binary in a real terminal (tmux) against a real HTTP server on 127.0.0.1.
struct AppHarness {
  let tmux: TmuxSession
  let logFile: URL

  /// The app beside the tests; `nil`, with an issue saying why, when it is missing or stale.
  ///
  /// `EndToEndTests` depends on the app's target, so building the tests compiles the app's modules;
  /// a binary older than one of their objects was not linked from them (a build of the test target
  /// alone), and running it would test old code. `$OURPLANET_BINARY` names a binary to use as is.
  static var binaryPath: String? {
    guard let path = BuiltProducts.path(of: "ourplanet") else { return nil }
    guard ProcessInfo.processInfo.environment["OURPLANET_BINARY"] == nil else { return path }
    let binary = URL(fileURLWithPath: path)
    if let newer = objectNewer(than: binary, in: binary.deletingLastPathComponent()) {
      Issue.record("\(path) is older than \(newer.path): it would test old code; run `swift build` first")
      return nil
    }
    return path
  }

  /// The modules linked into `ourplanet`: only their objects can make it stale (a library only the
  /// tests build, such as RxBlocking, is compiled after the app is linked and must not count).
  static let appModules = [
    "RxCore", "Support", "EONETKit", "TerminalUI", "OurPlanetModel", "OurPlanetUI", "OurPlanetCLI",
  ]

  /// An object file of an app module (`<Module>.build/*.o` in `directory`, for the modules in
  /// ``appModules``) modified after `binary`, if there is one.
  static func objectNewer(than binary: URL, in directory: URL) -> URL? {
    let files = FileManager.default
    func modified(_ url: URL) -> Date? {
      (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
    guard let built = modified(binary),
      let folders = try? files.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    else { return nil }
    let linked = Set(appModules.map { $0 + ".build" })
    for folder in folders where linked.contains(folder.lastPathComponent) {
      let objects = (try? files.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
      if let newer = objects.first(where: {
        $0.pathExtension == "o" && (modified($0) ?? .distantPast) > built
      }) {
        return newer
      }
    }
    return nil
  }

  /// Starts the app in a `columns`×`rows` terminal with `arguments` after its own defaults.
  static func start(
    arguments: [String], cacheDirectory: URL, columns: Int = 110, rows: Int = 30,
    environment: [String: String] = [:]
  ) throws -> AppHarness {
    guard let binary = binaryPath else { throw HarnessError.missingBinary }
    let log = cacheDirectory.deletingLastPathComponent().appendingPathComponent(
      "\(cacheDirectory.lastPathComponent).log")
    let command = [binary, "--cache-dir", cacheDirectory.path, "--log", log.path] + arguments
    // The seen state goes beside the cache, never into the home folder of whoever runs the tests,
    // and the config comes from there too (none, unless a test writes one), never from theirs.
    let parent = cacheDirectory.deletingLastPathComponent()
    let state = parent.appendingPathComponent("state").path
    let config = parent.appendingPathComponent("config").path
    let tmux = try TmuxSession(
      command: command, columns: columns, rows: rows,
      environment: ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": config].merging(environment) { _, given in
        given
      })
    return AppHarness(tmux: tmux, logFile: log)
  }

  /// The screen, for failure messages.
  var screen: String { (try? tmux.capture()) ?? "<no screen>" }

  /// Waits until every one of `texts` is on screen at once.
  @discardableResult
  func waitFor(_ texts: String..., timeout: Duration = .seconds(30)) throws -> String {
    try tmux.waitUntil("\(texts)", timeout: timeout) { screen in texts.allSatisfy { screen.contains($0) } }
  }
}

enum HarnessError: Error, CustomStringConvertible {
  case missingBinary

  var description: String {
    "the ourplanet binary is missing or stale next to the tests; run `make test` (it builds first)"
  }
}

/// A fixture API written for each test, dated relative to now so the days filter means the same
/// thing whenever the tests run; events at fixed past dates (``Event/date``) hold history.
///
/// The folder has `categories.json`, `categories/<id>.json`, and EONET's `sources.json` and
/// `magnitudes.json` (copied from `Resources/eonet/`), as the fixture server serves them.
struct FixtureAPI {
  let directory: URL
  /// The moment the events are dated from (whole seconds, as the files say it).
  let now: Date
  /// The events by category, as written: an event under several categories is one event in each.
  let events: [String: [Event]]

  struct Event {
    var id: String
    var title: String
    /// How many days before ``FixtureAPI/now`` the latest position is (unused when ``date`` is set).
    var daysAgo: Double = 0
    /// When the latest position is, for history at fixed past dates; `nil`: ``daysAgo`` before now.
    var date: Date? = nil
    var closed: Bool = false
    /// How many days after its latest position a closed event closed.
    var closedAfterDays: Double = 0
    /// The latest position's magnitude (value, EONET unit).
    var magnitude: (Double, String)? = nil
    /// The magnitude of every position before the latest; `nil`: the same as ``magnitude``.
    var earlierMagnitude: (Double, String)? = nil
    /// The first source's URL.
    var source: String = "https://example.org/report"
    /// The source ids (`InciWeb`, `NOAA_NHC`), each with a URL (the first ``source``).
    var sources: [String] = ["InciWeb"]
    /// The description, or none (`null`).
    var description: String? = nil
    /// Positions, one a day, the last at ``latestDate(now:)``, each a little further east.
    var records: Int = 1
    /// Where the first position is.
    var longitude = -120.5
    var latitude = 38.25

    /// The latest position's date, in whole seconds.
    func latestDate(now: Date) -> Date {
      let date = date ?? now.addingTimeInterval(-daysAgo * 86_400)
      return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Every position's date, oldest first, one day apart.
    func recordDates(now: Date) -> [Date] {
      let latest = latestDate(now: now)
      let count = max(1, records)
      return (0..<count).map { latest.addingTimeInterval(-Double(count - 1 - $0) * 86_400) }
    }

    /// When it closed, or `nil` while open.
    func closedDate(now: Date) -> Date? {
      guard closed else { return nil }
      let date = latestDate(now: now).addingTimeInterval(closedAfterDays * 86_400)
      return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
  }

  static let categories: [(id: String, title: String)] = [
    ("drought", "Drought"), ("dustHaze", "Dust and Haze"), ("earthquakes", "Earthquakes"),
    ("floods", "Floods"), ("landslides", "Landslides"), ("manmade", "Manmade"),
    ("seaLakeIce", "Sea and Lake Ice"), ("severeStorms", "Severe Storms"), ("snow", "Snow"),
    ("tempExtremes", "Temperature Extremes"), ("volcanoes", "Volcanoes"), ("waterColor", "Water Color"),
    ("wildfires", "Wildfires"),
  ]

  /// The package's root folder, found from this file as the fixture server's script is.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The standard data set: wildfires (one with escape sequences in its title), storms, volcanoes,
  /// floods; the other categories empty.
  static func standard(in parent: URL) throws -> FixtureAPI {
    try FixtureAPI(in: parent, events: standardEvents)
  }

  /// The standard data set's events by category.
  static var standardEvents: [String: [Event]] {
    [
      "wildfires": [
        Event(id: "EONET_1", title: "Rim Fire, California", daysAgo: 2, magnitude: (1_200, "acres")),
        Event(id: "EONET_2", title: "Cedar Creek Fire", daysAgo: 10),
        Event(id: "EONET_3", title: "Old Mill Fire", daysAgo: 45),
        Event(id: "EONET_4", title: "Closed Canyon Fire", daysAgo: 5, closed: true),
        Event(id: "EONET_5", title: "Ancient Ridge Fire", daysAgo: 200),
        Event(
          id: "EONET_6", title: "Evil \u{1B}[31mRED\u{1B}[0m\u{07} Fire\u{1B}]0;pwned\u{07}", daysAgo: 3),
      ],
      "severeStorms": [
        Event(id: "EONET_10", title: "Typhoon Example", daysAgo: 1, magnitude: (95, "kts")),
        Event(id: "EONET_11", title: "Cyclone Sample", daysAgo: 20),
      ],
      "volcanoes": [
        Event(id: "EONET_20", title: "Kanlaon Volcano, Philippines", daysAgo: 4),
        Event(id: "EONET_21", title: "Etna Volcano, Italy", daysAgo: 30),
        Event(id: "EONET_22", title: "Ioto Volcano, Japan", daysAgo: 100),
      ],
      "floods": [Event(id: "EONET_30", title: "River Flood Example", daysAgo: 6)],
    ]
  }

  /// The standard data set a while later: three new wildfires, Rim Fire moved (a second
  /// position), Cedar Creek Fire closed.
  static var changedEvents: [String: [Event]] {
    var events = standardEvents
    var fires = events["wildfires"] ?? []
    fires[0].records = 2
    fires[1].closed = true
    fires += [
      Event(id: "EONET_101", title: "Pine Hollow Fire", daysAgo: 0.5),
      Event(id: "EONET_102", title: "Juniper Flat Fire", daysAgo: 0.4, magnitude: (300, "acres")),
      Event(id: "EONET_103", title: "Sage Basin Fire", daysAgo: 0.3),
    ]
    events["wildfires"] = fires
    return events
  }

  /// Writes `events` (by category id) into `parent/api`, dated from `now`.
  init(in parent: URL, events: [String: [Event]], now: Date = Date()) throws {
    directory = parent.appendingPathComponent("api")
    self.now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    self.events = events
    let categoriesDirectory = directory.appendingPathComponent("categories")
    try FileManager.default.createDirectory(at: categoriesDirectory, withIntermediateDirectories: true)
    let list: [[String: Any]] = Self.categories.map {
      [
        "id": $0.id, "title": $0.title, "link": "https://eonet.gsfc.nasa.gov/api/v3/categories/\($0.id)",
        "description": "About \($0.title.lowercased())",
        "layers": "https://eonet.gsfc.nasa.gov/api/v3/layers/\($0.id)",
      ]
    }
    try write(
      ["title": "EONET Event Categories", "categories": list],
      to: directory.appendingPathComponent("categories.json"))
    // As EONET does, an event filed under two categories names both wherever it is listed.
    var categoriesOfEvent: [String: [[String: String]]] = [:]
    for category in Self.categories {
      for event in events[category.id] ?? [] {
        categoriesOfEvent[event.id, default: []].append(["id": category.id, "title": category.title])
      }
    }
    for category in Self.categories {
      let items = (events[category.id] ?? []).map {
        json(for: $0, categories: categoriesOfEvent[$0.id] ?? [])
      }
      try write(
        ["title": "EONET Events: \(category.title)", "events": items],
        to: categoriesDirectory.appendingPathComponent("\(category.id).json"))
    }
    // Written over, not copied: a test writes its API again, changed, into the same folder.
    for name in ["sources.json", "magnitudes.json"] {
      try Data(contentsOf: Self.packageRoot.appendingPathComponent("Resources/eonet/\(name)"))
        .write(to: directory.appendingPathComponent(name))
    }
  }

  private func json(for event: Event, categories: [[String: String]]) -> [String: Any] {
    let dates = event.recordDates(now: now)
    let geometries: [[String: Any]] = dates.enumerated().map { index, date in
      var geometry: [String: Any] = [
        "date": Self.iso(date), "type": "Point",
        "coordinates": [event.longitude + Double(index), event.latitude],
      ]
      let magnitude = index == dates.count - 1 ? event.magnitude : event.earlierMagnitude ?? event.magnitude
      geometry["magnitudeValue"] = magnitude?.0 ?? NSNull()
      geometry["magnitudeUnit"] = magnitude?.1 ?? NSNull()
      return geometry
    }
    let sources: [[String: String]] = event.sources.enumerated().map { index, id in
      ["id": id, "url": index == 0 ? event.source : "https://example.org/\(id.lowercased())/\(event.id)"]
    }
    return [
      "id": event.id, "title": event.title, "description": event.description ?? NSNull(),
      "link": "https://eonet.gsfc.nasa.gov/api/v3/events/\(event.id)",
      "closed": event.closedDate(now: now).map(Self.iso) ?? NSNull(),
      "categories": categories, "sources": sources, "geometry": geometries,
    ]
  }

  private func write(_ object: [String: Any], to url: URL) throws {
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
  }

  static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}

/// A fresh temporary folder, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("ourplanet-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
