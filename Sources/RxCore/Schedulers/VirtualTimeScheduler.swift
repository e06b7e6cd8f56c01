/// A scheduler whose clock only moves when it runs its queue, in units its `Converter` defines.
///
/// Actions run in time order, those due at the same time in the order they were scheduled, on the
/// thread that calls ``start()`` or ``advanceTo(_:)``; the clock jumps to each action's time. Not
/// thread-safe: schedule and run from one thread, as in RxSwift.
///
/// ```swift
/// let scheduler = HistoricalScheduler()
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in print(scheduler.now); return Disposables.create() }
/// scheduler.start()  // prints 1970-01-01 00:00:10 +0000
/// ```
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
  /// A point in this scheduler's time.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A span of this scheduler's time.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private struct Item {
    let time: VirtualTime
    let id: Int
    let action: ScheduledItem
  }

  private let converter: Converter
  private var queue: [Item] = []
  private var nextID = 0
  private var running = false

  /// The current virtual time.
  public private(set) var clock: VirtualTime

  /// A scheduler whose clock starts at `initialClock`.
  public init(initialClock: VirtualTime, converter: Converter) {
    clock = initialClock
    self.converter = converter
  }

  /// The current virtual time in real time.
  public var now: RxTime { converter.convertFromVirtualTime(clock) }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let time = converter.convertToVirtualTime(now.addingDispatchInterval(dueTime))
    return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
  }

  /// Schedules `action` `dueTime` after the current virtual time.
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
  }

  /// Schedules `action` at the virtual time `time`; a time already past runs at the next ``start()``.
  public func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let item = Item(time: time, id: nextID, action: ScheduledItem { action(state) })
    nextID += 1
    insert(item)
    return item.action
  }

  /// The time an action scheduled through ``scheduleRelative(_:dueTime:action:)`` really gets;
  /// subclasses adjust it (a test scheduler moves "now" one tick on). Returns `time` by default.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

  /// Runs every scheduled action in time order until none is left or ``stop()`` is called.
  public func start() {
    if running { return }
    running = true
    while running, let item = popNext(notAfter: nil) {
      if isLater(item.time, than: clock) { clock = item.time }
      item.action.invoke()
    }
    running = false
  }

  /// Stops ``start()`` or ``advanceTo(_:)`` after the current action.
  public func stop() { running = false }

  /// Runs every action due at or before `virtualTime`, then sets the clock to it.
  public func advanceTo(_ virtualTime: VirtualTime) {
    precondition(!running, "RxCore: the virtual time scheduler is already running")
    precondition(!isLater(clock, than: virtualTime), "RxCore: cannot advance a virtual clock into the past")
    running = true
    while running, let item = popNext(notAfter: virtualTime) {
      if isLater(item.time, than: clock) { clock = item.time }
      item.action.invoke()
    }
    clock = virtualTime
    running = false
  }

  /// Moves the clock forward by `virtualInterval` without running anything.
  public func sleep(_ virtualInterval: VirtualTimeInterval) {
    let target = converter.offsetVirtualTime(clock, offset: virtualInterval)
    precondition(!isLater(clock, than: target), "RxCore: cannot sleep into the past")
    clock = target
  }

  private func isLater(_ lhs: VirtualTime, than rhs: VirtualTime) -> Bool {
    converter.compareVirtualTime(lhs, rhs) == .greaterThan
  }

  /// Keeps `queue` sorted by (time, id), so the next action is always first.
  private func insert(_ item: Item) {
    var low = 0
    var high = queue.count
    while low < high {
      let mid = (low + high) / 2
      let other = queue[mid]
      let order = converter.compareVirtualTime(other.time, item.time)
      if order == .lessThan || (order == .equal && other.id < item.id) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    queue.insert(item, at: low)
  }

  private func popNext(notAfter limit: VirtualTime?) -> Item? {
    while let first = queue.first {
      if first.action.isDisposed {
        queue.removeFirst()
        continue
      }
      if let limit, isLater(first.time, than: limit) { return nil }
      queue.removeFirst()
      return first
    }
    return nil
  }
}
