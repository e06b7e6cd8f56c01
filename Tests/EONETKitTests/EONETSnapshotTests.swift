import Foundation
import Testing

@testable import EONETKit

@Suite("EONETSnapshot")
struct EONETSnapshotTests {
  @Test("the bundled snapshot holds all 13 categories and the real 2025-11 events")
  func bundled() throws {
    let snapshot = try EONETSnapshot.locate(environment: [:], executableURL: nil)
    #expect(snapshot.fetchedAt == ISO8601.parse("2025-11-08T12:00:00Z"))
    let categories = try snapshot.categories()
    #expect(categories.source == .snapshot)
    #expect(categories.value.count == 13)
    #expect(categories.value.map(\.title) == categories.value.map(\.title).sorted())
    var counts: [String: Int] = [:]
    for category in categories.value {
      let events = try snapshot.events(for: category)
      #expect(events.skippedEvents == 0)
      #expect(events.fetchedAt == snapshot.fetchedAt)
      counts[category.id] = events.value.count
    }
    #expect(counts["wildfires"] == 5580)
    #expect(counts["seaLakeIce"] == 46)
    #expect(counts["volcanoes"] == 33)
    #expect(counts["severeStorms"] == 3)
    #expect(counts.values.reduce(0, +) == 5662)
  }

  @Test("a category the snapshot does not hold has no events")
  func missingCategory() throws {
    let snapshot = try EONETSnapshot.locate(environment: [:], executableURL: nil)
    #expect(try snapshot.events(for: EOCategory(id: "nonexistent", title: "")).value.isEmpty)
  }

  @Test("$OURPLANET_RESOURCES comes first, then <exe>/../share/ourplanet, then the bundle")
  func lookupOrder() throws {
    let root = try Fixtures.temporaryDirectory()
    let override = root.appendingPathComponent("override")
    let prefix = root.appendingPathComponent("prefix")
    let share = prefix.appendingPathComponent("share/ourplanet")
    for folder in [override, share] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("eonet"), withIntermediateDirectories: true)
    }
    let executable = prefix.appendingPathComponent("bin/ourplanet")
    let directories = EONETSnapshot.resourceDirectories(
      environment: ["OURPLANET_RESOURCES": override.path], executableURL: executable)
    #expect(directories.count == 3)
    #expect(directories[0].standardizedFileURL.path == override.standardizedFileURL.path)
    #expect(directories[1].standardizedFileURL.path == share.standardizedFileURL.path)
    #expect(directories[2].lastPathComponent == "Resources")

    let manifest = #"{"format":"ourplanet-snapshot","version":1,"fetchedAt":"2001-02-03T04:05:06Z"}"#
    try Data(manifest.utf8).write(to: share.appendingPathComponent("eonet/snapshot.json"))
    let found = try EONETSnapshot.locate(
      environment: ["OURPLANET_RESOURCES": override.path], executableURL: executable)
    #expect(found.fetchedAt == ISO8601.parse("2001-02-03T04:05:06Z"))
  }

  @Test("a broken manifest is an error, not a crash")
  func brokenManifest() throws {
    let root = try Fixtures.temporaryDirectory()
    try Data("{".utf8).write(to: root.appendingPathComponent("snapshot.json"))
    #expect(throws: EONETError.self) { try EONETSnapshot(directory: root) }
    #expect(throws: EONETError.self) { try EONETSnapshot(directory: root.appendingPathComponent("none")) }
  }
}
