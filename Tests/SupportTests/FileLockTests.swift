import Foundation
import Support
import Testing

@Suite struct FileLockTests {
  @Test func aSecondHolderWaitsUntilTheFirstReleases() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
    defer { unlink(path) }
    // flock locks belong to the open file description: two opens contend like two processes.
    let first = try FileLock(path: path)
    let second = try FileLock(path: path)
    #expect(try first.acquire(blocking: false))
    #expect(try !second.acquire(blocking: false))
    first.release()
    #expect(try second.acquire(blocking: false))
    second.release()
  }

  @Test func aLockInAMissingFolderSaysWhere() {
    let failure = #expect(throws: SystemFailure.self) { try FileLock(path: "/nonexistent-folder/x.lock") }
    #expect(failure?.description == "cannot open /nonexistent-folder/x.lock: No such file or directory")
  }

  @Test("a symbolic link as the lock file is refused, and its missing target is never created")
  func aSymbolicLinkIsNeverFollowed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("victim").path
    let link = folder.appendingPathComponent("x.lock").path
    #expect(symlink(target, link) == 0)
    let failure = #expect(throws: SystemFailure.self) { try FileLock(path: link) }
    #expect(failure?.code == ELOOP)
    #expect(!FileManager.default.fileExists(atPath: target), "the link's target was created")
    // A link to an existing file is refused as well: the lock never opens someone else's file.
    #expect(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8)))
    #expect(throws: SystemFailure.self) { try FileLock(path: link) }
    #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8))
  }
}
