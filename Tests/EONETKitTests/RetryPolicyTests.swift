import Foundation
import Testing

@testable import EONETKit

@Suite("RetryPolicy")
struct RetryPolicyTests {
  let now = Date(timeIntervalSince1970: 1_762_603_200)  // Sat, 08 Nov 2025 12:00:00 GMT

  @Test(
    "retries 429 and 5xx only",
    arguments: [
      (429, true), (500, true), (503, true), (599, true),
      (200, false), (304, false), (400, false), (404, false), (600, false),
    ])
  func retryable(status: Int, expected: Bool) {
    #expect(RetryPolicy.isRetryable(status: status) == expected)
  }

  @Test("backs off exponentially up to the cap, then gives up")
  func backoff() {
    let policy = RetryPolicy(maximumRetries: 4, baseDelay: 0.5, maximumDelay: 3)
    let delays = (0..<5).map { policy.delay(afterAttempt: $0, retryAfter: nil, now: now) }
    #expect(delays == [0.5, 1, 2, 3, nil])
  }

  @Test(
    "Retry-After wins, as seconds or an HTTP date, within the cap",
    arguments: [
      ("2", 2.0), ("0", 0), ("120", 10), ("Sat, 08 Nov 2025 12:00:07 GMT", 7),
      ("Sat, 08 Nov 2025 11:00:00 GMT", 0), ("soon", 0.5), ("-3", 0.5),
    ])
  func retryAfter(header: String, expected: Double) {
    let policy = RetryPolicy(maximumRetries: 2, baseDelay: 0.5, maximumDelay: 10)
    #expect(policy.delay(afterAttempt: 0, retryAfter: header, now: now) == expected)
  }
}
