import Foundation

/// When to retry a request that got 429 or a 5xx, and how long to wait first.
///
/// Exponential backoff from ``baseDelay`` (doubling per attempt), unless the server sent
/// `Retry-After` (seconds or an HTTP date), which wins; either way capped at ``maximumDelay``.
package struct RetryPolicy: Sendable, Equatable {
  /// Retries after the first attempt; 0 disables retrying.
  package var maximumRetries: Int
  /// The wait before the first retry when the server gives no `Retry-After`.
  package var baseDelay: TimeInterval
  /// The longest wait, whatever the server asks for.
  package var maximumDelay: TimeInterval

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maximumRetries: Retries after the first attempt.
  ///   - baseDelay: The first backoff delay in seconds.
  ///   - maximumDelay: The cap on any delay in seconds.
  package init(maximumRetries: Int = 2, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 10) {
    self.maximumRetries = maximumRetries
    self.baseDelay = baseDelay
    self.maximumDelay = maximumDelay
  }

  /// Whether a response with `status` is worth another attempt.
  static func isRetryable(status: Int) -> Bool {
    status == 429 || (500...599).contains(status)
  }

  /// The delay before retry number `attempt + 1`, or `nil` when no retries are left.
  ///
  /// - Parameters:
  ///   - attempt: How many retries were already made (0 before the first).
  ///   - retryAfter: The response's `Retry-After` header, if any.
  ///   - now: The current time, to resolve an HTTP date.
  func delay(afterAttempt attempt: Int, retryAfter: String?, now: Date) -> TimeInterval? {
    guard attempt < maximumRetries else { return nil }
    let backoff = baseDelay * pow(2, Double(attempt))
    let requested = retryAfter.flatMap { Self.parseRetryAfter($0, now: now) }
    return min(max(0, requested ?? backoff), maximumDelay)
  }

  /// Seconds from `Retry-After`: a non-negative integer, or an HTTP date (RFC 9110 IMF-fixdate).
  static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(trimmed), seconds >= 0 { return TimeInterval(seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
