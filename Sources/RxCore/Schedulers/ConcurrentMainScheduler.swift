/// Runs work on the main thread, at once when it is already there, like RxSwift's
/// `ConcurrentMainScheduler`.
///
/// Unlike ``MainScheduler/instance``, `schedule` called on the main thread always runs the action
/// immediately, even while other main-thread work is queued, which makes it the scheduler for
/// `subscribe(on:)`; to observe on the main thread, prefer ``MainScheduler``. From any other thread the
/// action goes through the main scheduler's queue (or the run loop attached to it). Delayed and periodic
/// work is delegated to ``MainScheduler/instance``.
///
/// ```swift
/// source.subscribe(on: ConcurrentMainScheduler.instance)
/// ```
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
  /// The shared instance.
  public static let instance = ConcurrentMainScheduler()

  private init() {}

  public var now: RxTime { MainScheduler.instance.now }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    if isExecutingOnMain() { return action(state) }
    // The asynchronous instance never runs the action in place, so this never recurses here.
    return MainScheduler.asyncInstance.schedule(state, action: action)
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    MainScheduler.instance.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    MainScheduler.instance.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
