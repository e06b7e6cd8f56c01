import Synchronization

/// A value remembered once it is known, readable from any thread.
final class Memo<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)

  /// The value, if it was stored.
  var current: Value? { value.withLock { $0 } }

  /// Stores `newValue`.
  func store(_ newValue: Value) {
    value.withLock { $0 = newValue }
  }
}
