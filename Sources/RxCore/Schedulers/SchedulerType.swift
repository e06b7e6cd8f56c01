import Dispatch

/// A span of time for schedulers and time-based operators: `.seconds(1)`, `.milliseconds(300)`, ….
public typealias RxTimeInterval = DispatchTimeInterval

/// Runs work, possibly later or elsewhere.
public protocol ImmediateSchedulerType {
  /// Schedules `action` to run as soon as possible.
  ///
  /// - Returns: A disposable that cancels the action if it has not run yet.
  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that also knows the time and can run work later or periodically.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's notion of the current time.
  var now: RxTime { get }

  /// Schedules `action` to run after `dueTime`.
  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable

  /// Schedules `action` every `period`, starting after `startAfter`; each run gets the state the
  /// previous one returned.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable
}

extension SchedulerType {
  /// A periodic schedule built from relative scheduling, for schedulers without a native timer.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = PeriodicRunner(scheduler: self, state: state, period: period, action: action)
    return periodic.start(after: startAfter)
  }
}

/// Re-schedules itself after each run until disposed.
private final class PeriodicRunner<Scheduler: SchedulerType, State>: @unchecked Sendable {
  // Only ever touched from the scheduler's actions, which the scheduler runs one at a time.
  private let scheduler: Scheduler
  private var state: State
  private let period: RxTimeInterval
  private let action: (State) -> State
  private let serial = SerialDisposable()

  init(scheduler: Scheduler, state: State, period: RxTimeInterval, action: @escaping (State) -> State) {
    self.scheduler = scheduler
    self.state = state
    self.period = period
    self.action = action
  }

  func start(after delay: RxTimeInterval) -> Disposable {
    scheduleNext(after: delay)
    return serial
  }

  private func scheduleNext(after delay: RxTimeInterval) {
    guard !serial.isDisposed else { return }
    serial.disposable = scheduler.scheduleRelative((), dueTime: delay) { [self] _ in
      state = action(state)
      scheduleNext(after: period)
      return Disposables.create()
    }
  }
}
