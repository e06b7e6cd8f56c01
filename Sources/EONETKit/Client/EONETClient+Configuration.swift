import Foundation

extension EONETClient {
  /// Where to fetch from, where to cache, and the limits of each request.
  ///
  /// ```swift
  /// var configuration = EONETClient.Configuration()
  /// configuration.baseURL = URL(string: "http://127.0.0.1:8080")!
  /// configuration.offline = true
  /// ```
  package struct Configuration: Sendable {
    /// The public EONET v3 API.
    package static let defaultBaseURL = URL(string: "https://eonet.gsfc.nasa.gov/api/v3")!

    /// The API root; paths such as `/categories` are appended to it.
    package var baseURL: URL
    /// The disk cache folder, or `nil` for no cache.
    package var cacheDirectory: URL?
    /// The most bytes the cache's files may hold, kept by a sweep at start (``CacheSweep``); `nil`
    /// for no sweep.
    package var cacheLimit: Int?
    /// Never touch the network: serve the cache, else the bundled snapshot.
    package var offline: Bool
    /// Seconds each request may take, from sending to the last byte.
    package var requestTimeout: TimeInterval
    /// The largest response body accepted.
    package var maximumResponseBytes: Int
    /// Retrying 429 and 5xx answers.
    package var retryPolicy: RetryPolicy
    /// The bundled snapshot; `nil` looks it up with ``EONETSnapshot/locate(environment:executableURL:)``.
    package var snapshot: EONETSnapshot?
    /// Receives problems that did not stop loading (skipped events, ignored cache files). Any thread.
    package var onWarning: (@Sendable (EONETWarning) -> Void)?
    /// The wall clock, for fetch times (tests may fix it).
    package var clock: @Sendable () -> Date

    /// Creates a configuration; every parameter has the production default.
    ///
    /// - Parameters:
    ///   - baseURL: The API root.
    ///   - cacheDirectory: The cache folder, or `nil` for none.
    ///   - cacheLimit: The cache's size limit in bytes, or `nil` for no sweep.
    ///   - offline: Never touch the network.
    ///   - requestTimeout: Seconds per request.
    ///   - maximumResponseBytes: The largest body accepted.
    ///   - retryPolicy: Retrying 429 and 5xx answers.
    ///   - snapshot: The bundled snapshot, or `nil` to look it up.
    ///   - onWarning: Receives non-fatal problems.
    ///   - clock: The wall clock.
    package init(
      baseURL: URL = defaultBaseURL,
      cacheDirectory: URL? = EONETCache.defaultDirectory(),
      cacheLimit: Int? = nil,
      offline: Bool = false,
      requestTimeout: TimeInterval = 30,
      maximumResponseBytes: Int = 64 << 20,
      retryPolicy: RetryPolicy = RetryPolicy(),
      snapshot: EONETSnapshot? = nil,
      onWarning: (@Sendable (EONETWarning) -> Void)? = nil,
      clock: @escaping @Sendable () -> Date = { Date() }
    ) {
      self.baseURL = baseURL
      self.cacheDirectory = cacheDirectory
      self.cacheLimit = cacheLimit
      self.offline = offline
      self.requestTimeout = requestTimeout
      self.maximumResponseBytes = maximumResponseBytes
      self.retryPolicy = retryPolicy
      self.snapshot = snapshot
      self.onWarning = onWarning
      self.clock = clock
    }
  }
}
