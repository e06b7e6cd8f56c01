import Dispatch
import Synchronization

/// Runs work on the main thread: the only place UI code may run.
///
/// By default work goes to `DispatchQueue.main`, as in any Dispatch-driven program. A program whose
/// main thread runs its own loop (a terminal UI waiting on `poll`) calls ``attachRunLoop(wakeUp:)``:
/// scheduled work then waits in a mailbox, `wakeUp` is called from whichever thread scheduled it, and
/// the loop runs it with ``drain()``.
///
/// Like RxSwift's, `schedule` called on the main queue runs the action at once when this instance has
/// nothing queued. Each instance counts its own queued actions, so every ``Driver`` and ``Signal``
/// (which get a new instance from ``SharingScheduler/make``) can deliver at once while another one's
/// action runs; all instances share the one main queue (or mailbox), so their actions keep the order
/// in which they were scheduled.
public final class MainScheduler: SchedulerType, @unchecked Sendable {
  /// The shared instance.
  public static let instance = MainScheduler()

  /// An instance that always queues, even when called on the main thread.
  public static let asyncInstance = MainScheduler(alwaysAsync: true)

  // Actions of this instance scheduled and not yet finished: another one runs at once only at 0.
  private let inFlight = Atomic<Int>(0)
  private let alwaysAsync: Bool

  /// A new instance, with its own count of queued actions, running on the main thread.
  public convenience init() {
    self.init(alwaysAsync: false)
  }

  private init(alwaysAsync: Bool) {
    self.alwaysAsync = alwaysAsync
  }

  /// `true` when called on the process's main thread.
  public static var isMainThread: Bool { isOnMainThread() }

  /// Routes work into a mailbox for the caller's own main loop; `wakeUp` must be safe to call from any
  /// thread (writing a byte to a pipe is typical). Every instance uses the same loop.
  public func attachRunLoop(wakeUp: @escaping @Sendable () -> Void) {
    MainMailbox.shared.attach(wakeUp)
  }

  /// Goes back to `DispatchQueue.main`; anything still in the mailbox is handed to it.
  public func detachRunLoop() {
    MainMailbox.shared.detach()
  }

  /// Runs every action queued so far (by any instance) on the calling thread, which must be the main
  /// thread.
  ///
  /// - Returns: How many actions ran.
  @discardableResult
  public func drain() -> Int {
    MainMailbox.shared.drain()
  }

  public var now: RxTime { RxTime.now }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    let previous = inFlight.add(1, ordering: .acquiringAndReleasing).oldValue
    if !alwaysAsync && previous == 0 && MainMailbox.shared.isOnLoop() {
      let disposable = action(state)
      inFlight.subtract(1, ordering: .acquiringAndReleasing)
      return disposable
    }
    let item = ScheduledItem { action(state) }
    MainMailbox.shared.enqueue(item, owner: self)
    return item
  }

  /// Marks an action of this instance as finished (called by the mailbox after running it).
  fileprivate func finished() {
    inFlight.subtract(1, ordering: .acquiringAndReleasing)
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let cancel = SerialDisposable()
    let box = UncheckedSendable((self, state, action, cancel))
    let timer = DispatchSource.makeTimerSource(queue: MainMailbox.shared.timers)
    let keepAlive = TimerKeepAlive(timer)
    timer.setEventHandler {
      keepAlive.release()
      let (scheduler, state, action, cancel) = box.value
      guard !cancel.isDisposed else { return }
      let item = ScheduledItem { action(state) }
      cancel.disposable = item
      scheduler.inFlight.add(1, ordering: .acquiringAndReleasing)
      MainMailbox.shared.enqueue(item, owner: scheduler)
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
    return startRepeatingTimer(
      on: MainMailbox.shared.timers, startAfter: startAfter, period: period, leeway: .nanoseconds(0)
    ) { cancel in
      let scheduler = target.value
      scheduler.inFlight.add(1, ordering: .acquiringAndReleasing)
      MainMailbox.shared.enqueue(
        ScheduledItem {
          if !cancel.isDisposed { periodic.value.fire() }
          return Disposables.create()
        }, owner: scheduler)
    }
  }
}

/// The one queue of main-thread work that every ``MainScheduler`` instance feeds, so that actions run
/// in the order they were scheduled whichever instance scheduled them.
private final class MainMailbox: Sendable {
  static let shared = MainMailbox()

  private struct Queued {
    let item: ScheduledItem
    let owner: MainScheduler
  }

  private struct State {
    var mailbox: [Queued] = []
    var wakeUp: (@Sendable () -> Void)?
  }

  // Mailbox and run-loop hook; actions always run after the lock is released.
  private let state = LockedValue(State())
  let timers = DispatchQueue(label: "rxcore.main-scheduler.timers")

  /// Whether an action may run at once here: on the main thread when a run loop is attached (the
  /// main queue is not drained then), else on the main thread or inside a main-queue block, as RxSwift
  /// decides with `DispatchQueue.main`'s specific key.
  func isOnLoop() -> Bool {
    let attached = state.withLock { $0.wakeUp != nil }
    return attached ? isOnMainThread() : isExecutingOnMain()
  }

  func attach(_ wakeUp: @escaping @Sendable () -> Void) {
    state.withLock { $0.wakeUp = wakeUp }
    wakeUp()
  }

  func detach() {
    let hasWork = state.withLock { box -> Bool in
      box.wakeUp = nil
      return !box.mailbox.isEmpty
    }
    if hasWork {
      DispatchQueue.main.async { _ = MainMailbox.shared.drain() }
    }
  }

  func enqueue(_ item: ScheduledItem, owner: MainScheduler) {
    let wakeUp = state.withLock { box -> (@Sendable () -> Void)? in
      box.mailbox.append(Queued(item: item, owner: owner))
      return box.wakeUp
    }
    if let wakeUp {
      wakeUp()
    } else {
      DispatchQueue.main.async { _ = MainMailbox.shared.drain() }
    }
  }

  func drain() -> Int {
    let queued = state.withLock { box -> [Queued] in
      defer { box.mailbox = [] }
      return box.mailbox
    }
    for entry in queued {
      entry.item.invoke()
      entry.owner.finished()
    }
    return queued.count
  }
}
