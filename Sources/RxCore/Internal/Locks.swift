import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small lock for the core's own state. Held only for a few loads and stores, never around a call
/// into user code or an observer.
final class SpinLockBox<Value>: @unchecked Sendable {
  // Every access to `value` goes through `mutex`.
  private let mutex = Mutex<Void>(())
  private var value: Value

  init(_ value: Value) { self.value = value }

  @inline(__always)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try mutex.withLock { _ in try body(&value) }
  }
}

/// Identifies the calling thread.
@inline(__always)
func currentThreadID() -> pthread_t { pthread_self() }

@inline(__always)
func isCurrentThread(_ thread: pthread_t?) -> Bool {
  guard let thread else { return false }
  return pthread_equal(thread, pthread_self()) != 0
}
