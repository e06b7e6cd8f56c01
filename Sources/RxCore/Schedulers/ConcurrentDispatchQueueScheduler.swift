import Dispatch

/// Runs work on a concurrent Dispatch queue: actions may run in parallel.
///
/// Operators that need serial delivery (`observe(on:)`) serialise on their own.
public final class ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
  let configuration: DispatchQueueConfiguration

  /// Runs work on `queue`.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Runs work on the global queue of `qos`.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
  }

  public var now: RxTime { RxTime.now }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    configuration.schedule(state, action: action)
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
