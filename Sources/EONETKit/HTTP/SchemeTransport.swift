import Foundation

/// The production ``HTTPTransport``: ``SocketTransport`` for `http://`, ``URLSessionTransport`` for
/// `https://`.
///
/// The socket transport waits without using CPU; URLSession is kept for TLS only, which this package
/// cannot speak without a C library (see ``URLSessionTransport`` for its cost while waiting).
///
/// ```swift
/// let client = EONETClient(configuration: configuration, transport: SchemeTransport())
/// ```
public final class SchemeTransport: HTTPTransport {
  private let plain = SocketTransport()
  private let secure = URLSessionTransport()

  /// Creates a transport.
  public init() {}

  public func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    if request.url.scheme?.lowercased() == "http" { return plain.send(request, completion: completion) }
    return secure.send(request, completion: completion)
  }
}
