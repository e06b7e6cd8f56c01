/// What the fixture server saw: request counts, peak concurrency, and a log of every request.
public struct FixtureServerStats: Decodable, Sendable, Equatable {
  /// One request as the server logged it, in the order the answers were decided (logged before the
  /// first byte of the answer is sent, so a client that has its answer finds it here).
  public struct Request: Decodable, Sendable, Equatable {
    /// The path, without any `/api/v3` prefix.
    public let path: String
    /// Query parameters (the last value of each).
    public let query: [String: String]
    /// The `If-None-Match` header, if sent.
    public let ifNoneMatch: String?
    /// The `If-Modified-Since` header, if sent.
    public let ifModifiedSince: String?
    /// The request line's target exactly as sent (path and query).
    public let target: String?
    /// The client's port: requests that share it came on one connection.
    public let connection: Int?
    /// Whether an `Authorization` header came.
    public let authorization: Bool?
    /// The `Authorization` header, if sent.
    public let authorizationValue: String?
    /// The planned fault applied, if any.
    public let fault: String?
    /// The status sent, or `nil` when no complete answer was sent (see ``outcome``).
    public let status: Int?
    /// `answered`, `hang`, `silent`, `short`, `raw` or `disconnected`.
    public let outcome: String
  }

  /// Requests received (control endpoints excluded).
  public let requests: Int
  /// Requests in flight now.
  public let inFlight: Int
  /// The most requests in flight at once.
  public let maxInFlight: Int
  /// Category ids with a `/categories/<id>` request in flight now.
  public let inFlightCategories: [String]
  /// The most distinct categories with requests in flight at once.
  public let maxInFlightCategories: Int
  /// Every finished request.
  public let log: [Request]
}
