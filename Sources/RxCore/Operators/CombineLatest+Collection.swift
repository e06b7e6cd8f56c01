extension ObservableType {
  /// Combines the latest values of every source of `collection` with `resultSelector`.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``, for any number of sources. An empty
  /// collection emits `resultSelector([])` at subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    CombineLatestCollection(collection.map { $0.asObservable() }, resultSelector)
  }

  /// Combines the latest values of every source of `collection` into an array.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``, for any number of sources. An empty
  /// collection emits `[]` at subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    CombineLatestCollection(collection.map { $0.asObservable() }, { $0 })
  }
}

private final class CombineLatestCollection<SourceElement, Result>: Producer<Result> {
  private let sources: [Observable<SourceElement>]
  private let selector: ([SourceElement]) throws -> Result

  init(_ sources: [Observable<SourceElement>], _ selector: @escaping ([SourceElement]) throws -> Result) {
    self.sources = sources
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = CombineLatestCollectionSink(
      count: sources.count, selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(sources))
  }
}

// `values`, `isDone` and the counters are only touched inside `gate`.
private final class CombineLatestCollectionSink<SourceElement, Observer: ObserverType>: Sink<Observer>,
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
  private var values: [SourceElement?]
  private var valueCount = 0
  private var isDone: [Bool]
  private var doneCount = 0

  init(
    count: Int, selector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
    cancel: Cancelable
  ) {
    self.selector = selector
    subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    values = Array(repeating: nil, count: count)
    isDone = Array(repeating: false, count: count)
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ sources: [Observable<SourceElement>]) -> Disposable {
    for (index, source) in sources.enumerated() {
      let observer = CombiningObserver(self, index: index) { Message.value(index, $0) }
      subscriptions[index].setDisposable(source.subscribe(observer))
    }
    if sources.isEmpty {
      do {
        let value = try selector([])
        forwardOn(.next(value))
        forwardTerminal(.completed)
      } catch {
        forwardTerminal(.error(error))
      }
    }
    return Disposables.create(subscriptions)
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value(let index, let value):
      if values[index] == nil { valueCount += 1 }
      values[index] = value
      if valueCount < values.count {
        let othersDone = doneCount - (isDone[index] ? 1 : 0)
        if othersDone == values.count - 1 { forwardTerminal(.completed) }
        return
      }
      let result: Observer.Element
      do {
        result = try selector(values.map { $0.unsafelyUnwrapped })
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(result))
    case .completed(let index):
      if isDone[index] { return }
      isDone[index] = true
      doneCount += 1
      if doneCount == values.count {
        forwardTerminal(.completed)
      } else {
        subscriptions[index].dispose()
      }
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }
}
