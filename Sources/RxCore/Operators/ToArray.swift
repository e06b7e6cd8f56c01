extension ObservableType {
  /// A ``Single`` of every value in order, sent when the sequence completes.
  ///
  /// An empty sequence gives `[]`; an error ends the single with that error.
  /// ```swift
  /// Observable.of(1, 2, 3).toArray()  // succeeds with [1, 2, 3]
  /// ```
  public func toArray() -> Single<[Element]> {
    Single(raw: ToArray(source: asObservable()))
  }
}

private final class ToArray<Element>: Producer<[Element]> {
  private let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == [Element] {
    let sink = ToArraySink<Element, Observer>(observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `values` is only touched by one event at a time.
private final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
  private var values: [Element] = []

  func _deliverNext(_ value: Element) { values.append(value) }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      values.append(value)
    case .error(let error):
      forwardError(error)
    case .completed:
      let result = values
      values = []
      forwardNext(result)
      forwardCompleted()
    }
  }
}
