import Foundation

/// The test fixtures (trimmed real EONET responses; see `Tests/Tools/make_fixtures.py`).
enum Fixtures {
  /// The `Fixtures` folder inside the test bundle.
  static let root: URL = {
    guard let resources = Bundle.module.resourceURL else { fatalError("the test bundle has no resources") }
    return resources.appendingPathComponent("Fixtures", isDirectory: true)
  }()

  /// The folder the fixture server serves (13 categories, a few real events each).
  static var server: URL { root.appendingPathComponent("server", isDirectory: true) }

  /// The bytes of a fixture, e.g. `data("v3/events-open-sample.json")`.
  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(path))
  }

  /// The whole 2025-11 dump (3.9 MB, 5,662 events), in the fixtures so every clone tests it.
  static func fullDump() throws -> Data {
    try data("v3/events-open-all-2025-11.json")
  }

  /// A fresh empty folder for one test, inside this process's scratch root (removed when the test
  /// process exits, so runs leave nothing behind in the temporary folder).
  static func temporaryDirectory() throws -> URL {
    let url = scratchRoot.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Expected events per category in the server fixture: (open, closed).
  static let serverCounts: [String: (open: Int, closed: Int)] = [
    "drought": (0, 0), "dustHaze": (0, 0), "earthquakes": (0, 0), "floods": (0, 0), "landslides": (0, 0),
    "manmade": (0, 0), "seaLakeIce": (4, 0), "severeStorms": (3, 1), "snow": (0, 0), "tempExtremes": (0, 0),
    "volcanoes": (4, 0), "waterColor": (0, 0), "wildfires": (4, 1),
  ]
}

/// One folder per test process for every test's files, removed when the process exits.
private let scratchRoot: URL = {
  atexit { removeScratchRoot() }
  return FileManager.default.temporaryDirectory
    .appendingPathComponent("eonetkit-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
}()

private func removeScratchRoot() { try? FileManager.default.removeItem(at: scratchRoot) }
