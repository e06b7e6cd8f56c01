extension ObservableType {
  /// Drops the first `count` values and sends the rest.
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "RxCore: skip count can't be negative")
    return CountedValues(source: asObservable(), count: count, rule: .skip)
  }

  /// Drops values while `predicate` holds; from the first value that fails it on, sends everything.
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Filter(source: asObservable(), rule: .skipWhile, predicate: predicate)
  }

  /// Drops the values sent during `duration` after subscription.
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    SkipTime(source: asObservable(), duration: duration, scheduler: scheduler)
  }
}

/// The sink of `skip(while:)`, made by ``Filter``.
final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let predicate: (Element) throws -> Bool
  private var skipping = true

  init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      if skipping {
        do {
          skipping = try predicate(value)
        } catch {
          forwardTerminal(.error(error))
          return
        }
        if skipping { return }
      }
      forwardOn(event)
    case .error, .completed:
      forwardTerminal(event)
    }
  }
}

private final class SkipTime<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let duration: RxTimeInterval
  private let scheduler: SchedulerType

  init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
    self.source = source
    self.duration = duration
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = SkipTimeSink(observer: observer, cancel: cancel)
    let timer = scheduler.scheduleRelative(sink, dueTime: duration) { sink in
      sink.open()
      return Disposables.create()
    }
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(timer, subscription))
  }
}

// The timer and the source may run on different threads; `gate` serialises them and guards `isOpen`.
private final class SkipTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  private enum Message {
    case event(Event<Observer.Element>)
    case open
  }

  private let gate = SerialGate<Message>()
  private var isOpen = false

  func open() {
    gate.send(.open) { handle($0) }
  }

  func on(_ event: Event<Observer.Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .open:
      isOpen = true
    case .event(let event):
      if event.isStopEvent {
        forwardTerminal(event)
      } else if isOpen {
        forwardOn(event)
      }
    }
  }
}
