import Foundation
import Support
import TestSupport
import Testing

@testable import EONETKit

/// The socket transport against the loopback fixture server, including a hostile one.
@Suite("SocketTransport", .serialized)
struct SocketTransportTests {
  private let transport = SocketTransport()

  /// Sends `request` and waits (bounded) for the completion.
  private func send(_ request: HTTPRequest, wait: Double = 10) -> Result<HTTPResponse, EONETError>? {
    transport.sendAndWait(request, timeout: wait)
  }

  private func categories(_ server: FixtureServer, query: String = "") -> URL {
    URL(string: server.baseURL.absoluteString + "/categories" + query)!
  }

  private func transportMessage(_ result: Result<HTTPResponse, EONETError>?) -> String? {
    if case .failure(.transport(_, let message))? = result { return message }
    return nil
  }

  @Test("a 200 brings the body and lower-cased headers; request headers reach the server")
  func ok() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, plan: #"{"validators":true}"#)
    defer { server.stop() }
    let first = try #require(try send(HTTPRequest(url: categories(server)))?.get())
    #expect(first.status == 200)
    #expect(first.headers["content-type"] == "application/json")
    #expect(try EONETDecoder().decodeCategories(from: first.body).elements.count == 13)
    let etag = try #require(first.header("ETag"))
    let second = try #require(
      try send(HTTPRequest(url: categories(server), headers: ["If-None-Match": etag]))?.get())
    #expect(second.status == 304)
    #expect(second.body.isEmpty)
    #expect(try server.stats().log.last?.ifNoneMatch == etag)
  }

  @Test("a chunked body arrives whole, in one piece or many", arguments: [7, 100, 100_000])
  func chunked(piece: Int) throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"chunked","bytes":\#(piece)}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let response = try #require(try send(HTTPRequest(url: categories(server)))?.get())
    let file = try Data(contentsOf: Fixtures.server.appendingPathComponent("categories.json"))
    #expect(response.body == file)
  }

  @Test("a chunked body over the cap is refused")
  func chunkedCap() throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"chunked","bytes":100}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let result = send(HTTPRequest(url: categories(server), maximumBodyBytes: 1000))
    guard case .failure(.responseTooLarge(_, 1000))? = result else {
      Issue.record("expected responseTooLarge, got \(String(describing: result))")
      return
    }
  }

  @Test("a body shorter than its Content-Length is a clear failure")
  func short() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"short"}]}"#)
    defer { server.stop() }
    let message = try #require(transportMessage(send(HTTPRequest(url: categories(server)))))
    #expect(message.contains("closed after"), "\(message)")
  }

  @Test("a body over the cap is refused, whether its length is declared or not", arguments: [false, true])
  func sizeCap(undeclared: Bool) throws {
    let plan =
      #"{"rules":[{"path":"/categories","fault":"huge","bytes":2000000,"undeclared":\#(undeclared)}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let result = send(HTTPRequest(url: categories(server), maximumBodyBytes: 1_000_000))
    guard case .failure(.responseTooLarge(_, 1_000_000))? = result else {
      Issue.record("expected responseTooLarge, got \(String(describing: result))")
      return
    }
  }

  @Test("a body read to the close arrives whole")
  func readToClose() throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"huge","bytes":300000,"undeclared":true}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let response = try #require(try send(HTTPRequest(url: categories(server)))?.get())
    // The fixture's padding document is 4 bytes shorter than asked; its end proves nothing was cut.
    #expect(response.body.count == 299_996)
    #expect(response.body.suffix(2) == Data("\"}".utf8))
  }

  @Test("userinfo becomes Basic authorization and never reaches the request line")
  func credentials() throws {
    let server = try FixtureServer(fixtures: Fixtures.server)
    defer { server.stop() }
    let url = URL(string: "http://alice:s%3Acret@127.0.0.1:\(server.port)/categories?x=1")!
    _ = try #require(try send(HTTPRequest(url: url))?.get())
    let entry = try #require(try server.stats().log.last)
    #expect(entry.authorizationValue == "Basic " + Data("alice:s:cret".utf8).base64EncodedString())
    #expect(entry.target == "/categories?x=1")
  }

  @Test("a redirect to the same scheme is followed")
  func redirect() throws {
    let plan = #"{"rules":[{"path":"/old","fault":"redirect","code":301,"location":"/categories"}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let response = try #require(
      try send(HTTPRequest(url: server.baseURL.appendingPathComponent("old")))?.get())
    #expect(response.status == 200)
    #expect(try server.stats().log.map(\.path) == ["/old", "/categories"])
  }

  @Test("endless redirects stop with a clear failure")
  func redirectLoop() throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"redirect","location":"/categories"}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let message = try #require(transportMessage(send(HTTPRequest(url: categories(server)))))
    #expect(message.contains("redirects"))
    #expect(try server.stats().requests == SocketTransport.maximumRedirects + 1)
  }

  @Test(
    "malformed answers are clear failures, never a crash",
    arguments: [
      "garbage\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
      "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nx",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcdefgh\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", "HTTP/1.1 200",
      "\u{1B}[31m\u{0}\u{FF}\r\n\r\n", "",
    ])
  func malformed(response: String) throws {
    let escaped = String(data: try JSONEncoder().encode(response), encoding: .utf8)!
    let plan = #"{"rules":[{"path":"/categories","fault":"raw","response":\#(escaped)}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let message = transportMessage(send(HTTPRequest(url: categories(server))))
    #expect(message != nil && !message!.isEmpty)
  }

  @Test("too many header fields, or a head too long, is refused")
  func headLimits() throws {
    let many = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 300) + "\r\n"
    let long = "HTTP/1.1 200 OK\r\nX-A: " + String(repeating: "b", count: 70_000) + "\r\n\r\n"
    for response in [many, long] {
      let escaped = String(data: try JSONEncoder().encode(response), encoding: .utf8)!
      let plan = #"{"rules":[{"path":"/categories","fault":"raw","response":\#(escaped)}]}"#
      let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
      defer { server.stop() }
      #expect(transportMessage(send(HTTPRequest(url: categories(server)))) != nil)
    }
  }

  @Test("a server that never answers times out on time")
  func timeout() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"silent","seconds":20}]}"#)
    defer { server.stop() }
    let start = Date()
    let result = send(HTTPRequest(url: categories(server), timeout: 0.5))
    let elapsed = Date().timeIntervalSince(start)
    #expect(result.map { if case .failure(.timedOut) = $0 { true } else { false } } == true)
    #expect(elapsed >= 0.45 && elapsed < 3)
  }

  @Test("a refused connection is a transport error; IPv6 literals and names resolve")
  func addresses() throws {
    let server = try FixtureServer(fixtures: Fixtures.server)
    let byName = URL(string: "http://localhost:\(server.port)/categories")!
    #expect((try? send(HTTPRequest(url: byName))?.get())?.status == 200)
    let url = categories(server)
    server.stop()
    #expect(transportMessage(send(HTTPRequest(url: url, timeout: 5))) != nil)
    // Nothing listens on ::1 (the server binds 127.0.0.1): refused or unreachable, never a hang.
    let six = URL(string: "http://[::1]:\(server.port)/categories")!
    #expect(transportMessage(send(HTTPRequest(url: six, timeout: 5))) != nil)
  }

  @Test("cancelling after completion writes to no descriptor (its wake-up pipe is closed by then)")
  func cancelAfterCompletion() throws {
    let server = try FixtureServer(fixtures: Fixtures.server)
    defer { server.stop() }
    // Once the request's descriptors are closed, a new pipe takes the lowest free numbers: those.
    // Suites running beside this one open descriptors too, so the table may not settle back to what
    // it was; a request whose descriptors were seen to settle is what the check needs, so it tries
    // up to three requests (each waits up to 5 s) before giving up.
    var settledTask: (any HTTPTask)?
    for _ in 0..<3 where settledTask == nil {
      let openBefore = Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))
      let done = DispatchSemaphore(value: 0)
      let attempt = transport.send(HTTPRequest(url: categories(server))) { _ in done.signal() }
      #expect(done.wait(timeout: .now() + 10) == .success)
      let settled = try eventually {
        Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).isSubset(of: openBefore)
      }
      if settled { settledTask = attempt }
    }
    let task = try #require(settledTask, "the descriptor table never settled after a request")
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    defer { fds.forEach { close($0) } }
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    task.cancel()
    var byte: UInt8 = 0
    #expect(read(fds[0], &byte, 1) == -1, "cancel wrote into a descriptor it no longer owned")
  }

  @Test("cancelling closes the connection and never completes")
  func cancel() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"silent","seconds":20}]}"#)
    defer { server.stop() }
    let completed = LockedValue(false)
    let task = transport.send(HTTPRequest(url: categories(server))) { _ in completed.withLock { $0 = true } }
    #expect(eventually { (try? server.stats().inFlight) == 1 })
    task.cancel()
    #expect(eventually { (try? server.stats().log.first?.outcome) == "disconnected" })
    #expect(completed.withLock { $0 } == false)
  }
}

