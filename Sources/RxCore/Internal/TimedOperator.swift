/// The producer of the operators that run the source against timers on a scheduler: `debounce`,
/// `delay`, `delaySubscription`, `throttle`, and `skip` and `take` for a duration.
final class TimedOperator<Element>: Producer<Element> {
  /// The operator, with what it needs besides the source, the due time and the scheduler.
  enum Rule {
    case debounce
    case delay
    case delaySubscription
    case throttle(latest: Bool)
    /// `skip(_:scheduler:)`: drops the values sent before `dueTime`.
    case skipDuration
    /// `take(for:scheduler:)`: completes at `dueTime`.
    case takeDuration
  }

  private let source: Observable<Element>
  let dueTime: RxTimeInterval
  let scheduler: SchedulerType
  let rule: Rule

  init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType, rule: Rule) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.rule = rule
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink: TimerGatedSink<Observer>
    switch rule {
    case .debounce:
      sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
    case .throttle:
      sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
    case .delay:
      sink = DelaySink(parent: self, observer: observer, cancel: cancel)
    case .skipDuration, .takeDuration:
      sink = DurationSink(parent: self, observer: observer, cancel: cancel)
      sink.scheduleTick(after: dueTime)
    case .delaySubscription:
      let sink = ForwardingSink(observer: observer, cancel: cancel)
      let source = self.source
      let subscription = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
        source.subscribe(sink)
      }
      return (sink, subscription)
    }
    sink.sourceSubscription.setDisposable(source.subscribe(sink))
    return (sink, Disposables.create(sink.sourceSubscription, sink.timer))
  }
}

/// The base of the sinks of ``TimedOperator`` that run timers: source events and timer ticks arrive on
/// different threads, and `gate` serialises them, so a subclass's state is only touched inside
/// ``handle(_:)``.
class TimerGatedSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  enum Message {
    case event(Event<Element>)
    /// A timer fired; the number tells timers apart where the sink needs it.
    case tick(UInt64)
  }

  let parent: TimedOperator<Element>
  let sourceSubscription = SingleAssignmentDisposable()
  /// The pending timer; a new one replaces (and cancels) it.
  let timer = SerialDisposable()
  private let gate = SerialGate<Message>()

  init(parent: TimedOperator<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  final func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  /// Sends `.tick(id)` through the gate after `dueTime` on the operator's scheduler, replacing the
  /// pending timer.
  final func scheduleTick(_ id: UInt64 = 0, after dueTime: RxTimeInterval) {
    timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: dueTime) { sink in
      sink.gate.send(.tick(id)) { sink.handle($0) }
      return Disposables.create()
    }
  }

  /// A source event or a timer tick, inside the gate.
  func handle(_ message: Message) {
    rxAbstractMethod()
  }
}

/// The sink of `skip(_:scheduler:)` and `take(for:scheduler:)`: the tick at the end of the duration opens
/// it (skip) or completes it (take). `ticked` is only touched inside the gate.
private final class DurationSink<Observer: ObserverType>: TimerGatedSink<Observer>, @unchecked Sendable {
  private var ticked = false

  private var isTake: Bool {
    if case .takeDuration = parent.rule { return true }
    return false
  }

  override func handle(_ message: Message) {
    switch message {
    case .event(let event):
      if event.isStopEvent {
        forwardTerminal(event)
      } else if ticked || isTake {
        forwardOn(event)
      }
    case .tick:
      if isTake {
        forwardTerminal(.completed)
      } else {
        ticked = true
      }
    }
  }
}
