@preconcurrency internal import CCurl
import Foundation
import Support

/// One request through ``CurlTransport``: its libcurl options, what its callbacks collect, and its
/// once-only completion.
///
/// The completion and the cancelled flag are behind a lock; the body, the heads and the easy
/// handle's buffers belong to the driver's thread until the result is made.
final class CurlTransfer: HTTPTask, @unchecked Sendable {
  // @unchecked: `state` is behind its lock; everything else is touched by the driver's thread only
  // (configure, the callbacks, result, release), and `request` is immutable.
  private struct State {
    var completion: (@Sendable (Result<HTTPResponse, EONETError>) -> Void)?
    var cancelled = false
  }

  let request: HTTPRequest
  private let state: LockedValue<State>
  private weak var driver: CurlDriver?

  private var body = Data()
  private var headers: [String: String] = [:]
  private var lastHeader: String?
  private var headBytes = 0
  private var overLimit: Failure?
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

  private enum Failure {
    case bodyTooLarge
    case headTooLarge
  }

  init(
    request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void,
    driver: CurlDriver
  ) {
    self.request = request
    self.state = LockedValue(State(completion: completion))
    self.driver = driver
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
  }

  deinit {
    errorBuffer.deallocate()
  }

  func cancel() {
    let first = state.withLock { state -> Bool in
      state.completion = nil
      defer { state.cancelled = true }
      return !state.cancelled
    }
    if first { driver?.cancel(self) }
  }

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Calls the completion unless the task was cancelled or already completed.
  func finish(_ result: Result<HTTPResponse, EONETError>) {
    let completion = state.withLock { state in
      defer { state.completion = nil }
      return state.completion
    }
    completion?(result)
  }

  // MARK: Options

