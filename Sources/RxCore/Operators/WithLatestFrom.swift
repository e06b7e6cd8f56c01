extension ObservableType {
  /// Combines each value of this sequence with the latest value of `second` using `resultSelector`.
  ///
  /// Values arriving before `second` has produced one are dropped. The result completes with this
  /// sequence; `second` completing only releases it (its last value stays in use). An error from
  /// either sequence, or thrown by `resultSelector`, ends the result at once.
  /// ```swift
  /// saveTaps.withLatestFrom(text) { _, text in text }
  /// ```
  public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
  ) -> Observable<ResultType> {
    WithLatestFrom(first: asObservable(), second: second.asObservable(), selector: resultSelector)
  }

  /// Emits the latest value of `second` each time this sequence produces a value.
  ///
  /// Same rules as ``withLatestFrom(_:resultSelector:)``.
  public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<
    Source.Element
  > {
    WithLatestFrom(first: asObservable(), second: second.asObservable(), selector: { $1 })
  }
}

private final class WithLatestFrom<First, Second, Result>: Producer<Result> {
  private let first: Observable<First>
  private let second: Observable<Second>
  private let selector: (First, Second) throws -> Result

  init(
    first: Observable<First>, second: Observable<Second>, selector: @escaping (First, Second) throws -> Result
  ) {
    self.first = first
    self.second = second
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = WithLatestFromSink(selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(first: first, second: second))
  }
}

// `latest` is only touched inside `gate`.
private final class WithLatestFromSink<First, Second, Observer: ObserverType>: Sink<Observer>,
  CombiningReceiver
{
  enum Message: CombiningMessage {
    case first(First)
    case second(Second)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: (First, Second) throws -> Observer.Element
  private let secondSubscription = SingleAssignmentDisposable()
  private var latest: Second?

  init(selector: @escaping (First, Second) throws -> Observer.Element, observer: Observer, cancel: Cancelable)
  {
    self.selector = selector
    super.init(observer: observer, cancel: cancel)
  }

  /// Subscribes `second` first, so a value it has at once is there for the first value of `first`.
  func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
    secondSubscription.setDisposable(
      second.subscribe(CombiningObserver(self, index: 1, wrap: Message.second)))
    let firstSubscription = first.subscribe(CombiningObserver(self, index: 0, wrap: Message.first))
    return Disposables.create(firstSubscription, secondSubscription)
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .first(let value):
      guard let latest else { return }
      let result: Observer.Element
      do {
        result = try selector(value, latest)
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(result))
    case .second(let value):
      latest = value
    case .completed(let index):
      if index == 0 {
        forwardTerminal(.completed)
      } else {
        secondSubscription.dispose()
      }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }
}
