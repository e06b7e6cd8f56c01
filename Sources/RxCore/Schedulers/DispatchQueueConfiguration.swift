import Dispatch

/// The Dispatch plumbing shared by the queue-backed schedulers.
struct DispatchQueueConfiguration: Sendable {
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let item = ScheduledItem { action(state) }
    let box = UncheckedSendable(item)
    queue.async { box.value.invoke() }
    return item
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let item = ScheduledItem { action(state) }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let box = UncheckedSendable(item)
    let keepAlive = TimerKeepAlive(timer)
    timer.setEventHandler {
      box.value.invoke()
      keepAlive.release()
    }
    timer.schedule(deadline: DispatchTime.now() + dueTime, leeway: leeway)
    timer.resume()
    return Disposables.create {
      box.value.dispose()
      keepAlive.cancel()
    }
  }

  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = UncheckedSendable(PeriodicState(state: state, action: action))
    return startRepeatingTimer(on: queue, startAfter: startAfter, period: period, leeway: leeway) { _ in
      periodic.value.fire()
    }
  }
}

/// Starts a repeating Dispatch timer on `queue` that calls `tick` every `period` after `startAfter`,
/// until the returned disposable is disposed; the timer is kept alive even when that disposable is
/// discarded (see ``TimerKeepAlive``).
///
/// `tick` receives the cancellation flag, to check again when it hands the work on to run later.
func startRepeatingTimer(
  on queue: DispatchQueue, startAfter: RxTimeInterval, period: RxTimeInterval, leeway: DispatchTimeInterval,
  tick: @escaping @Sendable (BooleanDisposable) -> Void
) -> Disposable {
  let cancel = BooleanDisposable()
  let timer = DispatchSource.makeTimerSource(queue: queue)
  let keepAlive = TimerKeepAlive(timer)
  timer.setEventHandler {
    if cancel.isDisposed { return }
    _ = keepAlive
    tick(cancel)
  }
  timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
  timer.resume()
  return Disposables.create {
    cancel.dispose()
    keepAlive.cancel()
  }
}

/// The state of a periodic action; only touched from where its ticks run, one at a time (the timer's
/// handler, which Dispatch serialises, or the main thread).
final class PeriodicState<StateType> {
  private var state: StateType
  private let action: (StateType) -> StateType

  init(state: StateType, action: @escaping (StateType) -> StateType) {
    self.state = state
    self.action = action
  }

  func fire() { state = action(state) }
}

/// Keeps a Dispatch timer alive until it has fired (one-shot) or is cancelled.
///
/// Dispatch stops a timer source whose last reference goes away, but a scheduled action must run even
/// when the caller discards the returned disposable (`_ = scheduler.scheduleRelative(…)`), as in RxSwift.
/// The timer's handler captures this box, and the box holds the timer: the cycle lasts until `release()`
/// (after a one-shot fired) or `cancel()`.
final class TimerKeepAlive: @unchecked Sendable {
  // `timer` is only read and cleared under `lock`.
  private let lock = LockedValue<DispatchSourceTimer?>(nil)

  init(_ timer: DispatchSourceTimer) { lock.withLock { $0 = timer } }

  /// Drops the reference once the timer has no more work.
  func release() { lock.withLock { $0 = nil } }

  /// Cancels the timer and drops the reference.
  func cancel() {
    let timer = lock.withLock { value -> DispatchSourceTimer? in
      defer { value = nil }
      return value
    }
    timer?.cancel()
  }
}
