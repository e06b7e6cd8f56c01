import Foundation
import TestSupport
import Testing

/// What the memory bounds of the end-to-end tests stand on: a measured child's peak is its own.
@Suite("Measured runs", .tags(.spawnsProcess))
struct MeasuredRunTests {
  @Test("a child's peak memory is its own, however large this test process is")
  func peakIsTheChilds() throws {
    // This process holds 256 MB while the child runs: a spawned child starts out counting them.
    let size = 256 << 20
    let held = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
    defer { held.deallocate() }
    held.initializeMemory(as: UInt8.self, repeating: 1, count: size)
    let run = try MeasuredRun.run(["/bin/sh", "-c", "sleep 0.2"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0)
    #expect(run.peakMegabytes > 0 && run.peakMegabytes < 64, "peak \(run.peakMegabytes) MB")
  }
}
