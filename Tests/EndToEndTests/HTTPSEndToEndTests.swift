import Foundation
import TestSupport
import Testing

/// The path users take: https (trusting a CA named by `SSL_CERT_FILE`), through their proxy, with
/// the app's own binary, its commands, its UI and `watch`.
@Suite("https and proxies, end to end", .serialized, .tags(.spawnsProcess))
struct HTTPSEndToEndTests {
  /// A fixture API served over https (or http), a cache folder and the app's environment.
  private struct World {
    let temporary: TemporaryDirectory
    let server: FixtureServer
    let binary: String

    init(tls: Bool = true, plan: String? = nil) throws {
      guard let binary = AppHarness.binaryPath else { throw HarnessError.missingBinary }
      self.binary = binary
      temporary = try TemporaryDirectory()
      server = try FixtureServer(
        fixtures: FixtureAPI.standard(in: temporary.url).directory, plan: plan, idleTimeout: 120, tls: tls)
    }

    var cache: URL { temporary.url.appendingPathComponent("cache") }

    /// The environment of a user who trusts the test CA, with `extra` added.
    func environment(_ extra: [String: String] = [:], trusting: Bool = true) -> [String: String] {
      var environment = [
        "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": temporary.url.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": temporary.url.appendingPathComponent("config").path,
      ]
      if trusting { environment["SSL_CERT_FILE"] = FixtureServer.caBundle.path }
      return environment.merging(extra) { $1 }
    }

    func run(_ arguments: [String], _ environment: [String: String]) throws -> CommandRun {
      try CommandRun.run(
        [binary] + arguments + ["--api", server.baseURL.absoluteString, "--cache-dir", cache.path],
        in: temporary.url, environment: environment)
    }

    func finish() {
      server.stop()
      temporary.remove()
    }
  }

  /// Every file of the cache and its bytes.
  private func contents(of folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      files[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  @Test("categories and events over https, the per-category downloads sharing connections")
  func commands() throws {
    let world = try World()
    defer { world.finish() }
    let categories = try world.run(["categories"], world.environment())
    #expect(categories.status == 0, "\(categories)")
    #expect(categories.standardOutput.contains("Wildfires"), "\(categories)")
    let log = try world.server.stats().log
    let connections = Set(log.compactMap(\.connection)).count
    // Two at a time over 13 categories' two halves: many requests, few connections.
    #expect(
      log.count >= 14 && connections <= log.count / 3, "\(log.count) requests on \(connections) connections")
    let events = try world.run(["events", "wildfires", "--days", "30", "--json"], world.environment())
    #expect(events.status == 0, "\(events)")
    #expect(events.standardOutput.contains("\"EONET_1\""), "\(events)")
  }

  @Test("an untrusted certificate: one line naming SSL_CERT_FILE, exit 1, the cache kept as it was")
  func untrusted() throws {
    let world = try World()
    defer { world.finish() }
    #expect(try world.run(["categories"], world.environment()).status == 0)
    let before = contents(of: world.cache)
    #expect(!before.isEmpty)
    let run = try world.run(["categories"], world.environment(trusting: false))
    #expect(run.status == 1, "\(run)")
    let lines = run.standardError.split(separator: "\n")
    #expect(lines.contains { $0.contains("not trusted") && $0.contains("SSL_CERT_FILE") }, "\(run)")
    #expect(contents(of: world.cache) == before, "a failed run replaced cached data")
  }

  @Test(
    "http_proxy, https_proxy and HTTPS_PROXY carry the requests; no_proxy bypasses them",
    arguments: [(false, "http_proxy"), (true, "https_proxy"), (true, "HTTPS_PROXY")])
  func proxies(tls: Bool, variable: String) throws {
    let world = try World(tls: tls)
    defer { world.finish() }
    let proxy = try CountingProxy()
    defer { proxy.stop() }
    let proxied = try world.run(["categories"], world.environment([variable: proxy.url.absoluteString]))
    #expect(proxied.status == 0, "\(proxied)")
    let stats = try proxy.stats()
    let served = try world.server.stats().requests
    if tls {
      // Tunnels, reused across requests: at least one, never more than the requests.
      #expect(stats.connect >= 1 && stats.connect <= served && stats.plain == 0, "\(stats)")
    } else {
      #expect(stats.plain == served && stats.connect == 0, "\(stats), \(served) served")
    }
    let bypassed = try world.run(
      ["categories"], world.environment([variable: proxy.url.absoluteString, "no_proxy": "127.0.0.1"]))
    #expect(bypassed.status == 0, "\(bypassed)")
    let after = try proxy.stats()
    #expect(after.plain + after.connect == stats.plain + stats.connect, "no_proxy was not honoured")
  }

  @Test(
    "a hostile answer over http or https ends the command with one line, never a crash",
    arguments: [false, true],
    [
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
      "HTTP/1.1 301 Moved\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n",
    ])
  func hostile(tls: Bool, response: String) throws {
    let escaped = String(data: try JSONEncoder().encode(response), encoding: .utf8)!
    let world = try World(
      tls: tls, plan: #"{"rules":[{"pathPrefix":"/categories","fault":"raw","response":\#(escaped)}]}"#)
    defer { world.finish() }
    let run = try world.run(["categories"], world.environment())
    #expect(run.status == 1, "\(run)")
    #expect(!run.standardError.contains("Fatal error"), "\(run)")
    #expect(run.standardError.contains("cannot reach"), "\(run)")
  }

  @Test("the UI over https shows the live categories", .enabled(if: TmuxSession.isAvailable))
  func interface() throws {
    let world = try World()
    defer { world.finish() }
    let app = try AppHarness.start(
      arguments: ["--api", world.server.baseURL.absoluteString, "--days", "30"], cacheDirectory: world.cache,
      // CURL_CA_BUNDLE wins over SSL_CERT_FILE (as in curl), and some machines set it: emptied, it is unset.
      environment: ["SSL_CERT_FILE": FixtureServer.caBundle.path, "CURL_CA_BUNDLE": ""])
    defer { app.tmux.close() }
    try app.waitFor("Wildfires", "live, updated", timeout: .seconds(30))
    #expect(try world.server.stats().requests >= 14)
  }

  @Test("watch over https keeps its baseline and announces a change")
  func watch() throws {
    let world = try World()
    defer { world.finish() }
    let state = world.temporary.url.appendingPathComponent("state/ourplanet/announced.json")
    let run = try BackgroundRun(
      binary: world.binary,
      arguments: [
        "watch", "--interval", "1s", "--json", "--days", "30", "--api", world.server.baseURL.absoluteString,
        "--cache-dir", world.cache.path,
      ], environment: world.environment())
    try waitUntil("the baseline is recorded") { FileManager.default.fileExists(atPath: state.path) }
    _ = try FixtureAPI(in: world.temporary.url, events: FixtureAPI.changedEvents)
    try waitUntil("a change is announced", timeout: .seconds(60)) { run.output.contains("EONET_101") }
    _ = try run.terminate()
    #expect(!run.errors.contains("cannot reach"), "\(run.errors)")
  }
}
