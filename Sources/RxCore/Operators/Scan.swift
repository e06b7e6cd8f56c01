extension ObservableType {
  /// Emits each intermediate result of folding the values into `seed` with `accumulator`, which mutates the
  /// accumulation in place. The seed itself is never emitted.
  ///
  /// Example: `Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }` gives [1], [1, 2], [1, 2, 3].
  public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A>
  {
    ScanInto(source: asObservable(), seed: seed, accumulator: accumulator)
  }

  /// Emits each intermediate result of folding the values into `seed` with `accumulator`. The seed itself
  /// is never emitted.
  ///
  /// Example: `Observable.of(1, 2, 3).scan(0, accumulator: +)` gives 1, 3, 6.
  public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
    Scan(source: asObservable(), seed: seed, accumulator: accumulator)
  }
}

private final class Scan<Element, A>: Producer<A> {
  private let source: Observable<Element>
  private let seed: A
  private let accumulator: (A, Element) throws -> A

  init(source: Observable<Element>, seed: A, accumulator: @escaping (A, Element) throws -> A) {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == A {
    let sink = ScanSink<Element, Observer>(
      seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

/// Single-source and single-threaded per subscription (the grammar forbids concurrent `on` calls), so the
/// accumulation is a plain stored property: no lock and no allocation per value. Its accesses are
/// instantaneous reads and writes (never an `inout` held across a call), so the dynamic exclusivity check
/// is skipped on this hot path.
private final class ScanSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias A = Observer.Element
  private let accumulator: (A, Element) throws -> A
  @exclusivity(unchecked) private var accumulation: A

  init(seed: A, accumulator: @escaping (A, Element) throws -> A, observer: Observer, cancel: Cancelable) {
    self.accumulation = seed
    self.accumulator = accumulator
    super.init(observer: observer, cancel: cancel)
  }

  func _deliverNext(_ value: Element) {
    do {
      accumulation = try accumulator(accumulation, value)
    } catch {
      forwardError(error)
      return
    }
    forwardNext(accumulation)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      _deliverNext(value)
    case .error(let error):
      forwardTerminal(.error(error))
    case .completed:
      forwardTerminal(.completed)
    }
  }
}

private final class ScanInto<Element, A>: Producer<A> {
  private let source: Observable<Element>
  private let seed: A
  private let accumulator: (inout A, Element) throws -> Void

  init(source: Observable<Element>, seed: A, accumulator: @escaping (inout A, Element) throws -> Void) {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == A {
    let sink = ScanIntoSink<Element, Observer>(
      seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

/// Like `ScanSink`; the accumulation is passed `inout` to the accumulator, so it keeps the dynamic
/// exclusivity check (a re-entrant event during the accumulator traps instead of losing an update).
private final class ScanIntoSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias A = Observer.Element
  private let accumulator: (inout A, Element) throws -> Void
  private var accumulation: A

  init(
    seed: A, accumulator: @escaping (inout A, Element) throws -> Void, observer: Observer, cancel: Cancelable
  ) {
    self.accumulation = seed
    self.accumulator = accumulator
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      do {
        try accumulator(&accumulation, value)
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(accumulation))
    case .error(let error):
      forwardTerminal(.error(error))
    case .completed:
      forwardTerminal(.completed)
    }
  }
}
