import Foundation
import TestSupport
import Testing

/// A process waiting on the network is idle: it blocks in the kernel instead of polling.
@Suite("Waiting on the network", .serialized, .tags(.spawnsProcess))
struct NetworkWaitEndToEndTests {
  private func withServer(plan: String, tls: Bool, _ body: (String, URL, FixtureServer) throws -> Void) throws
  {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try FixtureServer(
      fixtures: FixtureAPI.standard(in: temporary.url).directory, plan: plan, idleTimeout: 120, tls: tls)
    defer { server.stop() }
    try body(binary, temporary.url, server)
  }

  @Test(
    "categories against a server that never answers uses a small fraction of its wall time in CPU, http and https",
    arguments: [false, true])
  func silentServerLeavesTheClientIdle(tls: Bool) throws {
    // The server holds the request for 3 s and then hangs up, so the run ends by itself: no timer
    // in the test, and the child's own CPU time (wait4) says whether it spun meanwhile.
    let plan = #"{"rules":[{"path":"/categories","fault":"silent","seconds":3}]}"#
    try withServer(plan: plan, tls: tls) { binary, temporary, server in
      let run = try MeasuredRun.run(
        [
          binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir",
          temporary.appendingPathComponent("cache").path,
        ], environment: ["PATH": "/usr/bin:/bin", "SSL_CERT_FILE": FixtureServer.caBundle.path])
      #expect(run.status == 1, "\(run.standardError)")
      #expect(run.wallSeconds >= 2.5, "the run should have waited for the silent server")
      // Start-up and the snapshot fallback cost well under 0.3 s; a spinning wait costs most of 3 s.
      #expect(run.cpuSeconds < 0.1 * run.wallSeconds, "CPU \(run.cpuSeconds) s in \(run.wallSeconds) s")
      #expect(
        try server.stats().log.first?.outcome == "disconnected"
          || server.stats().log.first?.outcome == "silent")
    }
  }
}
