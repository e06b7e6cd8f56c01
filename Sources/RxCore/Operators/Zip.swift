extension ObservableType {
  /// Pairs the values of two sources by index and combines each pair with `resultSelector`.
  ///
  /// Values wait in a queue per source until the other source produces its value of the same index.
  /// A source is released when it completes; the result completes once both sources have completed
  /// (as RxSwift 6 does: values still queued then are dropped). An error, from a source or thrown by
  /// `resultSelector`, ends it at once.
  /// ```swift
  /// Observable.zip(requests, responses) { ($0, $1) }
  /// ```
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    Zip2(source1.asObservable(), source2.asObservable(), resultSelector)
  }

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

extension ObservableType where Element == Any {
  /// Pairs the values of two sources by index into tuples.
  ///
  /// Same rules as ``zip(_:_:resultSelector:)``.
  public static func zip<O1: ObservableType, O2: ObservableType>(_ source1: O1, _ source2: O2)
    -> Observable<(O1.Element, O2.Element)>
  {
    Zip2(source1.asObservable(), source2.asObservable(), { ($0, $1) })
  }
}

private final class Zip2<E1, E2, Result>: Producer<Result> {
  private let source1: Observable<E1>
  private let source2: Observable<E2>
  private let selector: (E1, E2) throws -> Result

  init(_ source1: Observable<E1>, _ source2: Observable<E2>, _ selector: @escaping (E1, E2) throws -> Result)
  {
    self.source1 = source1
    self.source2 = source2
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = Zip2Sink(selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(source1, source2))
  }
}

// The queues and flags are only touched inside `gate`.
private final class Zip2Sink<E1, E2, Observer: ObserverType>: Sink<Observer>, CombiningReceiver {
  enum Message: CombiningMessage {
    case value1(E1)
    case value2(E2)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: (E1, E2) throws -> Observer.Element
  private let subscription1 = SingleAssignmentDisposable()
  private let subscription2 = SingleAssignmentDisposable()
  private var queue1 = CombiningQueue<E1>()
  private var queue2 = CombiningQueue<E2>()
  private var done1 = false
  private var done2 = false

  init(selector: @escaping (E1, E2) throws -> Observer.Element, observer: Observer, cancel: Cancelable) {
    self.selector = selector
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
    subscription1.setDisposable(source1.subscribe(CombiningObserver(self, index: 0, wrap: Message.value1)))
    subscription2.setDisposable(source2.subscribe(CombiningObserver(self, index: 1, wrap: Message.value2)))
    return Disposables.create(subscription1, subscription2)
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value1(let value):
      queue1.enqueue(value)
      emitIfPaired()
    case .value2(let value):
      queue2.enqueue(value)
      emitIfPaired()
    case .completed(let index):
      if index == 0 {
        done1 = true
        subscription1.dispose()
      } else {
        done2 = true
        subscription2.dispose()
      }
      if done1 && done2 { forwardTerminal(.completed) }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }

  private func emitIfPaired() {
    guard !queue1.isEmpty && !queue2.isEmpty else { return }
    let result: Observer.Element
    do {
      result = try selector(queue1.dequeue(), queue2.dequeue())
    } catch {
      forwardTerminal(.error(error))
      return
    }
    forwardOn(.next(result))
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