  /// Sets every option of the request on `easy`; a failure when the request cannot be sent.
  func configure(_ easy: UnsafeMutableRawPointer, settings: CurlTransport.Settings) -> EONETError? {
    let url = request.url.absoluteString
    var list: UnsafeMutablePointer<curl_slist>?
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      // A CR or LF would let a value start a new header or end the head.
      guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline), !name.isEmpty else {
        curl_slist_free_all(list)
        return .transport(url: url, message: "a request header contains a line break")
      }
      list = curl_slist_append(list, "\(name): \(value)")
    }
    headerList = list
    let deadline = max(1, Int((request.timeout * 1000).rounded(.up)))
    let connect = min(deadline, Int(CurlTransport.connectTimeout * 1000))
    let me = Unmanaged.passUnretained(self).toOpaque()
    var codes: [CURLcode] = [
      ccurl_setopt_string(easy, CURLOPT_URL, url),
      ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
      ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1),
      ccurl_setopt_long(easy, CURLOPT_MAXREDIRS, CurlTransport.maximumRedirects),
      // Credentials from the URL go to its host only, never to where a redirect leads.
      ccurl_setopt_long(easy, CURLOPT_UNRESTRICTED_AUTH, 0),
      ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, deadline),
      ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, connect),
      // Every coding libcurl can undo (gzip, deflate, and more where built in); the callback sees
      // decoded bytes, so the cap below counts what the body really is.
      ccurl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
      ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBodyBytes)),
      ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
      ccurl_setopt_string(easy, CURLOPT_USERAGENT, "ourplanet"),
      ccurl_setopt_list(easy, CURLOPT_HTTPHEADER, list),
      ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
      ccurl_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, curlTransferBody),
      ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, me),
      ccurl_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, curlTransferHeader),
      ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, me),
    ]
    if let bundle = settings.caBundle { codes.append(ccurl_setopt_string(easy, CURLOPT_CAINFO, bundle)) }
    if let folder = settings.caFolder { codes.append(ccurl_setopt_string(easy, CURLOPT_CAPATH, folder)) }
    if let failed = codes.first(where: { $0 != CURLE_OK }) {
      return .transport(
        url: url, message: "libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
    }
    return nil
  }

  /// Frees `easy` and what its options point to.
  func release(_ easy: UnsafeMutableRawPointer) {
    curl_easy_cleanup(easy)
    curl_slist_free_all(headerList)
    headerList = nil
  }

  // MARK: Callbacks

  fileprivate func receive(body bytes: UnsafeRawBufferPointer) -> Int {
    guard body.count + bytes.count <= request.maximumBodyBytes else {
      overLimit = .bodyTooLarge
      return 0
    }
    if body.isEmpty, headers["content-encoding"] == nil,
      let length = headers["content-length"].flatMap({ Int($0) }), length > 0
    {
      // One buffer of the announced size: grown by doubling, a 2.5 MB body would pass through
      // buffers of up to 4 MB, each copied into the next.
      body.reserveCapacity(min(length, request.maximumBodyBytes))
    }
    body.append(contentsOf: bytes)
    return bytes.count
  }

  fileprivate func receive(header bytes: UnsafeRawBufferPointer) -> Int {
    headBytes += bytes.count
    guard headBytes <= CurlTransport.maximumHeadBytes else {
      overLimit = .headTooLarge
      return 0
    }
    var line = String(decoding: bytes, as: UTF8.self)
    // "\r\n" is one Character: `isNewline` covers it, a lone CR and a lone LF.
    while line.last?.isNewline == true { line.removeLast() }
    if line.hasPrefix("HTTP/") {
      // A new response: an interim one (100, 103), a redirect, or the final answer.
      headers = [:]
      lastHeader = nil
    } else if let first = line.first, first == " " || first == "\t", let name = lastHeader {
      headers[name, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
      lastHeader = name
    }
    return bytes.count
  }

  // MARK: The outcome

  /// The response, or the failure named for a person.
  func result(of easy: UnsafeMutableRawPointer, code: CURLcode) -> Result<HTTPResponse, EONETError> {
    let url = request.url.absoluteString
    if code == CURLE_OK {
      var status = 0
      ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
      return .success(HTTPResponse(status: status, headers: headers, body: body))
    }
    switch (code, overLimit) {
    case (_, .bodyTooLarge?), (CURLE_FILESIZE_EXCEEDED, _):
      return .failure(.responseTooLarge(url: url, limit: request.maximumBodyBytes))
    case (_, .headTooLarge?):
      return .failure(
        .transport(
          url: url, message: "the response head is longer than \(CurlTransport.maximumHeadBytes) bytes"))
    case (CURLE_OPERATION_TIMEDOUT, _):
      return .failure(.timedOut(url: url, seconds: request.timeout))
    default:
      var redirects = 0
      ccurl_getinfo_long(easy, CURLINFO_REDIRECT_COUNT, &redirects)
      return .failure(.transport(url: url, message: message(for: code, redirects: redirects)))
    }
  }

  /// One line for a failed transfer: what happened in words, then libcurl's own detail.
  private func message(for code: CURLcode, redirects: Int) -> String {
    let detail = String(cString: errorBuffer)
    let said = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    let what: String
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST: what = "cannot resolve the host name"
    case CURLE_COULDNT_RESOLVE_PROXY: what = "cannot resolve the proxy's host name"
    case CURLE_COULDNT_CONNECT: what = "connection refused or unreachable"
    case CURLE_PEER_FAILED_VERIFICATION:
      what =
        "the server's certificate is not trusted; if your own CA signed it, name its bundle in SSL_CERT_FILE"
    case CURLE_SSL_CACERT_BADFILE:
      let variable = driver?.settings.caBundleVariable ?? "SSL_CERT_FILE"
      let file = driver?.settings.caBundle ?? "?"
      what = "cannot read the CA bundle \(file) (named by \(variable))"
    case CURLE_SSL_CONNECT_ERROR: what = "the TLS handshake failed"
    case CURLE_TOO_MANY_REDIRECTS: what = "more than \(CurlTransport.maximumRedirects) redirects"
    case CURLE_UNSUPPORTED_PROTOCOL:
      what = redirects > 0 ? "a redirect to a scheme other than http or https" : "not an http or https URL"
    case CURLE_GOT_NOTHING: what = "the server closed the connection without answering"
    case CURLE_PARTIAL_FILE: what = "the connection closed before the whole body arrived"
    case CURLE_WEIRD_SERVER_REPLY: what = "a malformed response"
    case CURLE_BAD_CONTENT_ENCODING: what = "the body's content encoding is corrupt or unknown"
    case CURLE_RECV_ERROR: what = "the response could not be read"
    case CURLE_OUT_OF_MEMORY where body.isEmpty:
      // libcurl 7.88 reports a header line over its 100 KB limit this way.
      what = "a response header line is longer than libcurl accepts"
    default: what = String(cString: curl_easy_strerror(code))
    }
    return said == what ? what : "\(what) (\(said))"
  }
}

/// libcurl's write callback: the decoded body, piece by piece; 0 aborts the transfer.
private func curlTransferBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  deliver(data, size * count, to: context) { $0.receive(body: $1) }
}

/// libcurl's header callback: one whole header line (status lines of every response included).
private func curlTransferHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  deliver(data, size * count, to: context) { $0.receive(header: $1) }
}

/// Hands a callback's bytes to the transfer its context names (0, which aborts, without one).
private func deliver(
  _ data: UnsafeMutablePointer<CChar>?, _ length: Int, to context: UnsafeMutableRawPointer?,
  _ receive: (CurlTransfer, UnsafeRawBufferPointer) -> Int
) -> Int {
  guard let context else { return 0 }
  return receive(
    Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue(),
    UnsafeRawBufferPointer(start: data, count: length))
}
