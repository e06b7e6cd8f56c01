extension ObservableType {
  /// Emits a value only once `dueTime` has passed without another value arriving.
  ///
  /// On completion the value still waiting, if any, is emitted at once, then the completion. An error is
  /// forwarded at once and drops the waiting value.
  /// Example: with `xs.debounce(.seconds(20), scheduler: s)`, values at 210 and 220 then silence give the
  /// value of 220 at 240.
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

private final class Debounce<Element>: Producer<Element> {
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let scheduler: SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(subscription, sink.timer))
  }
}

// Source events and timer ticks are serialised by `gate`; `waiting` and `generation` are only touched
// inside its handlers.
private final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  private enum Message {
    case event(Event<Element>)
    case silence(UInt64)
  }

  private let parent: Debounce<Element>
  private let gate = SerialGate<Message>()
  let timer = SerialDisposable()
  private var waiting: Element?
  private var generation: UInt64 = 0

  init(parent: Debounce<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      generation &+= 1
      waiting = value
      let current = generation
      timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: parent.dueTime) { sink in
        sink.gate.send(.silence(current)) { sink.handle($0) }
        return Disposables.create()
      }
    case .event(.error(let error)):
      waiting = nil
      forwardTerminal(.error(error))
    case .event(.completed):
      if let value = waiting {
        waiting = nil
        forwardOn(.next(value))
      }
      forwardTerminal(.completed)
    case .silence(let id):
      guard id == generation, let value = waiting else { return }
      waiting = nil
      forwardOn(.next(value))
    }
  }
}
