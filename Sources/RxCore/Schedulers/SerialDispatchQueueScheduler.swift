import Dispatch

/// Runs work one action at a time on a serial Dispatch queue.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // Immutable after init.
  let configuration: DispatchQueueConfiguration

  /// Runs work on `serialQueue`, which must be serial.
  public init(queue serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Runs work on a new serial queue named `internalSerialQueueName`.
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
    serialQueueConfiguration?(queue)
    self.init(queue: queue, leeway: leeway)
  }

  /// Runs work on a new serial queue that targets the global queue of `qos`.
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(
      label: internalSerialQueueName, attributes: [], target: DispatchQueue.global(qos: qos.qosClass))
    self.init(queue: queue, leeway: leeway)
  }

  public var now: RxTime { RxTime.now }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    scheduleInternal(state, action: action)
  }

  func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
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
