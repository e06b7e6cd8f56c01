import Foundation
import Testing

@testable import EONETKit

@Suite("TemporaryFileSweep")
struct TemporaryFileSweepTests {
  /// A process id no process has: beyond Linux's largest `pid_max`.
  private let deadPID = 0x7FFF_FFF0

  private func touch(_ directory: URL, _ name: String, age: TimeInterval = 0) throws {
    let url = directory.appendingPathComponent(name)
    try Data("partial".utf8).write(to: url)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
  }

  @Test("stale temporary files of our naming go; live writers', young legacy ones and others' stay")
  func sweep() throws {
    let directory = try Fixtures.temporaryDirectory()
    let dead = ".wildfires.cache.\(deadPID).123.tmp"
    let live = ".wildfires.cache.\(getpid()).456.tmp"
    let oldLive = ".floods.cache.\(getpid()).789.tmp"
    let legacyOld = ".volcanoes.cache.\(UUID().uuidString).tmp"
    let legacyYoung = ".storms.cache.\(UUID().uuidString).tmp"
    let foreign = ".seen.json.\(deadPID).1.tmp"
    let user = "notes.tmp"
    try touch(directory, dead)
    try touch(directory, live)
    try touch(directory, oldLive, age: 2 * TemporaryFileSweep.maximumAge)
    try touch(directory, legacyOld, age: 2 * TemporaryFileSweep.maximumAge)
    try touch(directory, legacyYoung)
    try touch(directory, foreign)
    try touch(directory, user, age: 2 * TemporaryFileSweep.maximumAge)
    let removed = TemporaryFileSweep.sweep(directory) { $0.hasSuffix(".cache") }
    #expect(removed == [dead, oldLive, legacyOld].sorted())
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(left == [live, legacyYoung, foreign, user])
  }

  @Test("a missing folder is nothing to sweep")
  func missingFolder() throws {
    let directory = try Fixtures.temporaryDirectory().appendingPathComponent("absent")
    #expect(TemporaryFileSweep.sweep(directory) { _ in true }.isEmpty)
  }
}
