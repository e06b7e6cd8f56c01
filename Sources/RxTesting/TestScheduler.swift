import RxCore

/// A scheduler whose clock only moves when the test says so, for marble tests in virtual time.
///
/// It is a ``VirtualTimeScheduler`` whose time is whole ticks (``TestSchedulerVirtualTimeConverter``),
/// so it goes wherever one is expected; `clock`, `now`, `start()`, `advanceTo(_:)`, `sleep(_:)` and
/// `stop()` are that engine's. One tick is `resolution` seconds (one second by default). Work scheduled
/// through `schedule` or `scheduleRelative` for "now" or the past runs one tick later when
/// `simulateProcessingDelay` is on, as in RxTest.
///
/// Example:
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// // res.events == [.next(210, 2), .completed(300)]
/// // xs.subscriptions == [Subscription(200, 300)]
/// ```
public class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> {
  /// The default times of ``start(_:)``.
  public enum Defaults {
    /// When the tested sequence is created.
    public static let created = 100
    /// When it is subscribed to.
    public static let subscribed = 200
    /// When the subscription is disposed.
    public static let disposed = 1000
  }

  private let simulateProcessingDelay: Bool

  /// A scheduler at `initialClock` with ticks of `resolution` seconds.
  ///
  /// - Parameters:
  ///   - initialClock: The virtual time it starts at.
  ///   - resolution: Seconds per tick: real time is `ticks * resolution`.
  ///   - simulateProcessingDelay: Whether work scheduled for now or the past runs one tick later.
  public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
    self.simulateProcessingDelay = simulateProcessingDelay
    super.init(
      initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
  }

  /// Moves work due now or in the past to the next tick when `simulateProcessingDelay` is on.
  public override func adjustScheduledTime(_ time: TestTime) -> TestTime {
    time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
  }

  /// Runs `action` at the absolute virtual time `time`.
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
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
