@preconcurrency internal import CCurl
import Foundation
import Support

/// The production ``HTTPTransport``: every request, `http://` and `https://`, through the system's
/// libcurl.
///
/// One multi handle on one thread of its own, which blocks in `curl_multi_poll` and is woken by
/// `curl_multi_wakeup` for a new request, a cancel or shutdown: a request waiting on a silent
/// server costs no CPU. Connections (and TLS sessions) are kept in the multi handle and reused by
/// the next request to the same host; HTTP/2 is used where a TLS server offers it.
///
/// Every limit is a libcurl option set in one place (``CurlTransfer/configure(_:settings:)``):
/// the whole-response deadline, a connect timeout, http and https only (redirects too, at most
/// ``maximumRedirects``), credentials from the URL sent to that host only, `Accept-Encoding` for
/// every coding libcurl decodes, and the body cap checked on decoded bytes as they arrive. What
/// curl users expect from the environment holds: `http_proxy`, `https_proxy`, `no_proxy` (read
/// by libcurl) and `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR` (read here, as the `curl`
/// tool reads them).
///
/// ```swift
/// let transport = CurlTransport()
/// let task = transport.send(HTTPRequest(url: url, timeout: 10)) { print($0) }
/// task.cancel()  // the completion is then never called
/// ```
package final class CurlTransport: HTTPTransport {
  /// The most redirects followed for one request.
  static let maximumRedirects = 5
  /// The most bytes of response heads accepted for one request (redirects' heads included).
  static let maximumHeadBytes = 256 * 1024
  /// The longest wait for a connection (TCP and TLS) when the request's deadline is longer.
  static let connectTimeout: TimeInterval = 15

  /// Where the certificates that TLS trusts come from, besides the system's store.
  struct Settings: Sendable, Equatable {
    /// A CA bundle (PEM) to trust instead of the system's: `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`.
    var caBundle: String?
    /// A folder of hashed CA certificates: `SSL_CERT_DIR`.
    var caFolder: String?
    /// Which variable named ``caBundle``, for the message when it cannot be read.
    var caBundleVariable: String?

    /// The settings `environment` asks for; empty values count as unset, as in `curl`.
    init(environment: [String: String]) {
      for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
        if let value = environment[name], !value.isEmpty {
          (caBundle, caBundleVariable) = (value, name)
          break
        }
      }
      caFolder = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }
  }

  private let driver: CurlDriver

  /// Creates a transport that trusts what `environment` names (see the type's discussion).
  ///
  /// - Parameter environment: The variables to read; the process's by default.
  package convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.init(settings: Settings(environment: environment))
  }

  init(settings: Settings) {
    driver = CurlDriver(settings: settings)
  }

  deinit {
    driver.shutDown()
  }

  package func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    let transfer = CurlTransfer(request: request, completion: completion, driver: driver)
    driver.add(transfer)
    return transfer
  }
}

/// The multi handle and the thread that drives it.
///
/// Only that thread calls libcurl, except `curl_multi_wakeup`, which libcurl allows from any thread
/// and which is called here under the mailbox's lock so it never reaches a cleaned-up handle.
final class CurlDriver: @unchecked Sendable {
  // @unchecked: `mailbox` is behind its lock; `multi` is used by the driver thread alone, and by
  // `wake()` under the mailbox's lock while `stopped` is false; `transfers` belongs to the thread.
  private struct Mailbox {
    var added: [CurlTransfer] = []
    var cancelled: [CurlTransfer] = []
    var started = false
    var stopping = false
    /// The multi handle is cleaned up: nothing may wake it any more.
    var stopped = false
  }

  private static let globalInit: Bool = {
    curl_global_init(ccurl_global_default()) == CURLE_OK
  }()

