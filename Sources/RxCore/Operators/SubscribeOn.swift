extension ObservableType {
  /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
  ///
  /// Events are not moved: they arrive wherever the source sends them. On a `TestScheduler` the source is
  /// subscribed one tick after the subscription and released one tick after disposal or termination.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    SubscribeOn(source: self, scheduler: scheduler)
  }
}

private final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
  private let source: Source
  private let scheduler: ImmediateSchedulerType

  init(source: Source, scheduler: ImmediateSchedulerType) {
    self.source = source
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Source.Element {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    let everything = SerialDisposable()
    let pending = SingleAssignmentDisposable()
    everything.disposable = pending
    let source = self.source
    let scheduler = self.scheduler
    pending.setDisposable(
      scheduler.schedule(()) { _ in
        let subscription = source.subscribe(sink)
        everything.disposable = DisposeOnScheduler(scheduler: scheduler, inner: subscription)
        return Disposables.create()
      })
    return (sink, everything)
  }
}

/// Disposes `inner` on `scheduler`, once.
private final class DisposeOnScheduler: Disposable, @unchecked Sendable {
  // `inner` is taken out under the lock exactly once.
  private let scheduler: ImmediateSchedulerType
  private let inner: LockedValue<Disposable?>

  init(scheduler: ImmediateSchedulerType, inner: Disposable) {
    self.scheduler = scheduler
    self.inner = LockedValue(inner)
  }

  func dispose() {
    guard
      let disposable = inner.withLock({ value -> Disposable? in
        defer { value = nil }
        return value
      })
    else { return }
    _ = scheduler.schedule(disposable) { disposable in
      disposable.dispose()
      return Disposables.create()
    }
  }
}
