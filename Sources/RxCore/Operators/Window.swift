extension ObservableType {
  /// Splits the values into consecutive windows, each a sequence that completes when it holds `count`
  /// values or when `timeSpan` has passed since it opened, whichever comes first; the next window opens
  /// at that moment.
  ///
  /// The first window is sent at subscription, and a new one each time the previous one closes (a
  /// window that closes on time may be empty; one closed because it was full starts a new time span).
  /// Windows are hot: a subscriber sees the values that arrive while it is subscribed. When this
  /// sequence completes or fails, the open window and the result complete or fail with it, window
  /// first. Disposing the result does not stop a window that is still subscribed: the source runs until
  /// that window closes or its subscriber disposes. A `count` of zero or less never fills, so windows
  /// then close on time alone.
  /// ```swift
  /// // Sum the taps of each second (or of every 10 taps).
  /// taps.window(timeSpan: .seconds(1), count: 10, scheduler: scheduler)
  ///   .flatMap { $0.reduce(0) { sum, _ in sum + 1 } }
  /// ```
  /// - Parameters:
  ///   - timeSpan: The longest time a window stays open.
  ///   - count: The most values a window holds.
  ///   - scheduler: Where the time spans are measured and their ends are delivered.
  /// - Returns: A sequence of windows.
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<Observable<Element>>
  {
    Chunking<WindowChunks<Element>>(
      source: asObservable(), limits: ChunkLimits(timeSpan: timeSpan, count: count, scheduler: scheduler))
  }
}

/// `window` sends the values of a chunk through a sequence of their own.
enum WindowChunks<Element>: ChunkKind {
  typealias Chunk = Observable<Element>

  static func makeSink<Observer: ObserverType>(limits: ChunkLimits, observer: Observer, cancel: Cancelable)
    -> ChunkingSink<Element, Observer>
  where Observer.Element == Observable<Element> {
    WindowSink(limits: limits, observer: observer, cancel: cancel)
  }
}

/// `window` is only touched inside the gate of ``ChunkingSink`` (or in `run` before the source is
/// subscribed).
///
/// The source subscription and the timer are shared with the windows through `shared`, so they outlive
/// the outer subscription while a window is subscribed; events keep flowing into the open window then,
/// even though no new window reaches the disposed outer observer.
private final class WindowSink<Element, Observer: ObserverType>: ChunkingSink<Element, Observer>,
  @unchecked Sendable
where Observer.Element == Observable<Element> {
  private let sourceSubscription = SingleAssignmentDisposable()
  // Made in `run`, before the source is subscribed, and only read after.
  private lazy var shared = SharedSubscription(Disposables.create(timer, sourceSubscription))
  private var window = PublishSubject<Element>()

  override func run(_ source: Observable<Element>) -> Disposable {
    forwardNext(RetainingObservable(subject: window, shared: shared))
    startFirstSpan()
    sourceSubscription.setDisposable(source.subscribe(self))
    return shared
  }

  override func add(_ value: Element) {
    window.onNext(value)
  }

  override func chunkClosed() {
    window.on(.completed)
    window = PublishSubject()
    forwardNext(RetainingObservable(subject: window, shared: shared))
  }

  override func sourceFailed(_ error: Swift.Error) {
    window.on(.error(error))
    forwardError(error)
  }

  override func sourceCompleted() {
    window.on(.completed)
    forwardCompleted()
  }
}
