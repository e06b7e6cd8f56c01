import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts `Tests/Tools/fixture_server.py` for the refresh benchmark (the Benchmarks target does not
/// link TestSupport, whose `FixtureServer` does the same for tests).
final class EONETBenchmarkServer {
  let port: Int
  private let process: Process

  /// Starts the server on `fixtures` with `latency` milliseconds per request; `nil` if it cannot.
  init?(script: URL, fixtures: URL, latency: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, "--fixtures", fixtures.path, "--latency", String(latency),
      "--idle-timeout", "60", "--lifetime", "600",
    ]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    var line: [UInt8] = []
    // The port is the first line; the server prints it as soon as it listens.
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      guard let value = byte.first, value != UInt8(ascii: "\n") else { break }
      line.append(value)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      return nil
    }
    self.port = port
    self.process = process
  }

  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The most categories the server saw in flight at once (from `/__stats`).
  func maxInFlightCategories() -> Int? {
    guard let url = URL(string: "http://127.0.0.1:\(port)/__stats") else { return nil }
    let body = StatsBody()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: url) { data, _, _ in
      body.data.withLock { $0 = data }
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 5) == .success, let data = body.data.withLock({ $0 }),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["maxInFlightCategories"] as? Int
  }
}

/// The `/__stats` body, handed from URLSession's thread to the caller.
private final class StatsBody: Sendable {
  let data = Mutex<Data?>(nil)
}
