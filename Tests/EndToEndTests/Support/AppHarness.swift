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
  func waitFor(_ texts: String..., timeout: Duration = .seconds(20)) throws -> String {
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
/// thing whenever the tests run.
struct FixtureAPI {
  let directory: URL

  struct Event {
    var id: String
    var title: String
    var daysAgo: Double
    var closed: Bool = false
    var magnitude: (Double, String)? = nil
    var source: String = "https://example.org/report"
    /// The description, or none (`null`).
    var description: String? = nil
    /// Positions, one a day, the last `daysAgo` days ago, each a little further east.
    var records: Int = 1
    /// Where the first position is.
    var longitude = -120.5
    var latitude = 38.25
  }

  static let categories: [(id: String, title: String)] = [
    ("drought", "Drought"), ("dustHaze", "Dust and Haze"), ("earthquakes", "Earthquakes"),
    ("floods", "Floods"), ("landslides", "Landslides"), ("manmade", "Manmade"),
    ("seaLakeIce", "Sea and Lake Ice"), ("severeStorms", "Severe Storms"), ("snow", "Snow"),
    ("tempExtremes", "Temperature Extremes"), ("volcanoes", "Volcanoes"), ("waterColor", "Water Color"),
    ("wildfires", "Wildfires"),
  ]

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

  init(in parent: URL, events: [String: [Event]]) throws {
    directory = parent.appendingPathComponent("api")
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
    for category in Self.categories {
      let items = (events[category.id] ?? []).map { json(for: $0, category: category) }
      try write(
        ["title": "EONET Events: \(category.title)", "events": items],
        to: categoriesDirectory.appendingPathComponent("\(category.id).json"))
    }
  }

  private func json(for event: Event, category: (id: String, title: String)) -> [String: Any] {
    let date = Self.iso(Date().addingTimeInterval(-event.daysAgo * 86_400))
    let geometries: [[String: Any]] = (0..<max(1, event.records)).map { index in
      let back = Double(event.records - 1 - index)
      var geometry: [String: Any] = [
        "date": Self.iso(Date().addingTimeInterval(-(event.daysAgo + back) * 86_400)), "type": "Point",
        "coordinates": [event.longitude + Double(index), event.latitude],
      ]
      geometry["magnitudeValue"] = event.magnitude?.0 ?? NSNull()
      geometry["magnitudeUnit"] = event.magnitude?.1 ?? NSNull()
      return geometry
    }
    return [
      "id": event.id, "title": event.title, "description": event.description ?? NSNull(),
      "link": "https://eonet.gsfc.nasa.gov/api/v3/events/\(event.id)",
      "closed": event.closed ? date : NSNull(),
      "categories": [["id": category.id, "title": category.title]],
      "sources": [["id": "InciWeb", "url": event.source]],
      "geometry": geometries,
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
