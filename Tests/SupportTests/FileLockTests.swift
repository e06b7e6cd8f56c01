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
}
