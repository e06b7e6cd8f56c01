import Synchronization

extension ObservableType {
  /// Subscribes to this sequence again when it fails and the sequence made by `notificationHandler`
  /// says so.
  ///
  /// For each subscription `notificationHandler` is called once, with a sequence of the errors this
  /// sequence fails with, and the sequence it returns (the trigger) is subscribed before this one. Each
  /// time this sequence fails, its error is sent to the handler's sequence and the result waits for the
  /// trigger: the trigger's next value subscribes to this sequence again, its completion completes the
  /// result and its error ends the result with that error. Trigger values sent while this sequence runs
  /// are ignored, and a trigger that ended while this sequence ran ends the result at this sequence's
  /// next failure. This sequence completing completes the result.
  /// ```swift
  /// // Up to three more attempts, one second apart, then give up with the last error.
  /// request.retry { errors in
  ///   errors.enumerated().flatMap { attempt, error in
  ///     attempt < 3 ? Observable<Int>.timer(.seconds(1), scheduler: scheduler) : .error(error)
  ///   }
  /// }
  /// ```
  /// - Parameter notificationHandler: Turns the sequence of errors into the trigger sequence.
  /// - Returns: This sequence's values, over as many subscriptions as the trigger asks for.
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
  }

  /// Subscribes to this sequence again when it fails with an error of type `Failure` and the sequence
  /// made by `notificationHandler` says so; any other error ends the result at once.
  ///
  /// Works as the `retry(when:)` whose handler sees every error, except that the handler sees only the
  /// errors of type `Failure`.
  /// ```swift
  /// request.retry { (errors: Observable<NetworkError>) in errors.take(2) }
  /// ```
  /// - Parameter notificationHandler: Turns the sequence of errors into the trigger sequence.
  /// - Returns: This sequence's values, over as many subscriptions as the trigger asks for.
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
  }
}

private final class RetryWhen<Element, Failure, TriggerObservable: ObservableType>: Producer<Element> {
  private let source: Observable<Element>
  private let notificationHandler: (Observable<Failure>) -> TriggerObservable

  init(
    source: Observable<Element>, notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) {
    self.source = source
    self.notificationHandler = notificationHandler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = RetryWhenSink<Failure, TriggerObservable.Element, Observer>(
      source: source, observer: observer, cancel: cancel)
    return (sink, sink.run(notificationHandler(sink.failures.asObservable())))
  }
}

/// Subscribing again never recurses: `pending` counts requests, and only the caller that raised it from
/// 0 runs the loop; a trigger that fires while an attempt is being subscribed only adds a request,
/// which the loop takes on once `subscribe` returned.
///
/// The handler's trigger sequence is subscribed once, into `triggers`; an attempt listens to
/// `triggers` only after its source failed, so triggers at other times are dropped and a trigger that
/// already ended replays its end to the next failed attempt.
private final class RetryWhenSink<Failure, Trigger, Observer: ObserverType>: Sink<Observer> {
  typealias Element = Observer.Element
  typealias Attempt = RetryWhenAttempt<Failure, Trigger, Observer>

  private let source: Observable<Element>
  let failures = PublishSubject<Failure>()
  let triggers = PublishSubject<Trigger>()
  private let current = SerialDisposable()
  private let pending = Atomic<Int>(0)

  init(source: Observable<Element>, observer: Observer, cancel: Cancelable) {
    self.source = source
    super.init(observer: observer, cancel: cancel)
  }

  func run<TriggerObservable: ObservableType>(_ trigger: TriggerObservable) -> Disposable
  where TriggerObservable.Element == Trigger {
    let triggerSubscription = trigger.subscribe(triggers)
    subscribeAgain()
    return Disposables.create(current, triggerSubscription)
  }

  /// Starts a new attempt, now or (when an attempt is being subscribed) right after that one.
  func subscribeAgain() {
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
    repeat {
      if isDisposed { return }
      let attempt = Attempt(parent: self)
      // Releases the previous attempt (and its trigger listener) before the source is subscribed again.
      current.disposable = attempt
      attempt.start(source)
    } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
  }

  override func dispose() {
    super.dispose()
    current.dispose()
  }
}

/// One subscription to the source; after the source failed with a `Failure`, it listens to the
/// triggers.
private final class RetryWhenAttempt<Failure, Trigger, Observer: ObserverType>: ObserverType, Disposable {
  typealias Element = Observer.Element

  private let parent: RetryWhenSink<Failure, Trigger, Observer>
  private let sourceSubscription = SingleAssignmentDisposable()
  private let triggerSubscription = SingleAssignmentDisposable()

  init(parent: RetryWhenSink<Failure, Trigger, Observer>) {
    self.parent = parent
  }

  func start(_ source: Observable<Element>) {
    sourceSubscription.setDisposable(source.subscribe(self))
  }

  func _deliverNext(_ value: Element) {
    parent.forwardNext(value)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      parent.forwardNext(value)
    case .completed:
      parent.forwardCompleted()
    case .error(let error):
      guard let failure = error as? Failure else {
        parent.forwardError(error)
        return
      }
      sourceSubscription.dispose()
      // Listens first, so that a trigger answering the failure at once is heard.
      triggerSubscription.setDisposable(parent.triggers.subscribe(RetryWhenTriggerListener(parent: parent)))
      parent.failures.onNext(failure)
    }
  }

  func dispose() {
    sourceSubscription.dispose()
    triggerSubscription.dispose()
  }
}

/// Acts on the trigger after a failure: a value subscribes again, an end ends the result.
private final class RetryWhenTriggerListener<Failure, Trigger, Observer: ObserverType>: ObserverType {
  private let parent: RetryWhenSink<Failure, Trigger, Observer>

  init(parent: RetryWhenSink<Failure, Trigger, Observer>) {
    self.parent = parent
  }

  func on(_ event: Event<Trigger>) {
    switch event {
    case .next:
      parent.subscribeAgain()
    case .error(let error):
      parent.forwardError(error)
    case .completed:
      parent.forwardCompleted()
    }
  }
}
