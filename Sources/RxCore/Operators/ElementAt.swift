extension ObservableType {
  /// Sends only the value at `index` (counting from 0), then completes and releases the source.
  ///
  /// Fails with `RxError.argumentOutOfRange` when the sequence completes before reaching `index`.
  /// ```swift
  /// Observable.of("a", "b", "c").element(at: 1)  // "b"
  /// ```
  /// - Parameter index: The position of the value; must not be negative.
  public func element(at index: Int) -> Observable<Element> {
    if index < 0 { rxFatalError("element(at:) index can't be negative") }
    return ElementAt(source: asObservable(), index: index)
  }
}

private final class ElementAt<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let index: Int

  init(source: Observable<Element>, index: Int) {
    self.source = source
    self.index = index
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = ElementAtSink(remaining: index, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `remaining` is only touched by one event at a time.
private final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private var remaining: Int

  init(remaining: Int, observer: Observer, cancel: Cancelable) {
    self.remaining = remaining
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let value):
      if remaining == 0 {
        forwardNext(value)
        forwardCompleted()
      }
      remaining -= 1
    case .error(let error):
      forwardError(error)
    case .completed:
      forwardError(RxError.argumentOutOfRange)
    }
  }
}
