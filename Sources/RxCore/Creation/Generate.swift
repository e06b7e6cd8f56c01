extension ObservableType {
  /// A sequence that sends `initialState`, then each state `iterate` makes from the previous one, while
  /// `condition` holds; then completes.
  ///
  /// Each value is one scheduled step on `scheduler`. An error thrown by `condition` or `iterate` ends
  /// the sequence.
  /// ```swift
  /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 2 })  // 1, 2, 4, … 64
  /// ```
  /// - Parameters:
  ///   - initialState: The first state.
  ///   - condition: Whether to send a state; the sequence completes at the first `false`.
  ///   - scheduler: Runs the steps; the current thread's trampoline by default.
  ///   - iterate: Makes the next state.
  public static func generate(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping (Element) throws -> Element
  ) -> Observable<Element> {
    Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
  }
}

private final class Generate<Element>: Producer<Element> {
  private let initialState: Element
  private let condition: (Element) throws -> Bool
  private let iterate: (Element) throws -> Element
  private let scheduler: ImmediateSchedulerType

  init(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType
  ) {
    self.initialState = initialState
    self.condition = condition
    self.iterate = iterate
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = GenerateSink(condition: condition, iterate: iterate, observer: observer, cancel: cancel)
    let subscription = scheduler.scheduleRecursive((state: initialState, isFirst: true)) { step, recurse in
      sink.step(step.state, isFirst: step.isFirst) { recurse((state: $0, isFirst: false)) }
    }
    return (sink, subscription)
  }
}

// The steps of one recursive schedule run one after the other, so the sink is entered by one at a time.
private final class GenerateSink<Observer: ObserverType>: Sink<Observer> {
  typealias Element = Observer.Element
  private let condition: (Element) throws -> Bool
  private let iterate: (Element) throws -> Element

  init(
    condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element,
    observer: Observer, cancel: Cancelable
  ) {
    self.condition = condition
    self.iterate = iterate
    super.init(observer: observer, cancel: cancel)
  }

  func step(_ previous: Element, isFirst: Bool, next: (Element) -> Void) {
    if isDisposed { return }
    do {
      let state = isFirst ? previous : try iterate(previous)
      if try condition(state) {
        forwardNext(state)
        next(state)
      } else {
        forwardCompleted()
      }
    } catch {
      forwardError(error)
    }
  }
}
