extension ObservableType {
  /// Fails with `RxError.timeout` when `dueTime` passes after subscription or after a value without the
  /// next event arriving.
  ///
  /// The source is released at the moment the timeout fires.
  /// Example: `xs.timeout(.seconds(100), scheduler: s)` subscribed at 200 with no value until 300 fails at 300.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Timeout(
      source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout),
      scheduler: scheduler)
  }

  /// Switches to `other` when `dueTime` passes after subscription or after a value without the next event
  /// arriving.
  ///
  /// At that moment the source is released and `other` is subscribed; from then on its events are sent.
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
  }
}

private final class Timeout<Element>: Producer<Element> {
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let other: Observable<Element>
  let scheduler: SchedulerType

  init(
    source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType
  ) {
    self.source = source
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = TimeoutSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run())
  }
}

// Source events and timer ticks are serialised by `gate`; `generation` and `switched` are only touched
// inside its handlers. After the switch, `other`'s events go straight downstream: the source is released
// and its late events are dropped by the gate handler.
private final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  private enum Message {
    case event(Event<Element>)
    case timeout(UInt64)
  }

  private let parent: Timeout<Element>
  private let gate = SerialGate<Message>()
  private let subscription = SerialDisposable()
  private let timer = SerialDisposable()
  private var generation: UInt64 = 0
  private var switched = false

  init(parent: Timeout<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    let original = SingleAssignmentDisposable()
    subscription.disposable = original
    startTimer()
    original.setDisposable(parent.source.subscribe(self))
    return Disposables.create(subscription, timer)
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(let event):
      if switched { return }
      generation &+= 1
      if event.isStopEvent {
        forwardTerminal(event)
      } else {
        forwardOn(event)
        startTimer()
      }
    case .timeout(let id):
      guard !switched, id == generation else { return }
      switched = true
      subscription.disposable = parent.other.subscribe(OtherObserver(sink: self))
    }
  }

  private func startTimer() {
    if timer.isDisposed { return }
    let id = generation
    timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: parent.dueTime) { sink in
      sink.gate.send(.timeout(id)) { sink.handle($0) }
      return Disposables.create()
    }
  }

  fileprivate func forwardFromOther(_ event: Event<Element>) {
    if event.isStopEvent {
      forwardTerminal(event)
    } else {
      forwardOn(event)
    }
  }

  private struct OtherObserver: ObserverType {
    let sink: TimeoutSink

    func on(_ event: Event<Element>) { sink.forwardFromOther(event) }
  }
}
