extension ObservableType {
  /// Subscribes to the source only after `dueTime` has passed; its events are not shifted further.
  ///
  /// Example: `xs.delaySubscription(.seconds(30), scheduler: s)` subscribed at 200 subscribes `xs` at 230.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

private final class DelaySubscription<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let dueTime: RxTimeInterval
  private let scheduler: SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
    let source = self.source
    let subscription = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
      source.subscribe(sink)
    }
    return (sink, subscription)
  }
}

private final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  func on(_ event: Event<Observer.Element>) {
    if event.isStopEvent {
      forwardTerminal(event)
    } else {
      forwardOn(event)
    }
  }
}
