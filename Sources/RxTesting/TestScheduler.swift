import RxCore

/// A scheduler whose clock only moves when the test says so, for marble tests in virtual time.
///
/// One tick is `resolution` seconds (one second by default). Work scheduled for "now" or the past runs
/// one tick later when `simulateProcessingDelay` is on, as in RxTest.
///
/// Example:
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// // res.events == [.next(210, 2), .completed(300)]
/// // xs.subscriptions == [Subscription(200, 300)]
/// ```
public class TestScheduler: SchedulerType {
  /// The default times of ``start(_:)``.
  public enum Defaults {
    /// When the tested sequence is created.
    public static let created = 100
    /// When it is subscribed to.
    public static let subscribed = 200
    /// When the subscription is disposed.
    public static let disposed = 1000
  }

  private struct Item {
    let time: TestTime
    let id: Int
    let action: ScheduledAction
  }

  private let resolution: Double
  private let simulateProcessingDelay: Bool
  private var queue: [Item] = []
  private var nextID = 0
  private var running = false

  /// The current virtual time.
  public private(set) var clock: TestTime

  /// A scheduler at `initialClock` with ticks of `resolution` seconds.
  public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
    self.clock = initialClock
    self.resolution = resolution
    self.simulateProcessingDelay = simulateProcessingDelay
  }

  public var now: RxTime { RxTime(timeIntervalSince1970: Double(clock) * resolution) }

  // MARK: Scheduling

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let ticks = virtualInterval(dueTime)
    var time = ticks >= Int.max - clock ? Int.max : clock + ticks
    if time <= clock { time = clock + (simulateProcessingDelay ? 1 : 0) }
    return scheduleAbsoluteVirtual(state, time: time, action: action)
  }

  /// Schedules `action` `dueTime` ticks from now, with no processing-delay adjustment.
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: TestTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(state, time: clock + dueTime, action: action)
  }

  /// Schedules `action` at the absolute virtual time `time`.
  public func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: TestTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let scheduled = ScheduledAction { action(state) }
    insert(Item(time: time, id: nextID, action: scheduled))
    nextID += 1
    return scheduled
  }

  /// Runs `action` at the absolute virtual time `time`.
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  private func virtualInterval(_ interval: RxTimeInterval) -> Int {
    let seconds: Double
    switch interval {
    case .seconds(let value): seconds = Double(value)
    case .milliseconds(let value): seconds = Double(value) / 1e3
    case .microseconds(let value): seconds = Double(value) / 1e6
    case .nanoseconds(let value): seconds = Double(value) / 1e9
    case .never: return Int.max
    @unknown default: return Int.max
    }
    let ticks = seconds / resolution + 0.5
    if ticks >= Double(Int.max) { return Int.max }
    return Int(ticks.rounded(.down))
  }

  /// Keeps `queue` sorted by (time, id) so the next item is always first.
  private func insert(_ item: Item) {
    var low = 0
    var high = queue.count
    while low < high {
      let mid = (low + high) / 2
      let other = queue[mid]
      if other.time < item.time || (other.time == item.time && other.id < item.id) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    queue.insert(item, at: low)
  }

  private func popNext(notAfter limit: TestTime?) -> Item? {
    while let first = queue.first {
      if first.action.isDisposed {
        queue.removeFirst()
        continue
      }
      if let limit, first.time > limit { return nil }
      queue.removeFirst()
      return first
    }
    return nil
  }

  // MARK: Running

  /// Runs every scheduled item in time order until none is left or ``stop()`` is called.
  public func start() {
    if running { return }
    running = true
    while running, let item = popNext(notAfter: nil) {
      if item.time > clock { clock = item.time }
      item.action.invoke()
    }
    running = false
  }

  /// Stops ``start()`` after the current item.
  public func stop() { running = false }

  /// Runs every item due at or before `virtualTime`, then sets the clock to it.
  public func advanceTo(_ virtualTime: TestTime) {
    precondition(!running, "RxTesting: the scheduler is already running")
    precondition(virtualTime >= clock, "RxTesting: cannot advance the clock into the past")
    running = true
    while running, let item = popNext(notAfter: virtualTime) {
      if item.time > clock { clock = item.time }
      item.action.invoke()
    }
    clock = virtualTime
    running = false
  }

  /// Moves the clock forward by `virtualInterval` ticks without running anything.
  public func sleep(_ virtualInterval: TestTime) {
    precondition(virtualInterval >= 0, "RxTesting: cannot sleep into the past")
    clock += virtualInterval
  }

  // MARK: Test doubles

  /// An observable that sends `events` at their absolute times to whoever is subscribed then.
  public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<
    Element
  > {
    HotObservable(testScheduler: self, recordedEvents: events)
  }

  /// An observable that sends `events` at their times relative to each subscription.
  public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<
    Element
  > {
    ColdObservable(testScheduler: self, recordedEvents: events)
  }

  /// An observer that records what it receives with the virtual time.
  public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Creates the sequence at `created`, subscribes at `subscribed`, disposes at `disposed`, runs the
  /// scheduler, and returns what the observer recorded.
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    created: TestTime, subscribed: TestTime, disposed: TestTime,
    create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    var source: Observable<Element>?
    var subscription: Disposable?
    let observer = createObserver(Element.self)
    scheduleAt(created) { source = create().asObservable() }
    scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
    scheduleAt(disposed) { subscription?.dispose() }
    start()
    return observer
  }

  /// ``start(created:subscribed:disposed:create:)`` with the default creation and subscription times.
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    disposed: TestTime, create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
  }

  /// ``start(created:subscribed:disposed:create:)`` with the default times 100, 200 and 1000.
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    _ create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed,
      create: create)
  }
}

/// One item of the virtual-time queue.
private final class ScheduledAction: Cancelable {
  private var action: (() -> Disposable)?
  private let result = SingleAssignmentDisposable()

  init(_ action: @escaping () -> Disposable) { self.action = action }

  var isDisposed: Bool { result.isDisposed }

  func invoke() {
    guard let action, !result.isDisposed else { return }
    self.action = nil
    result.setDisposable(action())
  }

  func dispose() { result.dispose() }
}
