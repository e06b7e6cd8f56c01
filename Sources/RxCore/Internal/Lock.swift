#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain mutual-exclusion lock over `pthread_mutex_t`: the one lock of the whole package.
///
/// Held only for a few loads and stores, never around a call into user code or an observer. It is a
/// pthread mutex rather than `Synchronization.Mutex` because ThreadSanitizer understands pthread
/// mutexes, so `make test-tsan` checks the real synchronisation instead of reporting noise. The
/// package's other modules use it (and ``LockedValue``) through `package` access; it is not public.
// `@unchecked Sendable`: the mutex is the synchronisation; it lives at a stable address.
package final class Lock: @unchecked Sendable {
  // The mutex lives at a stable address for the object's lifetime, as pthread requires.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "RxCore: pthread_mutex_init failed (\(status))")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inline(__always)
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits on `condition`, which releases the lock while it sleeps; call inside ``withLock(_:)``.
  ///
  /// - Parameter deadline: When to stop waiting, on the condition's clock; `nil` waits for a signal.
  package func wait(on condition: UnsafeMutablePointer<pthread_cond_t>, until deadline: timespec?) {
    if var deadline {
      pthread_cond_timedwait(condition, mutex, &deadline)
    } else {
      pthread_cond_wait(condition, mutex)
    }
  }
}
