import Foundation

/// The loopback HTTP proxy of the tests (`Tests/Tools/counting_proxy.py`): forwards plain requests
/// and tunnels CONNECT to loopback addresses only, and counts both.
///
/// ```swift
/// let proxy = try CountingProxy()
/// defer { proxy.stop() }
/// // run the app with https_proxy=proxy.url ...
/// #expect(try proxy.stats().connect > 0)
/// ```
package final class CountingProxy: @unchecked Sendable {
  // @unchecked: `process` is only touched in `init` and `stop()`, and stopping twice is harmless.

  /// What the proxy forwarded.
  package struct Stats: Decodable, Sendable {
    /// Plain requests forwarded (`http://` through the proxy).
    package let plain: Int
    /// Tunnels opened (`https://` through the proxy).
    package let connect: Int
    /// Requests for a target that is not loopback, refused.
    package let refused: Int
    /// Every target asked for, in order.
    package let targets: [String]
  }

  /// `http://127.0.0.1:<port>`: what `http_proxy` and `https_proxy` name.
  package let url: URL
  private let process: Process

  /// Starts a proxy and waits (at most 10 s) for its port.
  ///
  /// - Throws: ``FixtureServer/Failure`` if it does not come up.
  package init() throws {
    let script = FixtureServer.toolsURL.appendingPathComponent("counting_proxy.py")
    let (process, port) = try FixtureServer.launch(script, ["--idle-timeout", "120"], startTimeout: 10)
    self.process = process
    url = URL(string: "http://127.0.0.1:\(port)")!
  }

  deinit {
    stop()
  }

  /// Stops the proxy and waits for it to exit.
  package func stop() {
    process.stop(grace: .seconds(2))
  }

  /// What it has forwarded so far.
  package func stats() throws -> Stats {
    let answer = try LoopbackRequest.send("GET", url.appendingPathComponent("__stats"), timeout: 30)
    do {
      return try JSONDecoder().decode(Stats.self, from: answer.body)
    } catch {
      throw FixtureServer.Failure(description: "unreadable proxy stats: \(error)")
    }
  }
}
