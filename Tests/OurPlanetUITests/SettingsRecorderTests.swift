import Foundation
import OurPlanetModel
import Testing

@testable import OurPlanetUI

/// The UI remembers what a key changed, and only that: a setting the command line set for this run
/// stays in the state folder as the file had it.
@Suite("Settings recorder")
struct SettingsRecorderTests {
  /// A recorder over a fresh state folder that remembers `stored`, and the file it writes.
  private static func recorder(remembering stored: RememberedSettings) -> (
    SettingsRecorder, SettingsMemory, StateFile<RememberedSettings>
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ourplanet-recorder-\(UUID().uuidString)", isDirectory: true)
    let file = StateFile<RememberedSettings>(name: RememberedSettings.fileName, directory: folder)
    let memory = SettingsMemory(file: file, messages: nil)
    return (SettingsRecorder(memory: memory, remembered: stored), memory, file)
  }

  @Test("nothing changed since the start: nothing is written")
  func unchangedWritesNothing() {
    let (fresh, memory, file) = Self.recorder(remembering: RememberedSettings(days: 7))
    var recorder = fresh
    // The command line asked for 30 days this run: shown, not remembered.
    recorder.start(from: RememberedSettings(days: 30, map: false))
    recorder.record(RememberedSettings(days: 30, map: false))
    memory.flush()
    #expect(SettingsMemory.read(file).settings == RememberedSettings())
    #expect(!FileManager.default.fileExists(atPath: file.url.path))
  }

  @Test("only what a key changed is written; a setting the command line set keeps the file's value")
  func onlyTheChangedSettingIsWritten() {
    let (fresh, memory, file) = Self.recorder(remembering: RememberedSettings(days: 7, region: "home"))
    var recorder = fresh
    defer { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
    recorder.start(from: RememberedSettings(days: 30, region: "home", map: false))
    recorder.record(RememberedSettings(days: 30, region: "home", map: true))
    memory.flush()
    #expect(SettingsMemory.read(file).settings == RememberedSettings(days: 7, region: "home", map: true))
    // A later change of the days is remembered, with the map as the last key left it.
    recorder.record(RememberedSettings(days: 60, region: "home", map: true))
    memory.flush()
    #expect(SettingsMemory.read(file).settings == RememberedSettings(days: 60, region: "home", map: true))
  }
}
