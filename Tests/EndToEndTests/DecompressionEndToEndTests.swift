import Foundation
import TestSupport
import Testing

/// A compressed answer is bounded by the size cap after decompression.
@Suite("Decompression bound", .serialized, .tags(.spawnsProcess))
struct DecompressionEndToEndTests {
  @Test(
    "categories against a 4 GiB gzip bomb fails at the cap with a clear message and bounded memory, http and https",
    arguments: [false, true])
  func gzipBomb(tls: Bool) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let plan = #"{"rules":[{"path":"/categories","fault":"gzip-bomb"}]}"#
    let server = try FixtureServer(
      fixtures: FixtureAPI.standard(in: temporary.url).directory, plan: plan, idleTimeout: 120, tls: tls)
    defer { server.stop() }
    let run = try MeasuredRun.run(
      [
        binary, "categories", "--api", server.baseURL.absoluteString, "--cache-dir",
        temporary.url.appendingPathComponent("cache").path,
      ], environment: ["PATH": "/usr/bin:/bin", "SSL_CERT_FILE": FixtureServer.caBundle.path],
      timeout: .seconds(120))
    #expect(run.status == 1, "\(run.standardError)")
    #expect(run.standardError.contains("larger than"), "\(run.standardError)")
    // The 64 MiB cap plus what the process needs anyway (about 30 MB) and the buffer's growth.
    #expect(run.peakMegabytes < 150, "peak \(run.peakMegabytes) MB")
  }
}
