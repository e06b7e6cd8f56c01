import Foundation

/// Polls `condition` until it holds; throws ``WaitTimeout`` after `timeout`.
func waitUntil(_ what: String, timeout: Duration = .seconds(30), _ condition: () throws -> Bool) throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw WaitTimeout(what: what) }
    Thread.sleep(forTimeInterval: 0.05)
  }
}

/// A condition that did not come true in time.
struct WaitTimeout: Error, CustomStringConvertible {
  let what: String
  var description: String { "timed out waiting for \(what)" }
}
