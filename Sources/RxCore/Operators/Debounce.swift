extension ObservableType {
  /// Emits a value only once `dueTime` has passed without another value arriving.
  ///
  /// On completion the value still waiting, if any, is emitted at once, then the completion. An error is
  /// forwarded at once and drops the waiting value.
  /// Example: with `xs.debounce(.seconds(20), scheduler: s)`, values at 210 and 220 then silence give the
  /// value of 220 at 240.
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimedOperator(source: asObservable(), dueTime: dueTime, scheduler: scheduler, rule: .debounce)
  }
}

/// The sink of `debounce`, made by ``TimedOperator``; `waiting` and `generation` are only touched inside
/// the gate.
final class DebounceSink<Observer: ObserverType>: TimerGatedSink<Observer>, @unchecked Sendable {
  private var waiting: Element?
  private var generation: UInt64 = 0

  override func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)):
      generation &+= 1
      waiting = value
      scheduleTick(generation, after: parent.dueTime)
    case .event(.error(let error)):
      waiting = nil
      forwardTerminal(.error(error))
    case .event(.completed):
      if let value = waiting {
        waiting = nil
        forwardOn(.next(value))
      }
      forwardTerminal(.completed)
    case .tick(let id):
      guard id == generation, let value = waiting else { return }
      waiting = nil
      forwardOn(.next(value))
    }
  }
}
