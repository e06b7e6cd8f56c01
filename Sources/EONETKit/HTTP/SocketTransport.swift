import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// ``HTTPTransport`` for `http://` URLs: HTTP/1.1 over a POSIX socket, idle while it waits.
///
/// Each request runs on its own thread, which blocks only in `poll` on the socket and a wake-up pipe,
/// with the time left until the whole-response deadline as its timeout: a server that never answers
/// costs no CPU (URLSession on Linux spins in that case, see ``URLSessionTransport``). Cancelling
/// writes to the pipe, so the thread wakes at once, closes the socket and never completes.
///
/// It asks for `gzip` and `deflate` and decodes them itself (``Inflater``), checking the body cap on
/// the decoded bytes as they are produced; any other `Content-Encoding` fails clearly. It follows up to 5 redirects to `http://` URLs;
/// userinfo in a URL becomes an `Authorization: Basic` header and never appears in the request line.
///
/// ```swift
/// let transport = SocketTransport()
/// let task = transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:8080/categories")!)) { print($0) }
/// ```
public final class SocketTransport: HTTPTransport {
  /// The most redirects followed for one request.
  static let maximumRedirects = 5
  /// The longest response head accepted.
  static let maximumHeadBytes = 64 * 1024

  /// Creates a transport.
  public init() {}

  public func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    let exchange = Exchange(request: request, completion: completion)
    let thread = Thread { exchange.run() }
    thread.name = "ourplanet.http"
    thread.start()
    return exchange
  }
}

/// One request on its thread: the socket, the wake-up pipe and the once-only completion.
private final class Exchange: HTTPTask, @unchecked Sendable {
  // @unchecked: `state` is behind its lock; the socket and buffer belong to the request's thread;
  // the pipe's descriptors are fixed at `init` and closed only by that thread after it is done.
  private struct State {
    var completion: (@Sendable (Result<HTTPResponse, EONETError>) -> Void)?
    var cancelled = false
    /// The pipe is closed: its descriptor numbers may already belong to another file.
    var finished = false
  }

  private let request: HTTPRequest
  private let state: LockedValue<State>
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let deadline: UInt64

