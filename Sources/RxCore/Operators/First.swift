extension ObservableType {
  /// A ``Single`` of the sequence's first value, or of `nil` when it completes empty.
  ///
  /// The value is sent as soon as it arrives, and the source is released at that moment.
  /// ```swift
  /// searchResults.first()  // Single<Result?>
  /// ```
  public func first() -> Single<Element?> {
    Single(raw: First(source: asObservable()))
  }
}

private final class First<Element>: Producer<Element?> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element? {
    let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element? {
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      forwardNext(element)
      forwardCompleted()
    case .error(let error):
      forwardError(error)
    case .completed:
      forwardNext(nil)
      forwardCompleted()
    }
  }
}
