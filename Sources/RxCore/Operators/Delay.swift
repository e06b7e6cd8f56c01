extension ObservableType {
  /// Shifts every value and the completion later by `dueTime`; an error is forwarded at once and drops
  /// whatever was still waiting.
  ///
  /// The source is released as soon as it terminates. Example: with
  /// `xs.delay(.seconds(100), scheduler: s)`, a value at 250 and completion at 300 arrive at 350 and 400.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    TimedOperator(source: asObservable(), dueTime: dueTime, scheduler: scheduler, rule: .delay)
  }
}

/// The sink of `delay`, made by ``TimedOperator``; `queue` and `draining` are only touched inside the
/// gate.
final class DelaySink<Observer: ObserverType>: TimerGatedSink<Observer>, @unchecked Sendable {
  /// Events waiting with the time they arrived, oldest first.
  private var queue = FIFOQueue<(time: RxTime, event: Event<Element>)>()
  /// `true` while a timer is pending for the oldest waiting event.
  private var draining = false

  override func handle(_ message: Message) {
    switch message {
    case .event(let event):
      if event.isStopEvent { sourceSubscription.dispose() }
      if case .error = event {
        queue.removeAll()
        forwardTerminal(event)
        return
      }
      queue.append((parent.scheduler.now, event))
      if !draining {
        draining = true
        scheduleTick(after: parent.dueTime)
      }
    case .tick:  // the oldest waiting event is due
      guard let event = queue.popFirst()?.event else {
        draining = false
        return
      }
      if event.isStopEvent {
        forwardTerminal(event)
        return
      }
      forwardOn(event)
      if let next = queue.first {
        let waited = parent.scheduler.now.timeIntervalSince(next.time)
        scheduleTick(after: parent.dueTime.rxRemaining(afterSeconds: waited))
      } else {
        draining = false
      }
    }
  }
}
