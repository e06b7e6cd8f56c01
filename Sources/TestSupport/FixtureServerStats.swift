/// What the fixture server saw: request counts, peak concurrency, and a log of every request.
package struct FixtureServerStats: Decodable, Sendable, Equatable {
  /// One request as the server logged it, in the order the answers were decided (logged before the
  /// first byte of the answer is sent, so a client that has its answer finds it here).
  package struct Request: Decodable, Sendable, Equatable {
    /// The path, without any `/api/v3` prefix.
    package let path: String
    /// Query parameters (the last value of each).
    package let query: [String: String]
    /// The `If-None-Match` header, if sent.
    package let ifNoneMatch: String?
    /// The `If-Modified-Since` header, if sent.
    package let ifModifiedSince: String?
    /// The request line's target exactly as sent (path and query).
    package let target: String?
    /// The client's port: requests that share it came on one connection.
    package let connection: Int?
    /// Whether an `Authorization` header came.
    package let authorization: Bool?
    /// The `Authorization` header, if sent.
    package let authorizationValue: String?
    /// The planned fault applied, if any.
    package let fault: String?
    /// The status sent, or `nil` when no complete answer was sent (see ``outcome``).
    package let status: Int?
    /// `answered`, `hang`, `silent`, `short`, `raw` or `disconnected`.
    package let outcome: String
  }

  /// Requests received (control endpoints excluded).
  package let requests: Int
  /// Requests in flight now.
  package let inFlight: Int
  /// The most requests in flight at once.
  package let maxInFlight: Int
  /// Category ids with a `/categories/<id>` request in flight now.
  package let inFlightCategories: [String]
  /// The most distinct categories with requests in flight at once.
  package let maxInFlightCategories: Int
  /// Every finished request.
  package let log: [Request]
}