  let settings: CurlTransport.Settings
  private let mailbox = LockedValue(Mailbox())
  private let multi: UnsafeMutableRawPointer?
  private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]

  init(settings: CurlTransport.Settings) {
    self.settings = settings
    multi = Self.globalInit ? curl_multi_init() : nil
  }

  /// Hands a transfer to the thread (started at the first request).
  func add(_ transfer: CurlTransfer) {
    let start = mailbox.withLock { box -> Bool? in
      guard !box.stopping else { return nil }
      box.added.append(transfer)
      defer { box.started = true }
      if box.started { wake(box) }
      return !box.started
    }
    switch start {
    case nil:
      transfer.finish(.failure(.cancelled(url: transfer.request.url.absoluteString)))
    case true?:
      let thread = Thread { [self] in run() }
      thread.name = "ourplanet.curl"
      thread.start()
    case false?:
      break
    }
  }

  /// Asks the thread to drop a transfer without completing it.
  func cancel(_ transfer: CurlTransfer) {
    mailbox.withLock { box in
      guard box.started, !box.stopped else { return }
      box.cancelled.append(transfer)
      wake(box)
    }
  }

  /// Ends the thread; transfers still running complete as cancelled.
  func shutDown() {
    let cleanUpHere = mailbox.withLock { box -> Bool in
      box.stopping = true
      if box.started { wake(box) }
      return !box.started
    }
    if cleanUpHere, let multi { curl_multi_cleanup(multi) }
  }

  private func wake(_ box: Mailbox) {
    guard !box.stopped, let multi else { return }
    curl_multi_wakeup(multi)
  }

  // MARK: The thread

  private func run() {
    // A write to a socket the peer closed raises SIGPIPE in the writing thread (OpenSSL does not ask
    // the kernel to spare it): blocked here, the write fails with EPIPE and libcurl reports it.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    guard let multi else {
      failEverything("cannot start libcurl")
      return
    }
    while true {
      let (added, cancelled, stopping) = mailbox.withLock { box in
        defer { (box.added, box.cancelled) = ([], []) }
        return (box.added, box.cancelled, box.stopping)
      }
      for transfer in cancelled { drop(transfer, from: multi) }
      for transfer in added { attach(transfer, to: multi) }
      if stopping { break }
      var running: Int32 = 0
      curl_multi_perform(multi, &running)
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
        complete(easy, code: ccurl_message_result(message), in: multi)
      }
      // libcurl shortens the wait to its own next timer (a deadline, a retry of the connect); with
      // nothing running only a wake-up ends it.
      curl_multi_poll(multi, nil, 0, 3_600_000, nil)
    }
    for (easy, transfer) in transfers {
      curl_multi_remove_handle(multi, easy)
      transfer.release(easy)
      transfer.finish(.failure(.cancelled(url: transfer.request.url.absoluteString)))
    }
    transfers = [:]
    mailbox.withLock { $0.stopped = true }
    curl_multi_cleanup(multi)
    failEverything(nil)
  }

  /// Completes what arrived after the thread stopped looking (or when libcurl never started).
  private func failEverything(_ message: String?) {
    let late = mailbox.withLock { box in
      box.stopped = true
      defer { box.added = [] }
      return box.added
    }
    for transfer in late {
      let url = transfer.request.url.absoluteString
      transfer.finish(.failure(message.map { .transport(url: url, message: $0) } ?? .cancelled(url: url)))
    }
  }

  private func attach(_ transfer: CurlTransfer, to multi: UnsafeMutableRawPointer) {
    guard !transfer.isCancelled else { return }
    guard let easy = curl_easy_init() else {
      transfer.finish(
        .failure(.transport(url: transfer.request.url.absoluteString, message: "out of memory")))
      return
    }
    if let failure = transfer.configure(easy, settings: settings) {
      transfer.release(easy)
      transfer.finish(.failure(failure))
      return
    }
    transfers[easy] = transfer
    curl_multi_add_handle(multi, easy)
  }

  private func drop(_ transfer: CurlTransfer, from multi: UnsafeMutableRawPointer) {
    guard let easy = transfers.first(where: { $0.value === transfer })?.key else { return }
    transfers[easy] = nil
    curl_multi_remove_handle(multi, easy)
    transfer.release(easy)
  }

  private func complete(_ easy: UnsafeMutableRawPointer, code: CURLcode, in multi: UnsafeMutableRawPointer) {
    guard let transfer = transfers.removeValue(forKey: easy) else { return }
    curl_multi_remove_handle(multi, easy)
    let result = transfer.result(of: easy, code: code)
    transfer.release(easy)
    // Off this thread: the completion decodes and caches, and the other transfers must not wait.
    DispatchQueue.global(qos: .userInitiated).async { transfer.finish(result) }
  }
}
