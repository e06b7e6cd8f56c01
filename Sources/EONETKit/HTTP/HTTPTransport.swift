import Foundation

/// Sends one HTTP request and reports its response: the seam between EONETKit and the network.
///
/// The production implementation is ``CurlTransport``; tests may supply their own.
///
/// ```swift
/// let task = transport.send(request) { result in print(result) }
/// task.cancel()  // the completion is then never called
/// ```
package protocol HTTPTransport: Sendable {
  /// Starts `request`.
  ///
  /// Any status counts as a response (interpreting it is the caller's job); errors are for failures
  /// to get one: connection, timeout, size cap. `completion` runs at most once, on any thread, and
  /// never after the returned task was cancelled.
  ///
  /// - Parameters:
  ///   - request: What to send.
  ///   - completion: Receives the response or the failure.
  /// - Returns: A handle that cancels the request.
  func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask
}

/// A request in flight.
package protocol HTTPTask: Sendable {
  /// Stops the request; its completion will not be called.
  func cancel()
}

/// A GET request with its limits.
package struct HTTPRequest: Sendable, Equatable {
  /// The full URL, query included.
  package var url: URL
  /// Extra request headers (`If-None-Match`, `If-Modified-Since`, `Accept`).
  package var headers: [String: String]
  /// Seconds until the whole response must have arrived.
  package var timeout: TimeInterval
  /// The largest body accepted; a longer one fails with ``EONETError/responseTooLarge(url:limit:)``.
  package var maximumBodyBytes: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - url: The full URL.
  ///   - headers: Extra request headers.
  ///   - timeout: Seconds until the whole response must have arrived.
  ///   - maximumBodyBytes: The largest body accepted.
  package init(
    url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30,
    maximumBodyBytes: Int = 64 << 20
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.maximumBodyBytes = maximumBodyBytes
  }
}

/// A response: status, headers and the complete body.
package struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  package let status: Int
  /// Header fields with lower-cased names.
  package let headers: [String: String]
  /// The body.
  package let body: Data

  /// Creates a response; header names are lower-cased.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields.
  ///   - body: The body.
  package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
  }

  /// The value of a header, matched case-insensitively.
  package func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }
}
