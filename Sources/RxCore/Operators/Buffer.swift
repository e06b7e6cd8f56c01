extension ObservableType {
  /// Collects values into arrays, each sent when it holds `count` values or when `timeSpan` has passed
  /// since the previous array was sent, whichever comes first.
  ///
  /// The first time span starts at subscription. A span that ends with nothing collected sends an empty
  /// array; an array sent because it was full starts a new span from that moment. On completion the
  /// values collected so far are sent (an empty array if there are none), then the completion; an error
  /// is forwarded at once and the collected values are dropped. A `count` of zero or less never fills,
  /// so arrays are then sent on time alone.
  /// ```swift
  /// // Up to 50 log lines per write, and at least one write a second.
  /// lines.buffer(timeSpan: .seconds(1), count: 50, scheduler: scheduler)
  /// ```
  /// - Parameters:
  ///   - timeSpan: The longest time an array collects values.
  ///   - count: The most values an array holds.
  ///   - scheduler: Where the time spans are measured and their ends are delivered.
  /// - Returns: A sequence of the collected arrays.
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]>
  {
    Buffer(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
  }
}

private final class Buffer<Element>: Producer<[Element]> {
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
  where Observer.Element == [Element] {
    let sink = BufferSink(parent: self, observer: observer, cancel: cancel)
    // The first span starts before the source is subscribed, so that a timer and a source event due at
    // the same instant run in the order they were scheduled in.
    sink.startSpan(0)
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(sink.timer, subscription))
  }
}

// Source events and span ends are serialised by `gate`; `collected` and `span` are only touched inside
// its handlers (or in `run` before the source is subscribed).
private final class BufferSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Observer.Element == [Element] {
  private enum Message {
    case event(Event<Element>)
    case spanEnded(UInt64)
  }

  private let parent: Buffer<Element>
  private let gate = SerialGate<Message>()
  let timer = SerialDisposable()
  private var collected: [Element] = []
  /// Identifies the current span, so that the end of a span closed early by a full array is ignored.
  private var span: UInt64 = 0

  init(parent: Buffer<Element>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func _deliverNext(_ value: Element) {
    gate.send(.event(.next(value)), to: handle) { append(value) }
  }

  func on(_ event: Event<Element>) {
    gate.send(.event(event)) { handle($0) }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      append(value)
    case .event(.error(let error)):
      collected = []
      forwardError(error)
    case .event(.completed):
      let last = collected
      collected = []
      forwardNext(last)
      forwardCompleted()
    case .spanEnded(let id):
      if id == span { sendAndStartSpan() }
    }
  }

  private func append(_ value: Element) {
    collected.append(value)
    if collected.count == parent.count { sendAndStartSpan() }
  }

  private func sendAndStartSpan() {
    span &+= 1
    let current = span
    let full = collected
    collected = []
    forwardNext(full)
    startSpan(current)
  }

  /// Schedules the end of span `id`, replacing (and so cancelling) the previous span's timer.
  func startSpan(_ id: UInt64) {
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
