import Foundation
import Support
import TestSupport
import Testing

@testable import EONETKit

/// The transport's contract, each case over `http://` and `https://` against the loopback fixture
/// server, hostile modes included: the path users take is the path tested. Each test has its own
/// server and transport, so the cases run side by side (most of their time is a server starting).
///
/// Not tagged `.spawnsProcess`, though it starts the fixture server: the transport's thread (one
/// curl multi handle, woken across threads) runs in this process, which is what ThreadSanitizer
/// must watch; the server is only its peer.
@Suite("CurlTransport contract")
struct CurlTransportTests {
  /// A transport that trusts the fixture's test CA, as `SSL_CERT_FILE` makes the app trust it.
  private let transport = CurlTransport(environment: ["SSL_CERT_FILE": FixtureServer.caBundle.path])

  private func send(_ request: HTTPRequest, wait: Double = 20) -> Result<HTTPResponse, EONETError>? {
    transport.sendAndWait(request, timeout: wait)
  }

  private func server(tls: Bool, plan: String? = nil) throws -> FixtureServer {
    try FixtureServer(fixtures: Fixtures.server, plan: plan, tls: tls)
  }

  private func rule(_ fault: String, _ extra: String = "", path: String = "/categories") -> String {
    #"{"rules":[{"path":"\#(path)","fault":"\#(fault)"\#(extra)}]}"#
  }

  private func categories(_ server: FixtureServer, query: String = "") -> URL {
    URL(string: server.baseURL.absoluteString + "/categories" + query)!
  }

  private var categoriesFile: Data {
    get throws { try Data(contentsOf: Fixtures.server.appendingPathComponent("categories.json")) }
  }

  private func transportMessage(_ result: Result<HTTPResponse, EONETError>?) -> String? {
    if case .failure(.transport(_, let message))? = result { return message }
    return nil
  }

  private func isTooLarge(_ result: Result<HTTPResponse, EONETError>?, limit: Int) -> Bool {
    if case .failure(.responseTooLarge(_, let refused))? = result { return refused == limit }
    return false
  }

