extension ObservableType {
  /// The last `count` values, all sent when the source completes, followed by the completion.
  ///
  /// An error drops the buffered values.
  public func takeLast(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "RxCore: takeLast count can't be negative")
    return CountedValues(source: asObservable(), count: count, rule: .takeLast)
  }
}

/// The sink of `takeLast(_:)`, made by ``CountedValues``.
final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let count: Int
  /// A ring of the last `count` values; `start` is the oldest once the ring is full.
  private var ring: [Element] = []
  private var start = 0

  init(count: Int, observer: Observer, cancel: Cancelable) {
    self.count = count
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      guard count > 0 else { return }
      if ring.count < count {
        ring.append(value)
      } else {
        ring[start] = value
        start = (start + 1) % count
      }
    case .error:
      ring = []
      forwardTerminal(event)
    case .completed:
      let values = ring
      ring = []
      for index in 0..<values.count {
        forwardOn(.next(values[(start + index) % values.count]))
      }
      forwardTerminal(.completed)
    }
  }
}
