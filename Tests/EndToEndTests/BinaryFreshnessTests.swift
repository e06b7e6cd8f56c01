import Foundation
import Testing

/// The end-to-end suites never drive a binary older than the code they were built with.
@Suite("The app binary the end-to-end tests run")
struct BinaryFreshnessTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "binary-freshness-\(UUID().uuidString)", isDirectory: true)
    for module in ["OurPlanetModel.build", "EndToEndTests.build", "RxBlocking.build"] {
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent(module), withIntermediateDirectories: true)
    }
    return url
  }

  private func write(_ url: URL, modified: Date) throws {
    try Data().write(to: url)
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
  }

  @Test("a binary older than an object of an app module is stale; one newer than all of them is not")
  func staleBinary() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = directory.appendingPathComponent("ourplanet")
    let now = Date()
    try write(binary, modified: now)
    // A test module's object is never linked into the app, so it never makes the app stale.
    try write(directory.appendingPathComponent("EndToEndTests.build/Newer.swift.o"), modified: now + 60)
    // Nor does a library only the tests build (RxBlocking), compiled after the app was linked.
    try write(
      directory.appendingPathComponent("RxBlocking.build/RxBlocking.swiftmodule.o"), modified: now + 60)
    try write(directory.appendingPathComponent("OurPlanetModel.build/Older.swift.o"), modified: now - 60)
    #expect(AppHarness.objectNewer(than: binary, in: directory) == nil)
    let changed = directory.appendingPathComponent("OurPlanetModel.build/Changed.swift.o")
    try write(changed, modified: now + 60)
    #expect(
      AppHarness.objectNewer(than: binary, in: directory)?.lastPathComponent == changed.lastPathComponent)
  }

  @Test("the binary beside these tests was linked from the code they were built with")
  func currentBinary() {
    #expect(AppHarness.binaryPath != nil)
  }
}
