#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain mutual-exclusion lock over `pthread_mutex_t`.
///
/// Held only for a few loads and stores, never around a call into user code or an observer. It is a
/// pthread mutex rather than `Synchronization.Mutex` because ThreadSanitizer understands pthread
/// mutexes, so `make test-tsan` checks the core's real synchronisation instead of reporting noise.
final class Lock: @unchecked Sendable {
  // The mutex lives at a stable address for the object's lifetime, as pthread requires.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
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
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
