import Dispatch
import Synchronization

/// Runs work on the main thread: the only place UI code may run.
///
/// By default work goes to `DispatchQueue.main`, as in any Dispatch-driven program. A program whose
/// main thread runs its own loop (a terminal UI waiting on `poll`) calls ``attachRunLoop(wakeUp:)``:
/// scheduled work then waits in a mailbox, `wakeUp` is called from whichever thread scheduled it, and
/// the loop runs it with ``drain()``.
///
/// Like RxSwift's, `schedule` called on the main thread with nothing queued runs the action at once.
public final class MainScheduler: SchedulerType, @unchecked Sendable {
  /// The shared instance.
  public static let instance = MainScheduler(alwaysAsync: false)

  /// An instance that always queues, even when called on the main thread.
  public static let asyncInstance = MainScheduler(alwaysAsync: true)

  private struct State {
    var mailbox: [ScheduledItem] = []
    var wakeUp: (@Sendable () -> Void)?
    var inFlight = 0
  }

  // Mailbox and run-loop hook; actions always run after the lock is released.
  private let state = LockedValue(State())
  private let alwaysAsync: Bool
  private let timers: DispatchQueue

  private init(alwaysAsync: Bool) {
    self.alwaysAsync = alwaysAsync
    timers = DispatchQueue(label: "rxcore.main-scheduler.timers")
  }

  /// `true` when called on the process's main thread.
  public static var isMainThread: Bool { isOnMainThread() }

  /// Routes work into a mailbox for the caller's own main loop; `wakeUp` must be safe to call from any
  /// thread (writing a byte to a pipe is typical). Both shared instances use the same loop.
  public func attachRunLoop(wakeUp: @escaping @Sendable () -> Void) {
    for scheduler in [MainScheduler.instance, MainScheduler.asyncInstance] {
      scheduler.state.withLock { $0.wakeUp = wakeUp }
    }
    wakeUp()
  }

  /// Goes back to `DispatchQueue.main`; anything still in the mailbox is handed to it.
  public func detachRunLoop() {
    for scheduler in [MainScheduler.instance, MainScheduler.asyncInstance] {
      let hasWork = scheduler.state.withLock { box -> Bool in
        box.wakeUp = nil
        return !box.mailbox.isEmpty
      }
      if hasWork {
        let target = UncheckedSendable(scheduler)
        DispatchQueue.main.async { _ = target.value.drainOwn() }
      }
    }
  }

  /// Runs every action queued so far on the calling thread, which must be the main thread.
  ///
  /// - Returns: How many actions ran.
  @discardableResult
  public func drain() -> Int {
    MainScheduler.instance.drainOwn() + MainScheduler.asyncInstance.drainOwn()
  }

  private func drainOwn() -> Int {
    let items = state.withLock { box -> [ScheduledItem] in
      defer { box.mailbox = [] }
      return box.mailbox
    }
    for item in items {
      item.invoke()
      state.withLock { $0.inFlight -= 1 }
    }
    return items.count
  }

  public var now: RxTime { RxTime.now }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    if !alwaysAsync && isOnMainThread() {
      let runNow = self.state.withLock { box -> Bool in
        if box.inFlight == 0 {
          box.inFlight = 1
          return true
        }
        return false
      }
      if runNow {
        let disposable = action(state)
        self.state.withLock { $0.inFlight -= 1 }
        return disposable
      }
    }
    let item = ScheduledItem { action(state) }
    enqueue(item)
    return item
  }

  private func enqueue(_ item: ScheduledItem) {
    let wakeUp = state.withLock { box -> (@Sendable () -> Void)? in
      box.mailbox.append(item)
      box.inFlight += 1
      return box.wakeUp
    }
    if let wakeUp {
      wakeUp()
    } else {
      let target = UncheckedSendable(self)
      DispatchQueue.main.async { _ = target.value.drainOwn() }
    }
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let cancel = SerialDisposable()
    let box = UncheckedSendable((self, state, action, cancel))
    let timer = DispatchSource.makeTimerSource(queue: timers)
    let keepAlive = TimerKeepAlive(timer)
    timer.setEventHandler {
      keepAlive.release()
      let (scheduler, state, action, cancel) = box.value
      guard !cancel.isDisposed else { return }
      let item = ScheduledItem { action(state) }
      cancel.disposable = item
      scheduler.enqueue(item)
    }
    timer.schedule(deadline: DispatchTime.now() + dueTime)
    timer.resume()
    return Disposables.create {
      cancel.dispose()
      keepAlive.cancel()
    }
  }

  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = UncheckedSendable(PeriodicState(state: state, action: action))
    let target = UncheckedSendable(self)
    // The main scheduler runs its timers without leeway.
    return startRepeatingTimer(on: timers, startAfter: startAfter, period: period, leeway: .nanoseconds(0)) {
      cancel in
      target.value.enqueue(
        ScheduledItem {
          if !cancel.isDisposed { periodic.value.fire() }
          return Disposables.create()
        })
    }
  }
}
