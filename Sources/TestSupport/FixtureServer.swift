import Foundation
import Support

/// The loopback EONET fixture server (`Tests/Tools/fixture_server.py`) run from Swift.
///
/// Serves a fixture folder on 127.0.0.1 with the latency and faults of a plan (see the script's
/// doc string for the plan's JSON), and records what it saw. The server stops itself when idle, when
/// this process dies, or after its lifetime; ``stop()`` (or `deinit`) stops it at once.
///
/// ```swift
/// let server = try FixtureServer(fixtures: fixturesURL, plan: #"{"latencyMs": 100}"#)
/// defer { server.stop() }
/// // ... point the client at server.baseURL ...
/// #expect(try server.stats().maxInFlightCategories <= 2)
/// ```
package final class FixtureServer: @unchecked Sendable {
  // @unchecked: `process` is only touched in `init` and `stop()`, and stopping twice is harmless.

  /// The port it listens on.
  package let port: Int
  /// `http://127.0.0.1:<port>` (`https://` for a TLS server): the API root to give the client.
  package let baseURL: URL
  /// Whether it speaks https (with `Tests/Tools/tls/server.pem`, which ``caBundle`` signed).
  package let tls: Bool
  private let process: Process

  /// The test-only CA that signed the TLS server's certificate: what `SSL_CERT_FILE` names for an
  /// app that talks to a TLS fixture server.
  package static let caBundle = toolsURL.appendingPathComponent("tls/ca.pem")
  static let toolsURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Tools")

  /// The server script, found relative to this source file.
  package static let scriptURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Tools/fixture_server.py")

  /// Errors starting or talking to the server.
  package struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String
  }

  /// A plan serving recorded data as it was recorded: only `status` and `limit` honoured, so the
  /// benchmarks download the same whole data set in every round, whatever its dates.
  package static let recordedPlan = #"{"honourParameters": ["status", "limit"]}"#

  /// Starts a server and waits (at most `startTimeout` seconds) for its port.
  ///
  /// - Parameters:
  ///   - fixtures: The folder to serve (`categories.json`, `categories/<id>.json`, ...).
  ///   - plan: The fault plan as JSON, or `nil` for none.
  ///   - latencyMilliseconds: Default latency of every request.
  ///   - idleTimeout: Seconds without requests after which the server exits.
  ///   - lifetime: Seconds after which the server exits regardless.
  ///   - startTimeout: Seconds to wait for the port.
  ///   - tls: Speak https, with a certificate for 127.0.0.1 and localhost that ``caBundle`` signed;
  ///     `wrongHost` presents one for another host name (signed by the same CA).
  /// - Throws: ``Failure`` if Python is missing or the server does not come up.
  package init(
    fixtures: URL, plan: String? = nil, latencyMilliseconds: Int = 0, idleTimeout: Double = 60,
    lifetime: Double = 600, startTimeout: Double = 10, tls: Bool = false, wrongHost: Bool = false
  ) throws {
    var arguments = [
      "--fixtures", fixtures.path, "--latency", String(latencyMilliseconds), "--idle-timeout",
      String(idleTimeout),
      "--lifetime", String(lifetime),
    ]
    if let plan { arguments += ["--plan", plan] }
    if tls {
      let name = wrongHost ? "wrong" : "server"
      let folder = Self.toolsURL.appendingPathComponent("tls")
      arguments += [
        "--tls-cert", folder.appendingPathComponent("\(name).pem").path,
        "--tls-key", folder.appendingPathComponent("\(name)-key.pem").path,
      ]
    }
    let (process, port) = try Self.launch(Self.scriptURL, arguments, startTimeout: startTimeout)
    self.process = process
    self.port = port
    self.tls = tls
    self.baseURL = URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)")!
  }

  deinit {
    stop()
  }

  /// Stops the server (SIGTERM, then SIGKILL after 2 s) and waits for it to exit.
  package func stop() {
    process.stop(grace: .seconds(2))
  }

  /// What the server has seen so far.
  ///
  /// - Throws: ``Failure`` if the server does not answer.
  package func stats() throws -> FixtureServerStats {
    let data = try control("GET", "/__stats")
    do {
      return try JSONDecoder().decode(FixtureServerStats.self, from: data)
    } catch {
      throw Failure(description: "unreadable stats: \(error)")
    }
  }

  /// Replaces the fault plan; the rules' `times` counters restart.
  ///
  /// - Parameter json: The plan.
  package func setPlan(_ json: String) throws {
    _ = try control("POST", "/__plan", body: Data(json.utf8))
  }

  /// Zeroes the counters and the log.
  package func resetStats() throws {
    _ = try control("POST", "/__reset")
  }

  /// The body of a GET of `path` (query included) on this server, whatever its status.
  ///
  /// - Throws: ``Failure`` when no answer comes within 30 s.
  package func get(_ path: String) throws -> (status: Int, body: Data) {
    try LoopbackRequest.send(
      "GET", URL(string: baseURL.absoluteString + path)!, caBundle: tls ? Self.caBundle.path : nil,
      timeout: 30)
  }

  private func control(_ method: String, _ path: String, body: Data? = nil) throws -> Data {
    let url = URL(string: baseURL.absoluteString + path)!
    let answer = try LoopbackRequest.send(
      method, url, body: body, caBundle: tls ? Self.caBundle.path : nil, timeout: 30)
    guard answer.status == 200 else {
      throw Failure(description: "\(method) \(path): status \(answer.status)")
    }
    return answer.body
  }

  /// Starts a loopback Python script of the tests' (it prints its port first and stops itself
  /// when this process dies) and waits at most `startTimeout` seconds for the port.
  static func launch(_ script: URL, _ arguments: [String], startTimeout: Double) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", script.path] + arguments
      + ["--parent-pid", String(ProcessInfo.processInfo.processIdentifier)]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot start \(script.path): \(error)")
    }
    guard let line = readLine(from: output.fileHandleForReading, timeout: startTimeout),
      let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw Failure(description: "\(script.lastPathComponent) did not report a port within \(startTimeout) s")
    }
    return (process, port)
  }

  /// Reads one line from `handle`, giving up after `timeout` seconds.
  private static func readLine(from handle: FileHandle, timeout: Double) -> String? {
    let line = OneShot<String?>()
    let reader = UncheckedHandle(handle: handle)
    DispatchQueue.global().async {
      var bytes: [UInt8] = []
      while true {
        let chunk = reader.handle.readData(ofLength: 1)
        guard let byte = chunk.first else { break }
        if byte == UInt8(ascii: "\n") { break }
        bytes.append(byte)
      }
      line.fulfil(bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self))
    }
    return line.wait(timeout: .milliseconds(Int(timeout * 1000))) ?? nil
  }

  private struct UncheckedHandle: @unchecked Sendable {
    // Only the reader thread touches the handle after `init` hands it over.
    let handle: FileHandle
  }
}
