/// A value behind a ``Lock`` (a pthread mutex, which a contended caller sleeps on rather than spins):
/// every access goes through ``withLock(_:)``. The one lock box of the package, for every module.
///
/// Sendable only when its value is: the lock makes access safe, not a non-Sendable value that a
/// caller copies out and shares.
///
/// ```swift
/// let count = LockedValue(0)
/// count.withLock { $0 += 1 }
/// ```
package final class LockedValue<Value> {
  // Every access to `value` goes through `lock`.
  private let lock = Lock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, the lock held; never call out to other code inside.
  @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&value) }
  }

  /// A copy of the value.
  package func get() -> Value {
    withLock { $0 }
  }
}

// `@unchecked`: every access to the value holds the lock.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
