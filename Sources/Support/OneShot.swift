import Dispatch

/// A value produced once on one thread and waited for on another: the one blocking wait.
///
/// The waiter sleeps on a semaphore (nothing polls); the value is kept under ``LockedValue``, so
/// ThreadSanitizer sees the hand-over. Only the first ``fulfil(_:)`` counts, so a producer that can
/// finish two ways (an answer, a cancellation) needs no coordination of its own.
///
/// ```swift
/// let answer = OneShot<Int>()
/// DispatchQueue.global().async { answer.fulfil(42) }
/// let value = answer.wait()  // 42
/// ```
package final class OneShot<Value: Sendable>: Sendable {
  private let value = LockedValue<Value?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  package init() {}

  /// Hands `newValue` to the waiter; later calls are ignored.
  ///
  /// - Returns: Whether this call was the first.
  @discardableResult
  package func fulfil(_ newValue: Value) -> Bool {
    let first = value.withLock { stored in
      guard stored == nil else { return false }
      stored = newValue
      return true
    }
    if first { ready.signal() }
    return first
  }

  /// The value, once there is one, without waiting.
  package var current: Value? { value.get() }

  /// Blocks until the value is there.
  package func wait() -> Value {
    ready.wait()
    // Leave the signal for any other waiter (and for a later `wait` on this one).
    ready.signal()
    // A signal is only sent after the value is stored.
    return value.get()!
  }

  /// Blocks until the value is there or `timeout` has passed.
  ///
  /// - Returns: The value, or `nil` when the time ran out first.
  package func wait(timeout: DispatchTimeInterval) -> Value? {
    guard ready.wait(timeout: .now() + timeout) == .success else { return nil }
    ready.signal()
    return value.get()
  }
}
