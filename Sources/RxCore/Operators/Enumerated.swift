extension ObservableType {
  /// Pairs each value with its index, counting from 0.
  ///
  /// ```swift
  /// Observable.of("a", "b").enumerated()  // (0, "a"), (1, "b")
  /// ```
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    Enumerated(source: asObservable())
  }
}

private final class Enumerated<Element>: Producer<(index: Int, element: Element)> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == (index: Int, element: Element) {
    let sink = EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `index` is only touched by one event at a time.
private final class EnumeratedSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == (index: Int, element: Element) {
  private var index = 0

  func _deliverNext(_ value: Element) {
    let (next, overflow) = index.addingReportingOverflow(1)
    if overflow {
      forwardError(RxError.overflow)
      return
    }
    let current = index
    index = next
    forwardNext((index: current, element: value))
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value): _deliverNext(value)
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
