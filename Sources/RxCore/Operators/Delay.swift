extension ObservableType {
  /// Shifts every value and the completion later by `dueTime`; an error is forwarded at once and drops
  /// whatever was still waiting.
  ///
  /// The source is released as soon as it terminates. Example: with
  /// `xs.delay(.seconds(100), scheduler: s)`, a value at 250 and completion at 300 arrive at 350 and 400.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

private final class Delay<Element>: Producer<Element> {
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
    let sink = DelaySink(parent: self, observer: observer, cancel: cancel)
    sink.sourceSubscription.setDisposable(source.subscribe(sink))
    return (sink, Disposables.create(sink.sourceSubscription, sink.timer))
  }
}

// Source events and timer ticks are serialised by `gate`; `queue`, `head` and `draining` are only touched
// inside its handlers.
private final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  private enum Message {
    case event(Event<Element>)
    case due
  }

  private let parent: Delay<Element>
  private let gate = SerialGate<Message>()
  let sourceSubscription = SingleAssignmentDisposable()
  let timer = SerialDisposable()
  /// Events waiting with the time they arrived, oldest first from `head`.
  private var queue: [(time: RxTime, event: Event<Element>)] = []
  private var head = 0
  /// `true` while a timer is pending for the oldest waiting event.
  private var draining = false

  init(parent: Delay<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(let event):
      if event.isStopEvent { sourceSubscription.dispose() }
      if case .error = event {
        queue = []
        head = 0
        forwardTerminal(event)
        return
      }
      queue.append((parent.scheduler.now, event))
      if !draining {
        draining = true
        schedule(after: parent.dueTime)
      }
    case .due:
      guard head < queue.count else {
        draining = false
        return
      }
      let event = queue[head].event
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      } else if head > 64 && head * 2 > queue.count {
        queue.removeFirst(head)
        head = 0
      }
      if event.isStopEvent {
        forwardTerminal(event)
        return
      }
      forwardOn(event)
      if head < queue.count {
        let waited = parent.scheduler.now.timeIntervalSince(queue[head].time)
        schedule(after: parent.dueTime.rxRemaining(afterSeconds: waited))
      } else {
        draining = false
      }
    }
  }

  private func schedule(after interval: RxTimeInterval) {
    timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: interval) { sink in
      sink.gate.send(.due) { sink.handle($0) }
      return Disposables.create()
    }
  }
}
