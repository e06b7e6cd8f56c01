extension ObservableType {
  /// Transforms each value and drops the `nil` results; a thrown error ends the sequence with that error.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
    CompactMap(source: asObservable(), transform: transform)
  }
}

private final class CompactMap<Source, Result>: Producer<Result> {
  private let source: Observable<Source>
  private let transform: (Source) throws -> Result?

  init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
    self.source = source
    self.transform = transform
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class CompactMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType {
  private let transform: (Source) throws -> Observer.Element?

  init(transform: @escaping (Source) throws -> Observer.Element?, observer: Observer, cancel: Cancelable) {
    self.transform = transform
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let value):
      do {
        if let result = try transform(value) { forwardOn(.next(result)) }
      } catch {
        forwardTerminal(.error(error))
      }
    case .error(let error):
      forwardTerminal(.error(error))
    case .completed:
      forwardTerminal(.completed)
    }
  }
}
