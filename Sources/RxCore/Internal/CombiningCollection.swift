/// The producer of `combineLatest` and `zip` over a collection of sources.
final class CombiningCollection<SourceElement, Result>: Producer<Result> {
  /// How the values of the sources make a result.
  enum Rule {
    /// The latest value of every source, once each has sent one.
    case combineLatest
    /// The values of every source by index.
    case zip
  }

  private let sources: [Observable<SourceElement>]
  private let selector: ([SourceElement]) throws -> Result
  private let rule: Rule

  init(
    _ sources: [Observable<SourceElement>], rule: Rule,
    _ selector: @escaping ([SourceElement]) throws -> Result
  ) {
    self.sources = sources
    self.selector = selector
    self.rule = rule
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink: CollectionCombiningSink<SourceElement, Observer>
    switch rule {
    case .combineLatest:
      sink = CombineLatestCollectionSink(
        count: sources.count, selector: selector, observer: observer, cancel: cancel)
    case .zip:
      sink = ZipCollectionSink(count: sources.count, selector: selector, observer: observer, cancel: cancel)
    }
    return (sink, sink.run(sources))
  }
}

/// The base of the sinks of ``CombiningCollection``: subscribes every source, serialises their events
/// through `gate` and handles completion and failure; a subclass decides what a value makes.
///
/// The subclass's state, `done` and `doneCount` are only touched inside `gate`.
class CollectionCombiningSink<SourceElement, Observer: ObserverType>: Sink<Observer>, CombiningReceiver {
  enum Message: CombiningMessage {
    case value(Int, SourceElement)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: ([SourceElement]) throws -> Observer.Element
  private let subscriptions: [SingleAssignmentDisposable]
  private var done: [Bool]
  /// How many sources completed.
  private(set) final var doneCount = 0

  init(
    count: Int, selector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    self.selector = selector
    subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    done = Array(repeating: false, count: count)
    super.init(observer: observer, cancel: cancel)
  }

  final func run(_ sources: [Observable<SourceElement>]) -> Disposable {
    for (index, source) in sources.enumerated() {
      let observer = CombiningObserver(self, index: index) { Message.value(index, $0) }
      subscriptions[index].setDisposable(source.subscribe(observer))
    }
    if sources.isEmpty { runEmpty() }
    return Disposables.create(subscriptions)
  }

  final func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value(let index, let value):
      received(value, from: index)
    case .completed(let index):
      if done[index] { return }
      done[index] = true
      doneCount += 1
      if doneCount == done.count {
        forwardTerminal(.completed)
      } else {
        subscriptions[index].dispose()
      }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }

  /// Whether source `index` completed.
  final func isDone(_ index: Int) -> Bool { done[index] }

  /// Sends `resultSelector(arguments)`, or fails with what it throws.
  ///
  /// - Returns: `false` when the selector threw.
  @discardableResult
  final func emit(_ arguments: [SourceElement]) -> Bool {
    let result: Observer.Element
    do {
      result = try selector(arguments)
    } catch {
      forwardTerminal(.error(error))
      return false
    }
    forwardOn(.next(result))
    return true
  }

  /// Ends the subscription to an empty collection of sources.
  func runEmpty() {
    rxAbstractMethod()
  }

  /// A value of source `index`, inside the gate.
  func received(_ value: SourceElement, from index: Int) {
    rxAbstractMethod()
  }
}
