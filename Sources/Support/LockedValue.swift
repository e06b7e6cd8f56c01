#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a pthread mutex, shared across threads: the one lock of every module but RxCore.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer on this toolchain does not
/// see `Mutex`'s synchronisation and reports races that are not there, which would hide real ones.
///
/// ```swift
/// let count = LockedValue(0)
/// count.withLock { $0 += 1 }
/// ```
package final class LockedValue<Value>: @unchecked Sendable {
  // Every access to `value` happens with `mutex` held; the mutex lives at a stable address.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "Support: pthread_mutex_init failed (\(status))")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held; never call out to other code inside.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// A copy of the value.
  package func get() -> Value {
    withLock { $0 }
  }
}
