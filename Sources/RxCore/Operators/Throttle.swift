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
    TimedOperator(
      source: asObservable(), dueTime: dueTime, scheduler: scheduler, rule: .throttle(latest: latest))
  }
}

/// The sink of `throttle`, made by ``TimedOperator``; its fields are only touched inside the gate.
final class ThrottleSink<Observer: ObserverType>: TimerGatedSink<Observer>, @unchecked Sendable {
  private var waiting: Element?
  private var lastSent: RxTime?
  private var completedWhileWaiting = false

  override func handle(_ message: Message) {
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
      guard case .throttle(latest: true) = parent.rule else { return }
      let windowAlreadyScheduled = waiting != nil
      waiting = value
      if windowAlreadyScheduled { return }
      scheduleTick(after: remaining)
    case .event(.error(let error)):
      waiting = nil
      forwardTerminal(.error(error))
    case .event(.completed):
      if waiting != nil {
        completedWhileWaiting = true
      } else {
        forwardTerminal(.completed)
      }
    case .tick:  // the window ended
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
