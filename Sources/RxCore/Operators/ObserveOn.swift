extension ObservableType {
  /// Delivers every event on `scheduler`, one at a time and in order, even on a concurrent scheduler.
  ///
  /// Events are queued and drained by one scheduled step per event, so on a `TestScheduler` each event
  /// arrives one tick after the previous step.
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ObserveOn(source: asObservable(), scheduler: scheduler)
  }
}

private final class ObserveOn<Element>: SchedulingProducer<Element> {
  // RxSwift's `Resources.numberOfSerialDispatchQueueObservables` counts these on a serial queue.
  private let traced: TracedSerialQueueObservable

  override init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
    traced = TracedSerialQueueObservable(counted: scheduler is SerialDispatchQueueScheduler)
    super.init(source: source, scheduler: scheduler)
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
    let subscription = source.subscribe(sink)
    return (sink, Disposables.create(subscription, sink.drainSubscription))
  }
}

// `state` (the queue and whether a drain is scheduled) is guarded by its lock, which is never held while
// the observer runs. Only one drain is scheduled at a time, so the observer is never entered concurrently.
// On a serial dispatch queue each event is scheduled as its own action instead, as RxSwift does there:
// the queue keeps them in order and one at a time, and an event then runs before any work scheduled on
// the queue after it was sent (with one drain step per event, such work could run between two events
// sent back to back).
private final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  private struct State {
    var queue = FIFOQueue<Event<Element>>()
    var draining = false
  }

  private let scheduler: ImmediateSchedulerType
  private let serialQueue: SerialDispatchQueueScheduler?
  private let state = LockedValue(State())
  let drainSubscription = SerialDisposable()

  init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
    self.scheduler = scheduler
    serialQueue = scheduler as? SerialDispatchQueueScheduler
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    if let serialQueue {
      _ = serialQueue.schedule(event) { [self] event in
        deliver(event)
        return Disposables.create()
      }
      return
    }
    let start = state.withLock { state -> Bool in
      state.queue.append(event)
      if state.draining { return false }
      state.draining = true
      return true
    }
    if start {
      drainSubscription.disposable = scheduler.scheduleRecursive(()) { [self] _, recurse in
        step(recurse)
      }
    }
  }

  private func step(_ recurse: (()) -> Void) {
    let next = state.withLock { state -> Event<Element>? in
      let event = state.queue.popFirst()
      if event == nil { state.draining = false }
      return event
    }
    guard let event = next else { return }
    deliver(event)
    if event.isStopEvent { return }
    let more = state.withLock { state -> Bool in
      if !state.queue.isEmpty { return true }
      state.draining = false
      return false
    }
    if more { recurse(()) }
  }

  private func deliver(_ event: Event<Element>) {
    if event.isStopEvent {
      forwardTerminal(event)
    } else {
      forwardOn(event)
    }
  }
}
