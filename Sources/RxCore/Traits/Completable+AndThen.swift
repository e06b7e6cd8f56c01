extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// Subscribes to `second` once this completable completed; an error of this one ends the result.
  ///
  /// ```swift
  /// login.andThen(api.profile())  // Single<Profile>
  /// ```
  /// - Parameter second: What follows completion.
  /// - Returns: A single of `second`'s value.
  public func andThen<Value>(_ second: Single<Value>) -> Single<Value> {
    Single(raw: AndThen(completable: primitiveSequence.source, second: second.source))
  }

  /// Subscribes to `second` once this completable completed.
  public func andThen<Value>(_ second: Maybe<Value>) -> Maybe<Value> {
    Maybe(raw: AndThen(completable: primitiveSequence.source, second: second.source))
  }

  /// Subscribes to `second` once this completable completed.
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: AndThen(completable: primitiveSequence.source, second: second.source))
  }

  /// Subscribes to `second` once this completable completed.
  public func andThen<Value>(_ second: Observable<Value>) -> Observable<Value> {
    AndThen(completable: primitiveSequence.source, second: second)
  }
}

private final class AndThen<Element>: Producer<Element> {
  private let completable: Observable<Never>
  private let second: Observable<Element>

  init(completable: Observable<Never>, second: Observable<Element>) {
    self.completable = completable
    self.second = second
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AndThenSink(second: second, observer: observer, cancel: cancel)
    return (sink, sink.run(completable))
  }
}

// The completable ends before `second` is subscribed, so events never overlap; `current` is thread-safe.
private final class AndThenSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Never

  private let second: Observable<Observer.Element>
  private let current = SerialDisposable()

  init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
    self.second = second
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ completable: Observable<Never>) -> Disposable {
    // The completable may complete during `subscribe`; its slot must not overwrite the second's.
    let first = SingleAssignmentDisposable()
    current.disposable = first
    first.setDisposable(completable.subscribe(self))
    return current
  }

  func on(_ event: Event<Never>) {
    switch event {
    case .error(let error):
      forwardError(error)
    case .completed:
      // Replaces (and so releases) the completable's subscription.
      current.disposable = second.subscribe(AndThenSecondObserver(parent: self))
    }
  }

  func forwardSecond(_ event: Event<Observer.Element>) {
    if case .next(let value) = event {
      forwardNext(value)
    } else {
      forwardTerminal(event)
    }
  }
}

private struct AndThenSecondObserver<Observer: ObserverType>: ObserverType {
  let parent: AndThenSink<Observer>

  func _deliverNext(_ value: Observer.Element) { parent.forwardNext(value) }

  func on(_ event: Event<Observer.Element>) { parent.forwardSecond(event) }
}
