extension ObservableType {
  /// Passes the sequence's only value on as it arrives, and its completion.
  ///
  /// Fails with `RxError.moreThanOneElement` when a second value arrives (the source is released then),
  /// and with `RxError.noElements` when the sequence completes empty.
  /// ```swift
  /// matches.single()  // exactly one match, or an error
  /// ```
  public func single() -> Observable<Element> {
    SingleElement(source: asObservable(), predicate: nil)
  }

  /// Like ``single()``, counting only the values `predicate` accepts (the others are dropped).
  ///
  /// - Parameter predicate: Chooses the values that count; an error it throws ends the sequence.
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    SingleElement(source: asObservable(), predicate: predicate)
  }
}

private final class SingleElement<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let predicate: ((Element) throws -> Bool)?

  init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
    self.source = source
    self.predicate = predicate
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = SingleElementSink(predicate: predicate, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `seenValue` is only touched by one event at a time.
private final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let predicate: ((Element) throws -> Bool)?
  private var seenValue = false

  init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      if let predicate {
        do {
          if try !predicate(value) { return }
        } catch {
          forwardError(error)
          return
        }
      }
      if seenValue {
        forwardError(RxError.moreThanOneElement)
        return
      }
      seenValue = true
      forwardNext(value)
    case .error(let error):
      forwardError(error)
    case .completed:
      if seenValue {
        forwardCompleted()
      } else {
        forwardError(RxError.noElements)
      }
    }
  }
}
