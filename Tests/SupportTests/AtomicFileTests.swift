import Foundation
import Support
import Testing

@Suite struct AtomicFileTests {
  private func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
    try AtomicFile.createDirectory(folder)
    return folder
  }

  @Test func writesThePartsInOrderAndLeavesNoTemporaryFile() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("state.json")
    try AtomicFile.write([Data("head\n".utf8), Data("body".utf8)], to: file)
    try AtomicFile.write([Data("new".utf8)], to: file)
    #expect(try String(contentsOf: file, encoding: .utf8) == "new")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
  }

  @Test func newFilesAndFoldersAreTheUsersAlone() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let nested = folder.appendingPathComponent("a/b")
    try AtomicFile.createDirectory(nested)
    let file = nested.appendingPathComponent("cache")
    try AtomicFile.write([Data("x".utf8)], to: file)
    let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    let folderMode = try FileManager.default.attributesOfItem(atPath: nested.path)[.posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
  }

  @Test func anExclusiveWriteNeverReplacesAFile() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("export.csv")
    try AtomicFile.write([Data("first".utf8)], to: file, exclusive: true)
    #expect(throws: SystemFailure.self) {
      try AtomicFile.write([Data("second".utf8)], to: file, exclusive: true)
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "first")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.csv"])
  }

  @Test func aFailureSaysWhatAndWhere() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let blocker = folder.appendingPathComponent("plain")
    try AtomicFile.write([Data()], to: blocker)
    let failure = #expect(throws: SystemFailure.self) {
      try AtomicFile.write([Data("x".utf8)], to: blocker.appendingPathComponent("inside"))
    }
    #expect(failure?.description.contains("Not a directory") == true)
    #expect(throws: SystemFailure.self) { try AtomicFile.createDirectory(blocker) }
  }

  @Test func temporaryNamesReadBackTheirTargetAndWriter() throws {
    let file = try #require(
      AtomicFile.temporaryFile(named: AtomicFile.temporaryName(for: "wildfires.open.cache")))
    #expect(file.target == "wildfires.open.cache")
    #expect(file.writer == getpid())
    for name in [
      "wildfires.cache", ".wildfires.cache", ".x.12.tmp", "..12.34.tmp", ".x.12.3a.tmp", ".x.-1.34.tmp",
      ".x.99999999999999999999.1.tmp", ".x.12.34.tmpx",
    ] {
      #expect(AtomicFile.temporaryFile(named: name) == nil, "\(name)")
    }
  }

  @Test func temporaryNamesAreRecognisedForTheirTargetOnly() {
    let name = AtomicFile.temporaryName(for: "seen.json")
    #expect(AtomicFile.isTemporary(name, for: "seen.json"))
    #expect(!AtomicFile.isTemporary(name, for: "seen"))
    #expect(!AtomicFile.isTemporary("seen.json", for: "seen.json"))
  }
}
