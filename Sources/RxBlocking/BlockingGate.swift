@_spi(RxBlocking) import RxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-shot gate one thread waits on until another opens it, with an optional time limit.
///
/// Where the main scheduler runs its actions (the main thread, or a block of the main queue), the wait
/// also runs `MainScheduler`'s queued work (the Linux counterpart of RxSwift running the run loop while
/// it blocks): a sequence that observes on the main scheduler can then end while its thread waits for
/// it. It looks at the main scheduler's queue every ``mainQueueSlice`` seconds, because the main
/// scheduler has no hook to wake a second waiter; anywhere else the wait sleeps until the gate opens.
// `@unchecked Sendable`: `isOpen` is guarded by `mutex`, which `condition` waits with.
final class BlockingGate: @unchecked Sendable {
  /// How long a wait on the main thread sleeps before it runs the main scheduler's queued work again.
  static let mainQueueSlice = 0.002

  private let mutex = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var isOpen = false

  init() {
    condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    // The monotonic clock, so that a change of the wall clock cannot stretch or cut a timeout.
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    let status = pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
    precondition(status == 0, "RxBlocking: pthread_cond_init failed (\(status))")
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
  }

  /// Opens the gate and wakes the waiter.
  func open() {
    mutex.withLock {
      isOpen = true
      pthread_cond_broadcast(condition)
    }
  }

  /// Waits until the gate opens or `timeout` seconds pass.
  ///
  /// - Returns: `true` when the gate opened, `false` when the time ran out first.
  func wait(timeout: Double?) -> Bool {
    let deadline = timeout.map { monotonicNow() + Swift.max(0, $0) }
    let onMain = MainScheduler.isExecutingOnScheduler
    while true {
      if onMain { MainScheduler.instance.drain() }
      var until = deadline
      if onMain {
        let slice = monotonicNow() + BlockingGate.mainQueueSlice
        until = deadline.map { Swift.min($0, slice) } ?? slice
      }
      let opened = mutex.withLock { () -> Bool in
        if !isOpen {
          mutex.wait(on: condition, until: until.map(timespec.init(seconds:)))
        }
        return isOpen
      }
      if opened { return true }
      if let deadline, monotonicNow() >= deadline { return false }
    }
  }
}

private func monotonicNow() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

extension timespec {
  fileprivate init(seconds: Double) {
    let whole = seconds.rounded(.down)
    self.init(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
  }
}
