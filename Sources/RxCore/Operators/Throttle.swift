extension ObservableType {
  /// Emits the first value at once, then at most one value per `dueTime` window.
  ///
  /// With `latest` (the default), the last value that arrived during a window is emitted when the window
  /// ends, and a completion that arrives while such a value waits is delivered right after it. Without
  /// `latest`, values arriving inside a window are dropped. Errors are forwarded at once.
  /// Example: with `xs.throttle(.seconds(200), scheduler: s)`, values at 210, 250 and 310 give the value
  /// of 210 at 210 and the value of 310 at 410.
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
  }
}

private final class Throttle<Element>: Producer<Element> {
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let latest: Bool
  let scheduler: SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.latest = latest
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(subscription, sink.timer))
  }
}

// Source events and timer ticks arrive on different threads; `gate` serialises them, and every mutable
// field below is only touched inside a gate handler.
private final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  private enum Message {
    case event(Event<Element>)
    case windowEnd
  }

  private let parent: Throttle<Element>
  private let gate = SerialGate<Message>()
  let timer = SerialDisposable()
  private var waiting: Element?
  private var lastSent: RxTime?
  private var completedWhileWaiting = false

  init(parent: Throttle<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      let remaining: RxTimeInterval
      if let lastSent {
        remaining = parent.dueTime.rxRemaining(afterSeconds: parent.scheduler.now.timeIntervalSince(lastSent))
      } else {
        remaining = .nanoseconds(0)
      }
      if remaining.rxIsNow {
        send(value)
        return
      }
      guard parent.latest else { return }
      let windowAlreadyScheduled = waiting != nil
      waiting = value
      if windowAlreadyScheduled { return }
      timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: remaining) { sink in
        sink.gate.send(.windowEnd) { sink.handle($0) }
        return Disposables.create()
      }
    case .event(.error(let error)):
      waiting = nil
      forwardTerminal(.error(error))
    case .event(.completed):
      if waiting != nil {
        completedWhileWaiting = true
      } else {
        forwardTerminal(.completed)
      }
    case .windowEnd:
      if let value = waiting { send(value) }
      if completedWhileWaiting { forwardTerminal(.completed) }
    }
  }

  private func send(_ value: Element) {
    waiting = nil
    forwardOn(.next(value))
    lastSent = parent.scheduler.now
  }
}
