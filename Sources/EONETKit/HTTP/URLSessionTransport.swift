import Foundation
import Support

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking's libcurl-backed one on Linux).
///
/// Enforces the whole-response timeout and the size cap itself, sends no cookies and keeps no HTTP
/// cache of its own: EONETKit's disk cache and conditional requests replace it, and a 304 must reach
/// the caller as a 304.
///
/// Used for `https://` only (``SchemeTransport``): TLS needs a C library this package does not link.
/// While a request waits for its answer it costs CPU: FoundationNetworking's multi handle adds a
/// write DispatchSource when libcurl asks for `CURL_POLL_OUT` during the connect and never removes
/// it when libcurl switches to `CURL_POLL_IN`, and a connected socket is always writable, so the
/// source fires continuously (about 1,800 wake-ups a second) until the answer or the timeout.
/// FoundationNetworking also turns on libcurl's automatic decompression (no public switch turns it
/// off), so the size cap here is checked on decoded bytes only after libcurl hands them over.
///
/// ```swift
/// let transport = URLSessionTransport()
/// let task = transport.send(HTTPRequest(url: url, timeout: 10)) { print($0) }
/// ```
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let registry: TaskRegistry

  /// Creates a transport with its own ephemeral session.
  public init() {
    let registry = TaskRegistry()
    self.registry = registry
    // Making a configuration and a session creates Foundation's cookie and cache folders; they go.
    self.session = FoundationLeftovers.removingEmptyFolders {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      let queue = OperationQueue()
      queue.name = "ourplanet.http"
      queue.maxConcurrentOperationCount = 1
      return URLSession(configuration: configuration, delegate: registry, delegateQueue: queue)
    }
  }

  deinit {
    session.invalidateAndCancel()
  }

  public func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let task = session.dataTask(with: urlRequest)
    let handle = Handle(task: task, registry: registry)
    registry.register(task, request: request, completion: completion)
    // The session's own timeout is an idle timeout; this deadline bounds the whole response.
    DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) { [registry] in
      if registry.finish(
        task, with: .failure(.timedOut(url: request.url.absoluteString, seconds: request.timeout)))
      {
        task.cancel()
      }
    }
    task.resume()
    return handle
  }

  private struct Handle: HTTPTask {
    let task: URLSessionTask
    let registry: TaskRegistry

    func cancel() {
      registry.discard(task)
      task.cancel()
    }
  }
}

/// The session delegate: collects each task's body and completes it exactly once.
private final class TaskRegistry: NSObject, URLSessionDataDelegate, Sendable {
  private struct Entry {
    let request: HTTPRequest
    let completion: @Sendable (Result<HTTPResponse, EONETError>) -> Void
    var body = Data()
  }

  private let entries = LockedValue<[Int: Entry]>([:])

  func register(
    _ task: URLSessionTask, request: HTTPRequest,
    completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) {
    entries.withLock { $0[task.taskIdentifier] = Entry(request: request, completion: completion) }
  }

  /// Forgets a task without completing it (it was cancelled by its owner).
  func discard(_ task: URLSessionTask) {
    _ = entries.withLock { $0.removeValue(forKey: task.taskIdentifier) }
  }

  /// Completes a task if it is still pending; `false` if it was already finished or discarded.
  @discardableResult
  func finish(_ task: URLSessionTask, with result: Result<HTTPResponse, EONETError>) -> Bool {
    guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return false }
    entry.completion(result)
    return true
  }

  private func request(of task: URLSessionTask) -> HTTPRequest? {
    entries.withLock { $0[task.taskIdentifier]?.request }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let expected = response.expectedContentLength
    if let request = request(of: dataTask), expected > Int64(request.maximumBodyBytes) {
      let error = EONETError.responseTooLarge(
        url: request.url.absoluteString, limit: request.maximumBodyBytes)
      finish(dataTask, with: .failure(error))
      completionHandler(.cancel)
      return
    }
    if expected > 0 {
      // One buffer of the announced size: grown by doubling, a 2.5 MB body would pass through
      // buffers of up to 4 MB, each copied into the next.
      entries.withLock { entries in
        guard var entry = entries.removeValue(forKey: dataTask.taskIdentifier) else { return }
        entry.body.reserveCapacity(Int(expected))
        entries[dataTask.taskIdentifier] = entry
      }
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow: Entry? = entries.withLock { entries in
      // Taking the entry out keeps its body uniquely referenced, so appending does not copy it.
      guard var entry = entries.removeValue(forKey: dataTask.taskIdentifier) else { return nil }
      entry.body.append(data)
      if entry.body.count > entry.request.maximumBodyBytes { return entry }
      entries[dataTask.taskIdentifier] = entry
      return nil
    }
    guard let overflow else { return }
    dataTask.cancel()
    let url = overflow.request.url.absoluteString
    overflow.completion(.failure(.responseTooLarge(url: url, limit: overflow.request.maximumBodyBytes)))
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = entries.withLock({ $0[task.taskIdentifier] }) else { return }
    let url = entry.request.url.absoluteString
    if let error {
      let code = (error as NSError).code
      let failure: EONETError
      switch code {
      case NSURLErrorTimedOut: failure = .timedOut(url: url, seconds: entry.request.timeout)
      case NSURLErrorCancelled: failure = .cancelled(url: url)
      default: failure = .transport(url: url, message: error.localizedDescription)
      }
      finish(task, with: .failure(failure))
      return
    }
    let http = task.response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    let response = HTTPResponse(status: http?.statusCode ?? 0, headers: headers, body: entry.body)
    finish(task, with: .success(response))
  }
}
