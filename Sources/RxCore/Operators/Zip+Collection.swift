extension ObservableType {
  /// Combines the values of every source of `collection` by index with `resultSelector`.
  ///
  /// Completes when every source has completed, or when a value arrives that cannot be paired while
  /// all the other sources have completed. An empty collection completes at once without a value.
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    ZipCollection(collection.map { $0.asObservable() }, resultSelector)
  }

  /// Combines the values of every source of `collection` by index into arrays.
  ///
  /// Same rules as ``zip(_:resultSelector:)``.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    ZipCollection(collection.map { $0.asObservable() }, { $0 })
  }
}

private final class ZipCollection<SourceElement, Result>: Producer<Result> {
  private let sources: [Observable<SourceElement>]
  private let selector: ([SourceElement]) throws -> Result

  init(_ sources: [Observable<SourceElement>], _ selector: @escaping ([SourceElement]) throws -> Result) {
    self.sources = sources
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = ZipCollectionSink(count: sources.count, selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(sources))
  }
}

// The queues and counters are only touched inside `gate`.
private final class ZipCollectionSink<SourceElement, Observer: ObserverType>: Sink<Observer>,
  CombiningReceiver
{
  enum Message: CombiningMessage {
    case value(Int, SourceElement)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: ([SourceElement]) throws -> Observer.Element
  private let subscriptions: [SingleAssignmentDisposable]
  private var queues: [CombiningQueue<SourceElement>]
  private var nonEmptyCount = 0
  private var isDone: [Bool]
  private var doneCount = 0

  init(
    count: Int, selector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    self.selector = selector
    subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    queues = Array(repeating: CombiningQueue(), count: count)
    isDone = Array(repeating: false, count: count)
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ sources: [Observable<SourceElement>]) -> Disposable {
    for (index, source) in sources.enumerated() {
      let observer = CombiningObserver(self, index: index) { Message.value(index, $0) }
      subscriptions[index].setDisposable(source.subscribe(observer))
    }
    if sources.isEmpty { forwardTerminal(.completed) }
    return Disposables.create(subscriptions)
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value(let index, let value):
      queues[index].enqueue(value)
      if queues[index].count == 1 { nonEmptyCount += 1 }
      if nonEmptyCount < queues.count {
        if doneCount == queues.count - 1 { forwardTerminal(.completed) }
        return
      }
      var arguments: [SourceElement] = []
      arguments.reserveCapacity(queues.count)
      nonEmptyCount = 0
      for queueIndex in queues.indices {
        arguments.append(queues[queueIndex].dequeue())
        if !queues[queueIndex].isEmpty { nonEmptyCount += 1 }
      }
      let result: Observer.Element
      do {
        result = try selector(arguments)
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(result))
    case .completed(let index):
      if isDone[index] { return }
      isDone[index] = true
      doneCount += 1
      if doneCount == queues.count {
        forwardTerminal(.completed)
      } else {
        subscriptions[index].dispose()
      }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }
}
