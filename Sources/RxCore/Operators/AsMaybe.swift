extension ObservableType {
  /// A ``Maybe`` of the sequence's value, sent when the sequence completes, or empty.
  ///
  /// Fails with `RxError.moreThanOneElement` as soon as a second value arrives (the source is released
  /// then).
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: AsMaybe(source: asObservable()))
  }
}

private final class AsMaybe<Element>: Producer<Element> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AsMaybeSink(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `value` is only touched by one event at a time.
private final class AsMaybeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
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
      if let value {
        self.value = nil
        forwardNext(value)
      }
      forwardCompleted()
    }
  }
}
