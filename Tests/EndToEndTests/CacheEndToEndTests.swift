import Foundation
import TestSupport
import Testing

/// The cache shared by processes: two `ourplanet` refreshing one cache at once never leave a
/// damaged or mixed file.
@Suite("ourplanet cache across processes, end to end", .serialized, .tags(.spawnsProcess))
struct CacheEndToEndTests {
  @Test("two processes refreshing the same cache at once leave only whole files")
  func twoProcesses() throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let api = try FixtureAPI.standard(in: temporary.url)
    // Latency makes the two refreshes overlap request by request.
    let server = try FixtureServer(fixtures: api.directory, latencyMilliseconds: 30, idleTimeout: 120)
    defer { server.stop() }
    let cache = temporary.url.appendingPathComponent("cache").path
    let arguments = [
      binary, "categories", "--json", "--api", server.baseURL.absoluteString, "--cache-dir", cache,
    ]
    for round in 0..<3 {
      let runs = try [0, 1].map { _ in
        try BackgroundCommand(arguments: arguments, directory: temporary.url)
      }
      let results = try runs.map { try $0.wait() }
      for result in results { #expect(result.status == 0, "round \(round): \(result)") }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(files.filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary file left: \(files)")
    #expect(files.count >= 27, "categories and both halves of 13 categories: \(files)")
    // Every file reads back whole: offline, nothing is ignored and the counts are the live ones.
    let offline = try CommandRun.run(
      [binary, "categories", "--json", "--offline", "--cache-dir", cache], in: temporary.url,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(offline.status == 0, "\(offline)")
    #expect(!offline.standardError.contains("ignored cache file"), "\(offline.standardError)")
    #expect(offline.standardOutput.contains(#""id":"wildfires","title":"Wildfires","count":6"#), "\(offline)")
  }
}

/// A command started now and waited for later, its output in files.
private struct BackgroundCommand {
  let process = Process()
  let output: URL
  let errors: URL

  init(arguments: [String], directory: URL) throws {
    output = directory.appendingPathComponent("out-\(UUID().uuidString)")
    errors = directory.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = ["PATH": "/usr/bin:/bin"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
  }

  /// Waits (up to 60 s) for the end.
  func wait() throws -> CommandRun {
    let deadline = ContinuousClock.now + .seconds(60)
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        process.stop()
        throw CommandTimeout(arguments: process.arguments ?? [], timeout: .seconds(60))
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return CommandRun(
      status: process.terminationStatus,
      standardOutput: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
  }
}

/// The script commands when the network fails: the stored data, said to be stored, and exit 1.
@Suite("ourplanet script commands fall back to stored data, end to end", .serialized, .tags(.spawnsProcess))
struct ScriptFallbackEndToEndTests {
  /// Runs `body` with the binary, a scratch folder and a fixture server over the standard API.
  private func withServer(_ body: (String, URL, FixtureServer) throws -> Void) throws {
    guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let server = try FixtureServer(
      fixtures: FixtureAPI.standard(in: temporary.url).directory, idleTimeout: 120)
    defer { server.stop() }
    try body(binary, temporary.url, server)
  }

  @Test("a failed download prints that category's cached events, names the failure on stderr, exits 1")
  func failedCategory() throws {
    try withServer { binary, temporary, server in
      let cache = temporary.appendingPathComponent("cache").path
      let arguments = [
        binary, "categories", "--json", "--api", server.baseURL.absoluteString, "--cache-dir", cache,
      ]
      let environment = ["PATH": "/usr/bin:/bin"]
      let live = try CommandRun.run(arguments, in: temporary, environment: environment)
      #expect(live.status == 0, "\(live)")
      let wildfires = #""id":"wildfires","title":"Wildfires","count":6"#
      #expect(live.standardOutput.contains(wildfires), "\(live)")

      try server.setPlan(#"{"rules": [{"path": "/categories/wildfires", "fault": "status", "code": 500}]}"#)
      let failed = try CommandRun.run(arguments, in: temporary, environment: environment)
      #expect(failed.status == 1, "\(failed)")
      #expect(failed.standardOutput.contains(wildfires), "the cached wildfires are printed:\n\(failed)")
      #expect(failed.standardError.contains("wildfires:"), "the failed category is named:\n\(failed)")
      #expect(
        failed.standardError.contains("showing cache data fetched"), "stderr says what is cached:\n\(failed)")
    }
  }

  @Test("an unreachable server prints the whole cache, says it is cached and from when, exits 1")
  func unreachableServer() throws {
    try withServer { binary, temporary, server in
      let cache = temporary.appendingPathComponent("cache").path
      let environment = ["PATH": "/usr/bin:/bin"]
      let address = server.baseURL.absoluteString
      let live = try CommandRun.run(
        [binary, "categories", "--json", "--api", address, "--cache-dir", cache], in: temporary,
        environment: environment)
      #expect(live.status == 0, "\(live)")
      server.stop()

      let failed = try CommandRun.run(
        [binary, "categories", "--json", "--api", address, "--cache-dir", cache], in: temporary,
        environment: environment)
      #expect(failed.status == 1, "\(failed)")
      #expect(failed.standardOutput.contains(#""id":"wildfires","title":"Wildfires","count":6"#), "\(failed)")
      #expect(failed.standardError.contains("cannot refresh the categories"), "\(failed)")
      #expect(failed.standardError.contains("showing stored data"), "\(failed)")
      #expect(failed.standardError.contains("showing cache data fetched"), "says from when:\n\(failed)")
    }
  }
}
