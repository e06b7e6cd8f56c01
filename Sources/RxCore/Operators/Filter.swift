extension ObservableType {
  /// Keeps the values for which `predicate` returns `true`.
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Filter(source: asObservable(), predicate: predicate)
  }
}

private final class Filter<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let predicate: (Element) throws -> Bool

  init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.source = source
    self.predicate = predicate
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private let predicate: (Observer.Element) throws -> Bool

  init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  func _deliverNext(_ value: Observer.Element) {
    let keep: Bool
    do {
      keep = try predicate(value)
    } catch {
      forwardError(error)
      return
    }
    if keep { forwardNext(value) }
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let value):
      _deliverNext(value)
    case .error, .completed:
      forwardTerminal(event)
    }
  }
}
