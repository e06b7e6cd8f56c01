import Foundation
import Support

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
  /// Made at the first `https://` request: making a URLSession touches Foundation's shared cookie
  /// and cache storage, which a run over `http://` or offline never needs.
  private let secure = LockedValue<URLSessionTransport?>(nil)

  /// Creates a transport.
  public init() {}

  public func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, EONETError>) -> Void
  ) -> any HTTPTask {
    if request.url.scheme?.lowercased() == "http" { return plain.send(request, completion: completion) }
    let transport = secure.withLock { made in
      if let made { return made }
      let transport = URLSessionTransport()
      made = transport
      return transport
    }
    return transport.send(request, completion: completion)
  }
}
