extension ObservableType {
  /// A ``Single`` of the sequence's only value, sent when the sequence completes.
  ///
  /// Fails with `RxError.noElements` when the sequence completes empty, and with
  /// `RxError.moreThanOneElement` as soon as a second value arrives (the source is released then).
  /// ```swift
  /// Observable.of(42).asSingle()  // succeeds with 42
  /// ```
  public func asSingle() -> Single<Element> {
    Single(raw: AsSingle(source: asObservable()))
  }
}

private final class AsSingle<Element>: Producer<Element> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AsSingleSink(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `value` is only touched by one event at a time.
private final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private var value: Observer.Element?

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      if value != nil {
        forwardError(RxError.moreThanOneElement)
        return
      }
      value = element
    case .error(let error):
      forwardError(error)
    case .completed:
      guard let value else {
        forwardError(RxError.noElements)
        return
      }
      self.value = nil
      forwardNext(value)
      forwardCompleted()
    }
  }
}
