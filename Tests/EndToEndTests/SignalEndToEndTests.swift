import Foundation
import TestSupport
import Testing

/// Signals reach a script command even when its parent started it with them blocked.
@Suite("ourplanet and an inherited signal mask, end to end", .serialized, .tags(.spawnsProcess))
struct SignalEndToEndTests {
  @Test(
    "SIGTERM and SIGINT end a download in progress though the parent blocked them",
    arguments: [SIGTERM, SIGINT])
  func blockedByParent(signal: Int32) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    // Every answer takes 60 s, so the command is still downloading when the signal comes.
    let server = try FixtureServer(fixtures: api.directory, latencyMilliseconds: 60_000, idleTimeout: 120)
    defer { server.stop() }
    // Python blocks both signals and then becomes ourplanet, which inherits the mask.
    let launcher = """
      import os, signal, sys
      signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
      os.execv(sys.argv[1], sys.argv[1:])
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c", launcher, binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir",
      temporary.url.appendingPathComponent("cache").path,
    ]
    process.environment = ["PATH": "/usr/bin:/bin"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { process.stop() }
    try waitUntil("the first request reaches the server") { try server.stats().inFlight > 0 }
    kill(process.processIdentifier, signal)
    let deadline = ContinuousClock.now + .seconds(20)
    while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(!process.isRunning, "signal \(signal) did not end ourplanet within 20 s")
    #expect(
      process.terminationReason == .exit && process.terminationStatus == 128 + signal,
      "ends with exit status 128+N")
  }
}
