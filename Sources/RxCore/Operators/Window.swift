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
    Window(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
  }
}

private final class Window<Element>: Producer<Observable<Element>> {
  private let source: Observable<Element>
  let timeSpan: RxTimeInterval
  let count: Int
  let scheduler: SchedulerType

  init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
    self.source = source
    self.timeSpan = timeSpan
    self.count = count
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Observable<Element> {
    let sink = WindowSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}

/// Source events and span ends are serialised by `gate`; `window`, `received` and `span` are only
/// touched inside its handlers (or in `run` before the source is subscribed).
///
/// The source subscription and the timer are shared with the windows through `shared`, so they outlive
/// the outer subscription while a window is subscribed; events keep flowing into the open window then,
/// even though no new window reaches the disposed outer observer.
private final class WindowSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Observer.Element == Observable<Element> {
  private enum Message {
    case event(Event<Element>)
    case spanEnded(UInt64)
  }

  private let parent: Window<Element>
  private let gate = SerialGate<Message>()
  private let timer = SerialDisposable()
  private let sourceSubscription = SingleAssignmentDisposable()
  private let shared: SharedSubscription
  private var window = PublishSubject<Element>()
  private var received = 0
  /// Identifies the current window's span, so that the end of a span closed early by count is ignored.
  private var span: UInt64 = 0

  init(parent: Window<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    shared = SharedSubscription(Disposables.create(timer, sourceSubscription))
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    forwardNext(RetainingObservable(subject: window, shared: shared))
    startSpan(span)
    sourceSubscription.setDisposable(source.subscribe(self))
    return shared
  }

  func _deliverNext(_ value: Element) {
    gate.send(.event(.next(value)), to: handle) { receive(value) }
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      receive(value)
    case .event(.error(let error)):
      window.on(.error(error))
      forwardError(error)
    case .event(.completed):
      window.on(.completed)
      forwardCompleted()
    case .spanEnded(let id):
      if id == span { openNextWindow() }
    }
  }

  private func receive(_ value: Element) {
    window.onNext(value)
    received += 1
    if received == parent.count { openNextWindow() }
  }

  private func openNextWindow() {
    received = 0
    span &+= 1
    let current = span
    window.on(.completed)
    window = PublishSubject()
    forwardNext(RetainingObservable(subject: window, shared: shared))
    startSpan(current)
  }

  /// Schedules the end of span `id`, replacing (and so cancelling) the previous span's timer.
  private func startSpan(_ id: UInt64) {
    if timer.isDisposed || id != span { return }
    let end = SingleAssignmentDisposable()
    timer.disposable = end
    end.setDisposable(
      parent.scheduler.scheduleRelative(self, dueTime: parent.timeSpan) { sink in
        sink.gate.send(.spanEnded(id)) { sink.handle($0) }
        return Disposables.create()
      })
  }
}
