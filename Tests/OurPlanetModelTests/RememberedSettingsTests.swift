import Foundation
import RxCore
import Testing

@testable import OurPlanetModel

/// The file of what the terminal UI remembers: written whole, read back, and read safely whatever
/// is in it.
@Suite("Remembered settings")
struct RememberedSettingsTests {
  /// A fresh state folder, removed after `body`.
  private func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ourplanet-remembered-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  private func file(in folder: URL) -> StateFile<RememberedSettings> {
    StateFile(
      name: RememberedSettings.fileName, directory: folder, maximumSize: RememberedSettings.maximumFileSize)
  }

  /// What reading `text` as the file gives.
  private func read(_ text: String) throws -> (settings: RememberedSettings, problem: String?) {
    var result: (RememberedSettings, String?) = (RememberedSettings(), nil)
    try withFolder { folder in
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent(RememberedSettings.fileName))
      result = SettingsMemory.read(file(in: folder))
    }
    return result
  }

  @Test("what the memory writes reads back, the newest of quick changes last")
  func roundTrip() throws {
    try withFolder { folder in
      let memory = SettingsMemory(file: file(in: folder), messages: nil)
      #expect(SettingsMemory.read(file(in: folder)) == (RememberedSettings(), nil))
      for days in 1...50 {
        memory.remember(
          RememberedSettings(
            days: days, sort: .magnitude, region: "bbox:-98,25.5,-88,31", category: "wildfires", map: true))
      }
      memory.flush()
      let (settings, problem) = SettingsMemory.read(file(in: folder))
      #expect(problem == nil)
      #expect(
        settings
          == RememberedSettings(
            days: 50, sort: .magnitude, region: "bbox:-98,25.5,-88,31", category: "wildfires", map: true))
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(
        names.filter { !$0.hasSuffix(".lock") } == [RememberedSettings.fileName], "no temporary file left")
    }
  }

  @Test("two instances writing at once never leave a file a reader cannot read")
  func twoWriters() throws {
    try withFolder { folder in
      let first = SettingsMemory(file: file(in: folder), messages: nil)
      let second = SettingsMemory(file: file(in: folder), messages: nil)
      let reader = file(in: folder)
      for days in 1...200 {
        first.remember(RememberedSettings(days: days, sort: .title))
        second.remember(RememberedSettings(days: days, region: "home", map: true))
        if case .damaged(let message) = reader.read() { Issue.record("read \(days): \(message)") }
      }
      first.flush()
      second.flush()
      let (settings, problem) = SettingsMemory.read(reader)
      #expect(problem == nil)
      #expect(settings.days == 200)
    }
  }

  @Test("each field of the wrong type or with an impossible value is dropped and named; the rest count")
  func hostileFields() throws {
    let (settings, problem) = try read(
      """
      {"days": "thirty", "sort": "size", "region": "91,0", "category": "wild\\u001b[2Jfires", "map": 1, "image": "yes",
       "future": {"x": [1, 2]}}
      """)
    #expect(settings == RememberedSettings())
    let message = try #require(problem)
    for field in [
      "days (expected", "sort (no order is called 'size')", "region (--near: latitude 91",
      "category (holds control characters)", "map (expected true or false)", "image (expected true or false)",
    ] {
      #expect(message.contains(field), "\(field) in \(message)")
    }
    #expect(!message.unicodeScalars.contains { $0.value == 0x1B }, "no escape reaches a message")
    let partly = try read(
      #"{"days": 0, "sort": "title", "region": "home", "category": "all", "map": false, "image": true}"#)
    #expect(
      partly.settings
        == RememberedSettings(sort: .title, region: "home", category: "all", map: false, image: true))
    #expect(partly.problem?.contains("days (0 is not from 1 to 36500)") == true, "\(partly)")
    let long = try read(
      #"{"category": "\#(String(repeating: "a", count: 300))", "days": 1e400, "sort": null}"#)
    #expect(long.settings == RememberedSettings())
    #expect(long.problem != nil)
  }

  @Test(
    "a damaged, huge or strange file is a message and the defaults",
    arguments: ["", "{", "[1, 2]", "null", "\u{0}\u{1}garbage", String(repeating: " ", count: 20_000) + "{}"])
  func damagedFile(text: String) throws {
    let (settings, problem) = try read(text)
    #expect(settings == RememberedSettings())
    #expect(problem?.contains("ignored state file remembered.json") == true, "\(String(describing: problem))")
  }

  @Test("a folder in the file's place is a message, and a write there says it could not")
  func folderInItsPlace() throws {
    try withFolder { folder in
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(RememberedSettings.fileName), withIntermediateDirectories: true)
      let (settings, problem) = SettingsMemory.read(file(in: folder))
      #expect(settings == RememberedSettings())
      #expect(problem?.contains("is a folder") == true)
      let log = MessageLog(clock: { Date() })
      let memory = SettingsMemory(file: file(in: folder), messages: log)
      memory.remember(RememberedSettings(days: 3))
      memory.flush()
      var texts: [String] = []
      log.messages.subscribe(onNext: { texts.append($0.text) }).dispose()
      #expect(texts.contains { $0.contains("could not write state file remembered.json") }, "\(texts)")
    }
  }

  @Test("a region reads back from the text a place or the memory writes for it")
  func regionText() throws {
    let regions: [Region] = [
      .near(.init(longitude: -95.37, latitude: 29.76), radiusKilometres: 300),
      .box(minLongitude: 170, minLatitude: -50.25, maxLongitude: -170, maxLatitude: -10),
      .box(minLongitude: -98.123456, minLatitude: 25, maxLongitude: -88, maxLatitude: 31.00004),
    ]
    #expect(Configuration.Place.text(for: regions[0]) == "29.76,-95.37,300")
    #expect(Configuration.Place.text(for: regions[1]) == "bbox:170,-50.25,-170,-10")
    #expect(Configuration.Place.text(for: regions[2]) == "bbox:-98.1235,25,-88,31")
    for region in regions.prefix(2) {
      #expect(try Configuration.Place.region(parsing: Configuration.Place.text(for: region)) == region)
    }
  }
}
