extension ObservableType {
  /// Emits each intermediate result of folding the values into `seed` with `accumulator`, which mutates the
  /// accumulation in place. The seed itself is never emitted.
  ///
  /// Example: `Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }` gives [1], [1, 2], [1, 2, 3].
  public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A>
  {
    Scan(source: asObservable(), seed: seed, accumulator: .inPlace(accumulator))
  }

  /// Emits each intermediate result of folding the values into `seed` with `accumulator`. The seed itself
  /// is never emitted.
  ///
  /// Example: `Observable.of(1, 2, 3).scan(0, accumulator: +)` gives 1, 3, 6.
  public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
    Scan(source: asObservable(), seed: seed, accumulator: .returning(accumulator))
  }
}

/// The producer of both forms of `scan`.
private final class Scan<Element, A>: Producer<A> {
  /// How a value is folded into the accumulation.
  enum Accumulator {
    /// Returns the new accumulation (`scan(_:accumulator:)`).
    case returning((A, Element) throws -> A)
    /// Mutates the accumulation in place (`scan(into:accumulator:)`).
    case inPlace((inout A, Element) throws -> Void)
  }

  private let source: Observable<Element>
  private let seed: A
  private let accumulator: Accumulator

  init(source: Observable<Element>, seed: A, accumulator: Accumulator) {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == A {
    switch accumulator {
    case .returning(let accumulator):
      let sink = ScanSink<Element, Observer>(
        seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
      return (sink, source.subscribe(sink))
    case .inPlace(let accumulator):
      let sink = ScanIntoSink<Element, Observer>(
        seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
      return (sink, source.subscribe(sink))
    }
  }
}

/// Single-source and single-threaded per subscription (the grammar forbids concurrent `on` calls), so the
/// accumulation is a plain stored property: no lock and no allocation per value. Its accesses are
/// instantaneous reads and writes (never an `inout` held across a call), so the dynamic exclusivity check
/// is skipped on this hot path.
private final class ScanSink<Element, Observer: ObserverType>: Sink<Observer>, ValueSink {
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
}

/// Like `ScanSink`; the accumulation is passed `inout` to the accumulator, so it keeps the dynamic
/// exclusivity check (a re-entrant event during the accumulator traps instead of losing an update).
private final class ScanIntoSink<Element, Observer: ObserverType>: Sink<Observer>, ValueSink {
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

  func _deliverNext(_ value: Element) {
    do {
      try accumulator(&accumulation, value)
    } catch {
      forwardError(error)
      return
    }
    forwardNext(accumulation)
  }
}
