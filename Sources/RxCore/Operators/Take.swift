extension ObservableType {
  /// The first `count` values, then completion at the tick of the last one.
  ///
  /// `take(0)` is an empty sequence: it completes at once without subscribing to the source.
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "RxCore: take count can't be negative")
    if count == 0 { return Observable.empty() }
    return CountedValues(source: asObservable(), count: count, rule: .take)
  }

  /// The values sent during `duration` after subscription; completes when it ends.
  ///
  /// Example: `xs.take(for: .seconds(25), scheduler: s)` subscribed at 200 completes at 225.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
  }
}

private final class TakeTime<Element>: Producer<Element> {
  let source: Observable<Element>
  let duration: RxTimeInterval
  let scheduler: SchedulerType

  init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
    self.source = source
    self.duration = duration
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = TakeTimeSink(observer: observer, cancel: cancel)
    let timer = scheduler.scheduleRelative(sink, dueTime: duration) { sink in
      sink.on(.completed)
      return Disposables.create()
    }
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(timer, subscription))
  }
}

// The timer and the source may call `on` from different threads; `gate` serialises them.
private final class TakeTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  private let gate = SerialGate<Event<Observer.Element>>()

  func on(_ event: Event<Observer.Element>) {
    gate.send(event) { event in
      if event.isStopEvent {
        forwardTerminal(event)
      } else {
        forwardOn(event)
      }
    }
  }
}