  @Test(
    "a 200 brings the body and lower-cased headers; a conditional request gets its 304",
    arguments: [false, true])
  func ok(tls: Bool) throws {
    let server = try server(tls: tls, plan: #"{"validators":true}"#)
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

  @Test("error statuses are responses, for the caller to judge", arguments: [false, true], [404, 429, 503])
  func statuses(tls: Bool, code: Int) throws {
    let server = try server(tls: tls, plan: rule("status", #","code":\#(code)"#))
    defer { server.stop() }
    #expect(try send(HTTPRequest(url: categories(server)))?.get().status == code)
  }

  @Test("requests in a row share one connection", arguments: [false, true])
  func reuse(tls: Bool) throws {
    let server = try server(tls: tls)
    defer { server.stop() }
    for _ in 0..<4 { _ = try #require(try send(HTTPRequest(url: categories(server)))?.get()) }
    let connections = Set(try server.stats().log.compactMap(\.connection))
    #expect(connections.count == 1, "4 requests came on \(connections.count) connections")
  }

  @Test("a chunked body arrives whole, in one piece or many", arguments: [false, true], [7, 100_000])
  func chunked(tls: Bool, piece: Int) throws {
    let server = try server(tls: tls, plan: rule("chunked", #","bytes":\#(piece)"#))
    defer { server.stop() }
    #expect(try send(HTTPRequest(url: categories(server)))?.get().body == categoriesFile)
  }

  @Test("an interim 103 in its own packet, then the answer", arguments: [false, true])
  func earlyHints(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("early-hints"))
    defer { server.stop() }
    let response = try #require(try send(HTTPRequest(url: categories(server)))?.get())
    #expect(response.status == 200)
    #expect(response.header("link") == nil, "the interim response's headers leaked into the answer")
    #expect(response.body == (try categoriesFile))
  }

  @Test(
    "gzip is decoded, an extra field of 510 bytes included", arguments: [false, true], ["gzip", "gzip-extra"])
  func gzip(tls: Bool, fault: String) throws {
    let server = try server(tls: tls, plan: rule(fault))
    defer { server.stop() }
    #expect(try send(HTTPRequest(url: categories(server)))?.get().body == categoriesFile)
  }

  @Test("a gzip bomb fails at the cap on decoded bytes", arguments: [false, true])
  func bomb(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("gzip-bomb", #","bytes":200000000"#))
    defer { server.stop() }
    #expect(
      isTooLarge(send(HTTPRequest(url: categories(server), maximumBodyBytes: 1_000_000)), limit: 1_000_000))
  }

  @Test(
    "a body over the cap is refused: declared, undeclared or chunked", arguments: [false, true],
    [#","bytes":2000000"#, #","bytes":2000000,"undeclared":true"#, "chunked"])
  func sizeCap(tls: Bool, shape: String) throws {
    let plan = shape == "chunked" ? rule("chunked", #","bytes":100"#) : rule("huge", shape)
    let limit = shape == "chunked" ? 1000 : 1_000_000
    let server = try server(tls: tls, plan: plan)
    defer { server.stop() }
    #expect(isTooLarge(send(HTTPRequest(url: categories(server), maximumBodyBytes: limit)), limit: limit))
  }

  @Test("a body read to the close arrives whole", arguments: [false, true])
  func readToClose(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("huge", #","bytes":300000,"undeclared":true"#))
    defer { server.stop() }
    let response = try #require(try send(HTTPRequest(url: categories(server)))?.get())
    // The fixture's padding document is 4 bytes shorter than asked; its end proves nothing was cut.
    #expect(response.body.count == 299_996)
    #expect(response.body.suffix(2) == Data("\"}".utf8))
  }

  @Test("a body shorter than its Content-Length is a clear failure", arguments: [false, true])
  func short(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("short"))
    defer { server.stop() }
    let message = try #require(transportMessage(send(HTTPRequest(url: categories(server)))))
    #expect(message.contains("before the whole body"), "\(message)")
  }

  @Test(
    "malformed answers are one clear failure, never a crash", arguments: [false, true],
    [
      "garbage\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcdefgh\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
      "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nnotgz", "HTTP/1.1 200",
      "\u{1B}[31m\u{0}\u{FF}\r\n\r\n", "",
    ])
  func malformed(tls: Bool, response: String) throws {
    let escaped = String(data: try JSONEncoder().encode(response), encoding: .utf8)!
    let server = try server(tls: tls, plan: rule("raw", #","response":\#(escaped)"#))
    defer { server.stop() }
    let result = send(HTTPRequest(url: categories(server), timeout: 10))
    let message = try #require(transportMessage(result), "\(String(describing: result))")
    #expect(!message.isEmpty && !message.contains("\n"))
  }

  @Test("too many header fields, or a head too long, is refused", arguments: [false, true])
  func headLimits(tls: Bool) throws {
    let many = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 40_000) + "\r\n"
    let long = "HTTP/1.1 200 OK\r\nX-A: " + String(repeating: "b", count: 300_000) + "\r\n\r\n"
    for response in [many, long] {
      let escaped = String(data: try JSONEncoder().encode(response), encoding: .utf8)!
      // Too long for a command line: posted once the server runs.
      let server = try server(tls: tls)
      defer { server.stop() }
      try server.setPlan(rule("raw", #","response":\#(escaped)"#))
      let message = transportMessage(send(HTTPRequest(url: categories(server))))
      #expect(message?.contains("longer than") == true, "\(String(describing: message))")
    }
  }

  @Test(
    "an answer that never ends (trailers, chunk extensions) stops at the deadline", arguments: [false, true],
    ["endless-trailers", "endless-extensions"])
  func endless(tls: Bool, fault: String) throws {
    let server = try server(tls: tls, plan: rule(fault, #","seconds":20"#))
    defer { server.stop() }
    let start = Date()
    let result = send(HTTPRequest(url: categories(server), timeout: 2))
    let elapsed = Date().timeIntervalSince(start)
    guard case .failure = result else {
      Issue.record("expected a failure, got \(String(describing: result))")
      return
    }
    #expect(elapsed < 10, "took \(elapsed) s")
  }

  @Test("a server that never answers times out on time", arguments: [false, true])
  func timeout(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("silent", #","seconds":20"#))
    defer { server.stop() }
    let start = Date()
    let result = send(HTTPRequest(url: categories(server), timeout: 0.5))
    let elapsed = Date().timeIntervalSince(start)
    #expect(result.map { if case .failure(.timedOut) = $0 { true } else { false } } == true)
    #expect(elapsed >= 0.45 && elapsed < 5)
  }

  @Test("credentials go to their host as Basic auth, never in the request line", arguments: [false, true])
  func credentials(tls: Bool) throws {
    let server = try server(tls: tls)
    defer { server.stop() }
    let scheme = tls ? "https" : "http"
    let url = URL(string: "\(scheme)://alice:s%3Acret@127.0.0.1:\(server.port)/categories?x=1")!
    _ = try #require(try send(HTTPRequest(url: url))?.get())
    let entry = try #require(try server.stats().log.last)
    #expect(entry.authorizationValue == "Basic " + Data("alice:s:cret".utf8).base64EncodedString())
    #expect(entry.target == "/categories?x=1")
  }

  @Test("credentials are not forwarded when a redirect leads to another host", arguments: [false, true])
  func credentialsStayHome(tls: Bool) throws {
    let server = try server(tls: tls)
    defer { server.stop() }
    // localhost is the same server under another host name: a different host to the client.
    let scheme = tls ? "https" : "http"
    try server.setPlan(
      rule(
        "redirect", #","code":302,"location":"\#(scheme)://localhost:\#(server.port)/categories""#,
        path: "/old"))
    let url = URL(string: "\(scheme)://alice:secret@127.0.0.1:\(server.port)/old")!
    let response = try #require(try send(HTTPRequest(url: url))?.get())
    #expect(response.status == 200)
    let log = try server.stats().log
    #expect(log.map(\.path) == ["/old", "/categories"])
    #expect(log.first?.authorization == true)
    #expect(log.last?.authorization == false, "the password went to the redirect's host")
  }

  @Test("a redirect to the same scheme is followed; endless ones stop at 5", arguments: [false, true])
  func redirects(tls: Bool) throws {
    let server = try server(
      tls: tls, plan: rule("redirect", #","code":301,"location":"/categories""#, path: "/old"))
    defer { server.stop() }
    let response = try #require(
      try send(HTTPRequest(url: server.baseURL.appendingPathComponent("old")))?.get())
    #expect(response.status == 200)
    try server.setPlan(rule("redirect", #","location":"/categories""#))
    try server.resetStats()
    let message = try #require(transportMessage(send(HTTPRequest(url: categories(server)))))
    #expect(message.contains("more than 5 redirects"), "\(message)")
    #expect(try server.stats().requests == CurlTransport.maximumRedirects + 1)
  }

  @Test("a redirect to file: or another scheme is refused, never followed", arguments: [false, true])
  func redirectScheme(tls: Bool) throws {
    for location in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1:70/x"] {
      let server = try server(tls: tls, plan: rule("redirect", #","location":"\#(location)""#))
      defer { server.stop() }
      let message = try #require(transportMessage(send(HTTPRequest(url: categories(server)))))
      #expect(message.contains("other than http or https"), "\(location): \(message)")
    }
  }

  @Test("a refused connection and an address nothing listens on fail in one line", arguments: [false, true])
  func refused(tls: Bool) throws {
    let server = try server(tls: tls)
    let url = categories(server)
    server.stop()
    let message = try #require(transportMessage(send(HTTPRequest(url: url, timeout: 5))))
    #expect(message.contains("refused"), "\(message)")
    let six = URL(string: "\(tls ? "https" : "http")://[::1]:\(server.port)/categories")!
    #expect(transportMessage(send(HTTPRequest(url: six, timeout: 5))) != nil)
  }

  @Test("a host name that does not resolve is named as such", arguments: [false, true])
  func unresolvable(tls: Bool) throws {
    // `.invalid` never resolves (RFC 6761), with a network or without.
    let url = URL(string: "\(tls ? "https" : "http")://no-such-host.invalid/categories")!
    let message = try #require(transportMessage(send(HTTPRequest(url: url, timeout: 10))))
    #expect(message.contains("cannot resolve the host name"), "\(message)")
  }

  @Test("cancelling closes the connection and never completes", arguments: [false, true])
  func cancel(tls: Bool) throws {
    let server = try server(tls: tls, plan: rule("silent", #","seconds":20"#))
    defer { server.stop() }
    let completed = LockedValue(false)
    let task = transport.send(HTTPRequest(url: categories(server))) { _ in completed.withLock { $0 = true } }
    #expect(eventually { (try? server.stats().inFlight) == 1 })
    task.cancel()
    #expect(eventually { (try? server.stats().log.first?.outcome) == "disconnected" })
    // A later request completes: the driver went on after the cancel, and the cancelled one stayed quiet.
    try server.setPlan("{}")
    #expect(try send(HTTPRequest(url: categories(server)))?.get().status == 200)
    #expect(completed.withLock { $0 } == false)
  }

  @Test("a transport let go with a request in flight completes it as cancelled, once")
  func shutDown() throws {
    let server = try server(tls: false, plan: rule("silent", #","seconds":20"#))
    defer { server.stop() }
    let outcome = OneShot<Result<HTTPResponse, EONETError>>()
    var transport: CurlTransport? = CurlTransport(environment: [:])
    _ = transport?.send(HTTPRequest(url: categories(server))) { outcome.fulfil($0) }
    #expect(eventually { (try? server.stats().inFlight) == 1 })
    transport = nil
    let result = try #require(outcome.wait(timeout: .seconds(10)))
    guard case .failure(.cancelled) = result else {
      Issue.record("expected cancelled, got \(result)")
      return
    }
  }

  @Test("a request header with a line break is refused before anything is sent")
  func headerInjection() throws {
    let server = try server(tls: false)
    defer { server.stop() }
    let request = HTTPRequest(url: categories(server), headers: ["If-None-Match": "x\r\nX-Evil: 1"])
    #expect(transportMessage(send(request))?.contains("line break") == true)
    #expect(try server.stats().requests == 0)
  }
}

/// What only https has: whom to trust. Under ThreadSanitizer like the contract (see there).
@Suite("CurlTransport TLS")
struct CurlTransportTLSTests {
  private func message(_ result: Result<HTTPResponse, EONETError>?) -> String? {
    if case .failure(.transport(_, let message))? = result { return message }
    return nil
  }

  @Test("a certificate nobody vouched for is 'not trusted', naming SSL_CERT_FILE")
  func untrusted() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, tls: true)
    defer { server.stop() }
    let result = CurlTransport(environment: [:]).sendAndWait(
      HTTPRequest(url: server.baseURL.appendingPathComponent("categories")), timeout: 20)
    let text = try #require(message(result), "\(String(describing: result))")
    #expect(text.contains("not trusted") && text.contains("SSL_CERT_FILE"), "\(text)")
    #expect(try server.stats().requests == 0)
  }

  @Test("CURL_CA_BUNDLE names the CA as SSL_CERT_FILE does, and wins over it")
  func curlBundle() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, tls: true)
    defer { server.stop() }
    let environment = ["CURL_CA_BUNDLE": FixtureServer.caBundle.path, "SSL_CERT_FILE": "/nonexistent/ca.pem"]
    let result = CurlTransport(environment: environment).sendAndWait(
      HTTPRequest(url: server.baseURL.appendingPathComponent("categories")), timeout: 20)
    #expect(try result?.get().status == 200)
  }

  @Test("a CA bundle that cannot be read is named with its variable")
  func unreadableBundle() throws {
    let server = try FixtureServer(fixtures: Fixtures.server, tls: true)
    defer { server.stop() }
    let result = CurlTransport(environment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"]).sendAndWait(
      HTTPRequest(url: server.baseURL.appendingPathComponent("categories")), timeout: 20)
    let text = try #require(message(result), "\(String(describing: result))")
    #expect(text.contains("/nonexistent/ca.pem") && text.contains("SSL_CERT_FILE"), "\(text)")
  }

  @Test("a redirect to a host whose certificate does not match fails cleanly, every time")
  func redirectToWrongHost() throws {
    let wrong = try FixtureServer(fixtures: Fixtures.server, tls: true, wrongHost: true)
    defer { wrong.stop() }
    let location = "https://127.0.0.1:\(wrong.port)/categories"
    let plan = #"{"rules":[{"path":"/categories","fault":"redirect","location":"\#(location)"}]}"#
    let server = try FixtureServer(fixtures: Fixtures.server, plan: plan, tls: true)
    defer { server.stop() }
    let transport = CurlTransport(environment: ["SSL_CERT_FILE": FixtureServer.caBundle.path])
    for _ in 0..<10 {
      let result = transport.sendAndWait(
        HTTPRequest(url: server.baseURL.appendingPathComponent("categories")), timeout: 20)
      #expect(message(result)?.contains("not trusted") == true, "\(String(describing: result))")
    }
    #expect(try wrong.stats().requests == 0)
  }
}
