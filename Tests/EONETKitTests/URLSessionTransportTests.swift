import Foundation
import Support
import TestSupport
import Testing

@testable import EONETKit

/// The real transport against the loopback fixture server.
@Suite("URLSessionTransport", .serialized)
struct URLSessionTransportTests {
  private let transport = URLSessionTransport()

  /// Sends `request` and waits (bounded) for the completion.
  private func send(_ request: HTTPRequest, wait: Double = 10) -> Result<HTTPResponse, EONETError>? {
    transport.sendAndWait(request, timeout: wait)
  }

  @Test("a 200 brings the body and the headers")
  func ok() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, plan: #"{"validators":true}"#)
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("categories")
    let response = try #require(try send(HTTPRequest(url: url))?.get())
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.header("etag")?.hasPrefix("\"") == true)
    #expect(try EONETDecoder().decodeCategories(from: response.body).elements.count == 13)
  }

  @Test("request headers reach the server; a 304 comes back as a 304")
  func conditional() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, plan: #"{"validators":true}"#)
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("categories")
    let first = try #require(try send(HTTPRequest(url: url))?.get())
    let etag = try #require(first.header("ETag"))
    let second = try #require(try send(HTTPRequest(url: url, headers: ["If-None-Match": etag]))?.get())
    #expect(second.status == 304)
    #expect(second.body.isEmpty)
    #expect(try server.stats().log.last?.ifNoneMatch == etag)
  }

  @Test("error statuses are responses, for the caller to judge", arguments: [404, 429, 500, 503])
  func statuses(code: Int) throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"status","code":\#(code)}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let response = try #require(
      try send(HTTPRequest(url: server.baseURL.appendingPathComponent("categories")))?.get())
    #expect(response.status == code)
  }

  @Test("a server that never answers times out on time")
  func timeout() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"hang","seconds":20}]}"#)
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("categories")
    let start = Date()
    let result = send(HTTPRequest(url: url, timeout: 0.5))
    let elapsed = Date().timeIntervalSince(start)
    #expect(result.map { if case .failure(.timedOut) = $0 { true } else { false } } == true)
    #expect(elapsed >= 0.45 && elapsed < 3)
  }

  @Test("a body over the cap is refused, whether its length is declared or not", arguments: [false, true])
  func sizeCap(undeclared: Bool) throws {
    let plan =
      #"{"rules":[{"path":"/categories","fault":"huge","bytes":2000000,"undeclared":\#(undeclared)}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("categories")
    let result = send(HTTPRequest(url: url, maximumBodyBytes: 1_000_000))
    guard case .failure(.responseTooLarge(_, let limit))? = result else {
      Issue.record("expected responseTooLarge, got \(String(describing: result))")
      return
    }
    #expect(limit == 1_000_000)
  }

  @Test("a connection refused is a transport error")
  func refused() throws {
    // Start and stop a server to get a port that nothing listens on.
    let server = try FixtureServer(fixtures: Fixtures.server)
    let url = server.baseURL.appendingPathComponent("categories")
    server.stop()
    let result = send(HTTPRequest(url: url, timeout: 5))
    guard case .failure(.transport)? = result else {
      Issue.record("expected a transport error, got \(String(describing: result))")
      return
    }
  }

  @Test("cancelling closes the connection and never completes")
  func cancel() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"hang","seconds":20}]}"#)
    defer { server.stop() }
    let completed = LockedValue(false)
    let task = transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("categories"))) { _ in
      completed.withLock { $0 = true }
    }
    #expect(eventually { (try? server.stats().inFlight) == 1 })
    task.cancel()
    #expect(eventually { (try? server.stats().log.first?.outcome) == "disconnected" })
    Thread.sleep(forTimeInterval: 0.2)
    #expect(completed.withLock { $0 } == false)
  }
}
