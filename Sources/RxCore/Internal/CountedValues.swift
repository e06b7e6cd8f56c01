/// The producer of the operators that count the source's values: `skip(_:)`, `take(_:)`,
/// `element(at:)` and `takeLast(_:)`.
///
/// The first three share ``CountingSink``, which counts down to the value the rule acts on;
/// `takeLast(_:)` keeps a ring of values instead.
final class CountedValues<Element>: Producer<Element> {
  /// What the operator does with the values it counts.
  enum Rule {
    /// Drops the first `count` values, then sends the rest.
    case skip
    /// Sends the first `count` values, then completes at the tick of the last one.
    case take
    /// Sends the value at index `count` and completes; fails if the source completes first.
    case elementAt
    /// Sends the last `count` values when the source completes.
    case takeLast
  }

  private let source: Observable<Element>
  private let count: Int
  private let rule: Rule

  init(source: Observable<Element>, count: Int, rule: Rule) {
    self.source = source
    self.count = count
    self.rule = rule
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    if rule == .takeLast {
      let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
      return (sink, source.subscribe(sink))
    }
    let sink = CountingSink(remaining: count, rule: rule, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

// The source delivers serially, so `remaining` is only touched by one event at a time.
private final class CountingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
  private let rule: CountedValues<Observer.Element>.Rule
  /// The values still to count before the one the rule acts on.
  private var remaining: Int

  init(remaining: Int, rule: CountedValues<Observer.Element>.Rule, observer: Observer, cancel: Cancelable) {
    self.remaining = remaining
    self.rule = rule
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let value):
      next(value)
    case .error(let error):
      forwardError(error)
    case .completed:
      if rule == .elementAt {
        forwardError(RxError.argumentOutOfRange)
      } else {
        forwardCompleted()
      }
    }
  }

  private func next(_ value: Observer.Element) {
    switch rule {
    case .skip:
      if remaining > 0 {
        remaining -= 1
      } else {
        forwardNext(value)
      }
    case .take:
      guard remaining > 0 else { return }
      remaining -= 1
      forwardNext(value)
      if remaining == 0 { forwardCompleted() }
    case .elementAt:
      if remaining == 0 {
        forwardNext(value)
        forwardCompleted()
      }
      remaining -= 1
    case .takeLast:
      preconditionFailure("RxCore: takeLast has its own sink")
    }
  }
}