/// Content encodings through the socket transport.
@Suite("SocketTransport encodings", .serialized)
struct SocketTransportEncodingTests {
  private func send(_ request: HTTPRequest) -> Result<HTTPResponse, EONETError>? {
    SocketTransport().sendAndWait(request, timeout: 30)
  }

  @Test("a gzip body is decoded")
  func gzip() throws {
    let server = try FixtureServer(
      fixtures: Fixtures.server, plan: #"{"rules":[{"path":"/categories","fault":"gzip"}]}"#)
    defer { server.stop() }
    let response = try #require(
      try send(HTTPRequest(url: server.baseURL.appendingPathComponent("categories")))?.get())
    #expect(
      response.body == (try Data(contentsOf: Fixtures.server.appendingPathComponent("categories.json"))))
  }

  @Test("a gzip bomb fails at the cap on decoded bytes")
  func bomb() throws {
    let plan = #"{"rules":[{"path":"/categories","fault":"gzip-bomb","bytes":200000000}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan)
    defer { server.stop() }
    let result = send(
      HTTPRequest(url: server.baseURL.appendingPathComponent("categories"), maximumBodyBytes: 1_000_000))
    guard case .failure(.responseTooLarge(_, 1_000_000))? = result else {
      Issue.record("expected responseTooLarge, got \(String(describing: result))")
      return
    }
  }
}
