/// Whether `take(while:)` and `take(until:)` also emit the value that ends the sequence.
public enum TakeBehavior {
  /// Emit the value that ends the sequence, then complete.
  case inclusive
  /// Complete without emitting the value that ends the sequence.
  case exclusive
}

extension ObservableType {
  /// Values until one satisfies `predicate`; then completes, emitting that value too when `behavior` is
  /// `.inclusive`.
  public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
    -> Observable<Element>
  {
    TakeUntilPredicate(source: asObservable(), behavior: behavior, stop: predicate)
  }

  /// Values while `predicate` holds; completes at the first value that fails it, emitting that value too
  /// when `behavior` is `.inclusive`.
  public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
    -> Observable<Element>
  {
    TakeUntilPredicate(source: asObservable(), behavior: behavior) { try !predicate($0) }
  }
}

private final class TakeUntilPredicate<Element>: Producer<Element> {
  private let source: Observable<Element>
  private let behavior: TakeBehavior
  private let stop: (Element) throws -> Bool

  init(source: Observable<Element>, behavior: TakeBehavior, stop: @escaping (Element) throws -> Bool) {
    self.source = source
    self.behavior = behavior
    self.stop = stop
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = TakeUntilPredicateSink(
      inclusive: behavior == .inclusive, stop: stop, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  typealias Element = Observer.Element
  private let inclusive: Bool
  private let stop: (Element) throws -> Bool
  private var running = true

  init(inclusive: Bool, stop: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.inclusive = inclusive
    self.stop = stop
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      guard running else { return }
      let isLast: Bool
      do {
        isLast = try stop(value)
      } catch {
        running = false
        forwardTerminal(.error(error))
        return
      }
      if !isLast {
        forwardOn(event)
        return
      }
      running = false
      if inclusive { forwardOn(event) }
      forwardTerminal(.completed)
    case .error, .completed:
      forwardTerminal(event)
    }
  }
}
