extension ObservableType {
  /// Folds every value into `seed` with `accumulator` and, when the source completes, emits
  /// `mapResult` of the result, then completes.
  ///
  /// An empty source gives `mapResult(seed)`. Errors, from the source or thrown by the closures, end the
  /// sequence with that error.
  public func reduce<A, Result>(
    _ seed: A, accumulator: @escaping (A, Element) throws -> A, mapResult: @escaping (A) throws -> Result
  ) -> Observable<Result> {
    Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
  }

  /// Folds every value into `seed` with `accumulator` and, when the source completes, emits the result,
  /// then completes.
  ///
  /// An empty source gives `seed`. Example: `Observable.of(1, 2, 3).reduce(0, accumulator: +)` gives 6.
  public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
    Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
  }
}

private final class Reduce<Element, A, Result>: Producer<Result> {
  private let source: Observable<Element>
  private let seed: A
  private let accumulator: (A, Element) throws -> A
  private let mapResult: (A) throws -> Result

  init(
    source: Observable<Element>, seed: A, accumulator: @escaping (A, Element) throws -> A,
    mapResult: @escaping (A) throws -> Result
  ) {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
    self.mapResult = mapResult
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = ReduceSink<Element, A, Observer>(
      seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class ReduceSink<Element, A, Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Result = Observer.Element
  private let accumulator: (A, Element) throws -> A
  private let mapResult: (A) throws -> Result
  private var accumulation: A

  init(
    seed: A, accumulator: @escaping (A, Element) throws -> A, mapResult: @escaping (A) throws -> Result,
    observer: Observer, cancel: Cancelable
  ) {
    self.accumulation = seed
    self.accumulator = accumulator
    self.mapResult = mapResult
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      do {
        accumulation = try accumulator(accumulation, value)
      } catch {
        forwardTerminal(.error(error))
      }
    case .error(let error):
      forwardTerminal(.error(error))
    case .completed:
      let result: Result
      do {
        result = try mapResult(accumulation)
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(result))
      forwardTerminal(.completed)
    }
  }
}