  init(request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void) {
    self.request = request
    self.state = LockedValue(State(completion: completion))
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
    }
    (wakeRead, wakeWrite) = (fds[0], fds[1])
    deadline = Self.now() + UInt64(max(0, request.timeout) * 1e9)
  }

  func cancel() {
    // Under the lock: `run` closes the pipe under it too, so this never writes to a descriptor
    // number that was closed and reused (a cancel after completion is the usual case).
    state.withLock { state in
      state.completion = nil
      guard !state.cancelled, !state.finished else { return }
      state.cancelled = true
      if wakeWrite >= 0 {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
      }
    }
  }

  func run() {
    let result: Result<HTTPResponse, EONETError>
    if wakeRead < 0 {
      result = .failure(.transport(url: request.url.absoluteString, message: "cannot create a pipe"))
    } else {
      result = Result { () throws(Failure) in try fetch() }.mapError { failure in
        switch failure {
        case .error(let error): return error
        case .cancelled: return .cancelled(url: request.url.absoluteString)
        }
      }
    }
    // Taken out under the lock, called outside it; nil when cancelled.
    let completion = state.withLock { state in
      defer { state.completion = nil }
      return state.completion
    }
    completion?(result)
    state.withLock { state in
      state.finished = true
      if wakeRead >= 0 { close(wakeRead) }
      if wakeWrite >= 0 { close(wakeWrite) }
    }
  }

  // MARK: The exchange

  private enum Failure: Error {
    case error(EONETError)
    case cancelled
  }

  private func fail(_ message: String) -> Failure {
    .error(.transport(url: request.url.absoluteString, message: message))
  }

  private func fetch() throws(Failure) -> HTTPResponse {
    var url = request.url
    var redirects = 0
    while true {
      let response = try exchange(url)
      guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location")
      else { return response }
      guard redirects < SocketTransport.maximumRedirects else {
        throw fail("more than \(SocketTransport.maximumRedirects) redirects")
      }
      guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
        next.scheme?.lowercased() == "http"
      else { return response }
      redirects += 1
      url = next
    }
  }

  /// One request and response on a fresh connection.
  private func exchange(_ url: URL) throws(Failure) -> HTTPResponse {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      components.scheme?.lowercased() == "http", var host = components.host, !host.isEmpty
    else { throw .error(.invalidURL(url.absoluteString)) }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let port = components.port ?? 80
    guard (1...65_535).contains(port) else { throw .error(.invalidURL(url.absoluteString)) }
    let socket = try connect(host: host, port: port)
    defer { close(socket) }
    try sendAll(requestBytes(components, host: host, port: port), on: socket)
    return try readResponse(from: socket)
  }

  private func requestBytes(_ components: URLComponents, host: String, port: Int) throws(Failure) -> [UInt8] {
    var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    if let query = components.percentEncodedQuery { target += "?" + query }
    let hostField = (host.contains(":") ? "[\(host)]" : host) + (port == 80 ? "" : ":\(port)")
    var fields: [(String, String)] = [
      ("Host", hostField), ("User-Agent", "ourplanet"), ("Accept-Encoding", "gzip, deflate"),
      ("Connection", "close"),
    ]
    if components.user != nil || components.password != nil {
      let pair = (components.user ?? "") + ":" + (components.password ?? "")
      fields.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
    }
    let fixed = Set(fields.map { $0.0.lowercased() })
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
    where !fixed.contains(name.lowercased()) {
      fields.append((name, value))
    }
    var text = "GET \(target) HTTP/1.1\r\n"
    for (name, value) in fields {
      // A CR or LF would let a value start a new header or end the head.
      guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline),
        !target.contains(where: \.isNewline)
      else { throw fail("a request header contains a line break") }
      text += "\(name): \(value)\r\n"
    }
    text += "\r\n"
    return Array(text.utf8)
  }

  // MARK: Sockets

  private func connect(host: String, port: Int) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_ADDRCONFIG
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
      throw fail("cannot resolve \(host): \(String(cString: gai_strerror(resolved)))")
    }
    defer { freeaddrinfo(first) }
    var lastError = ECONNREFUSED
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let info = cursor {
      cursor = info.pointee.ai_next
      let fd = socket(
        info.pointee.ai_family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
      guard fd >= 0 else {
        lastError = errno
        continue
      }
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
      guard errno == EINPROGRESS else {
        lastError = errno
        close(fd)
        continue
      }
      do {
        try wait(for: fd, events: Int16(POLLOUT))
      } catch {
        close(fd)
        throw error
      }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
      if code == 0 { return fd }
      lastError = code
      close(fd)
    }
    throw fail(String(cString: strerror(lastError)))
  }

  /// Blocks in `poll` until `fd` is ready for `events`, the request is cancelled, or the deadline.
  private func wait(for fd: Int32, events: Int16) throws(Failure) {
    while true {
      if state.withLock({ $0.cancelled }) { throw .cancelled }
      let now = Self.now()
      guard now < deadline else {
        throw .error(.timedOut(url: request.url.absoluteString, seconds: request.timeout))
      }
      let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
      var fds = [
        pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, milliseconds)
      if ready < 0, errno != EINTR { throw fail("poll: \(String(cString: strerror(errno)))") }
      if fds[1].revents != 0 { throw .cancelled }
      if ready > 0, fds[0].revents != 0 { return }
    }
  }

  private func sendAll(_ bytes: [UInt8], on fd: Int32) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if sent > 0 {
        offset += sent
      } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        try wait(for: fd, events: Int16(POLLOUT))
      } else {
        throw fail("cannot send the request: \(String(cString: strerror(errno)))")
      }
    }
  }

  // MARK: Reading the response

  /// The bytes read but not yet consumed, and whether the peer has closed.
  private var buffer: [UInt8] = []
  private var start = 0
  private var closed = false

  /// Reads more bytes into the buffer; `false` at end of stream.
  private func fill(_ fd: Int32) throws(Failure) -> Bool {
    if closed { return false }
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count == 0 {
        closed = true
        return false
      }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
        throw fail("connection lost: \(String(cString: strerror(errno)))")
      }
      try wait(for: fd, events: Int16(POLLIN))
    }
  }

  private func readResponse(from fd: Int32) throws(Failure) -> HTTPResponse {
    (buffer, start, closed, nextProbe) = ([], 0, false, 64 * 1024)
    var head: HTTPResponseHead
    repeat {
      head = try readHead(fd)
    } while (100...199).contains(head.status)
    let url = request.url.absoluteString
    if head.status == 204 || head.status == 304 {
      return HTTPResponse(status: head.status, headers: head.headers)
    }
    var body: [UInt8] = []
    let limit = request.maximumBodyBytes
    if let coding = head.headers["transfer-encoding"]?.lowercased() {
      guard coding == "chunked" else { throw fail("an unsupported transfer encoding (\(coding))") }
      body = try readChunked(fd, head: head, limit: limit)
    } else if let lengthText = head.headers["content-length"] {
      guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
        throw fail("a bad Content-Length")
      }
      guard length <= limit else { throw .error(.responseTooLarge(url: url, limit: limit)) }
      body.reserveCapacity(length)
      while buffer.count - start < length {
        try probe(buffer[start...], head)
        guard try fill(fd) else {
          throw fail("the connection closed after \(buffer.count - start) of \(length) body bytes")
        }
      }
      body.append(contentsOf: buffer[start..<(start + length)])
    } else {
      while try fill(fd) {
        guard buffer.count - start <= limit else { throw .error(.responseTooLarge(url: url, limit: limit)) }
        try probe(buffer[start...], head)
      }
      guard buffer.count - start <= limit else { throw .error(.responseTooLarge(url: url, limit: limit)) }
      body.append(contentsOf: buffer[start...])
    }
    return HTTPResponse(status: head.status, headers: head.headers, body: Data(try decode(body, head)))
  }

  /// The compressed size at which ``probe(_:_:)`` next decodes what has arrived.
  private var nextProbe = 64 * 1024

  /// Decodes a compressed body received so far each time it has doubled in size, so a body that
  /// inflates past the cap fails while it arrives, not after the server has sent all of it (a bomb
  /// can take the server longer to send than the request's deadline). Doubling keeps the total work
  /// within twice one decode. Only the cap counts here: a body cut off so far is expected.
  private func probe(_ received: ArraySlice<UInt8>, _ head: HTTPResponseHead) throws(Failure) {
    guard received.count >= nextProbe, let encoding = head.headers["content-encoding"],
      !["identity", ""].contains(encoding.trimmingCharacters(in: .whitespaces).lowercased())
    else { return }
    nextProbe = received.count * 2
    do {
      _ = try decode(Array(received), head)
    } catch .error(.responseTooLarge(let url, let limit)) {
      throw .error(.responseTooLarge(url: url, limit: limit))
    } catch {
      return
    }
  }

  /// The body with its `Content-Encoding` undone, the cap checked on every byte produced.
  private func decode(_ body: [UInt8], _ head: HTTPResponseHead) throws(Failure) -> [UInt8] {
    let encoding = (head.headers["content-encoding"] ?? "identity").trimmingCharacters(in: .whitespaces)
      .lowercased()
    let limit = request.maximumBodyBytes
    do {
      switch encoding {
      case "identity", "": return body
      case "gzip", "x-gzip": return try Inflater.gunzip(body, limit: limit)
      case "deflate": return try Inflater.inflateHTTP(body, limit: limit)
      default: throw fail("the server sent an unsupported encoding (\(encoding))")
      }
    } catch let failure as Inflater.Failure {
      switch failure {
      case .tooLarge: throw .error(.responseTooLarge(url: request.url.absoluteString, limit: limit))
      case .corrupt(let reason): throw fail("the \(encoding) body is corrupt: \(reason)")
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw fail("\(error)")
    }
  }

  private func readHead(_ fd: Int32) throws(Failure) -> HTTPResponseHead {
    var searched = start
    while true {
      // The blank line: CRLF CRLF, or LF LF from a sloppy server.
      var index = max(start, searched - 3)
      while index < buffer.count {
        if buffer[index] == 10 {
          let next = index + 1
          if next < buffer.count, buffer[next] == 10 { return try finishHead(end: index, skip: 2) }
          if next + 1 < buffer.count, buffer[next] == 13, buffer[next + 1] == 10 {
            return try finishHead(end: index, skip: 3)
          }
        }
        index += 1
      }
      searched = buffer.count
      guard buffer.count - start <= SocketTransport.maximumHeadBytes else {
        throw fail("the response head is longer than \(SocketTransport.maximumHeadBytes) bytes")
      }
      guard try fill(fd) else {
        throw fail(
          buffer.count == start
            ? "the server closed the connection without answering" : "the response head was cut off")
      }
    }
  }

  private func finishHead(end: Int, skip: Int) throws(Failure) -> HTTPResponseHead {
    guard end - start <= SocketTransport.maximumHeadBytes else {
      throw fail("the response head is longer than \(SocketTransport.maximumHeadBytes) bytes")
    }
    let bytes = buffer[start..<end]
    start = end + skip
    do {
      return try HTTPResponseHead.parse(bytes)
    } catch {
      throw fail("a malformed response: \(error.reason)")
    }
  }

  /// A line of the chunked framing (without its CRLF).
  private func readLine(_ fd: Int32) throws(Failure) -> ArraySlice<UInt8> {
    while true {
      if let newline = buffer[start...].firstIndex(of: 10) {
        var line = buffer[start..<newline]
        if line.last == 13 { line = line.dropLast() }
        start = newline + 1
        return line
      }
      guard buffer.count - start <= 4096 else { throw fail("a chunk line longer than 4096 bytes") }
      guard try fill(fd) else { throw fail("the connection closed inside a chunked body") }
    }
  }

  private func readChunked(_ fd: Int32, head: HTTPResponseHead, limit: Int) throws(Failure) -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let line = try readLine(fd)
      let sizeText = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 32 && $0 != 9 }
      guard !sizeText.isEmpty, sizeText.count <= 15,
        let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16)
      else { throw fail("a malformed chunk size") }
      if size == 0 {
        // Trailer fields up to the blank line, ignored.
        while try !readLine(fd).isEmpty {}
        return body
      }
      guard body.count + size <= limit else {
        throw .error(.responseTooLarge(url: request.url.absoluteString, limit: limit))
      }
      while buffer.count - start < size {
        guard try fill(fd) else { throw fail("the connection closed inside a chunk") }
      }
      body.append(contentsOf: buffer[start..<(start + size)])
      try probe(body[...], head)
      start += size
      guard try readLine(fd).isEmpty else { throw fail("a chunk longer than its size") }
    }
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
