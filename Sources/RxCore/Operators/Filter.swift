extension ObservableType {
  /// Keeps the values for which `predicate` returns `true`.
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Filter(source: asObservable(), rule: .filter, predicate: predicate)
  }
}

/// The producer of `filter(_:)` and `skip(while:)`: both test the source's values with a predicate.
final class Filter<Element>: Producer<Element> {
  /// What a value that passes the predicate means.
  enum Rule {
    /// Keep it.
    case filter
    /// Drop it, while no value failed the predicate yet.
    case skipWhile
  }

  private let source: Observable<Element>
  private let predicate: (Element) throws -> Bool
  private let rule: Rule

  init(source: Observable<Element>, rule: Rule, predicate: @escaping (Element) throws -> Bool) {
    self.source = source
    self.predicate = predicate
    self.rule = rule
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    switch rule {
    case .filter:
      let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
      return (sink, source.subscribe(sink))
    case .skipWhile:
      let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
      return (sink, source.subscribe(sink))
    }
  }
}

private final class FilterSink<Observer: ObserverType>: Sink<Observer>, ValueSink {
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
}
