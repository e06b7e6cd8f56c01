extension ObservableType {
  /// Combines the latest values of two sources with `resultSelector` whenever either produces a value.
  ///
  /// Nothing is emitted until every source has produced a value. The result completes when all sources
  /// have completed, or as soon as a value arrives that can never be combined because every other
  /// source has finished; a source completing empty does not end it alone. An error (from a source or
  /// thrown by `resultSelector`) ends it at once.
  /// ```swift
  /// Observable.combineLatest(name, age) { "\($0) is \($1)" }
  /// ```
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    CombineLatest2(source1.asObservable(), source2.asObservable(), resultSelector)
  }

  /// Combines the latest values of three sources with `resultSelector` whenever any produces a value.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    CombineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
  }

  /// Combines the latest values of four sources with `resultSelector` whenever any produces a value.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    CombineLatest4(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      resultSelector)
  }

  /// Combines the latest values of every source of `collection` with `resultSelector`.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``. An empty collection emits
  /// `resultSelector([])` at subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    CombineLatestCollection(collection.map { $0.asObservable() }, resultSelector)
  }

  /// Combines the latest values of every source of `collection` into an array.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``. An empty collection emits `[]` at
  /// subscription, then completes (as RxSwift 6 does).
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    CombineLatestCollection(collection.map { $0.asObservable() }, { $0 })
  }
}

extension ObservableType where Element == Any {
  /// Combines the latest values of two sources into a tuple whenever either produces a value.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(_ source1: O1, _ source2: O2)
    -> Observable<(O1.Element, O2.Element)>
  {
    CombineLatest2(source1.asObservable(), source2.asObservable(), { ($0, $1) })
  }

  /// Combines the latest values of three sources into a tuple whenever any produces a value.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    CombineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable(), { ($0, $1, $2) })
  }

  /// Combines the latest values of four sources into a tuple whenever any produces a value.
  ///
  /// Same rules as ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    CombineLatest4(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      { ($0, $1, $2, $3) })
  }
}

// MARK: - Fixed arity

/// The bookkeeping shared by the fixed-arity sinks: which sources have a value, which are done.
///
/// Every method runs inside the subclass's gate.
private class CombineLatestSinkBase<Observer: ObserverType>: Sink<Observer> {
  final let subscriptions: [SingleAssignmentDisposable]
  private let allSources: UInt8
  private var withValue: UInt8 = 0
  private var done: UInt8 = 0

  init(arity: Int, observer: Observer, cancel: Cancelable) {
    subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
    allSources = UInt8((1 << arity) - 1)
    super.init(observer: observer, cancel: cancel)
  }

  /// `true` once source `index` has produced a value.
  @inline(__always)
  final func hasValue(at index: Int) -> Bool { withValue & (UInt8(1) << UInt8(index)) != 0 }

  /// The selector applied to the latest values; called only once every source has one.
  func result() throws -> Observer.Element { rxAbstractMethod() }

  /// Source `index` has just stored a new latest value.
  @inline(__always)
  final func valueArrived(at index: Int) {
    let bit = UInt8(1) << UInt8(index)
    withValue |= bit
    if withValue == allSources {
      let value: Observer.Element
      do {
        value = try result()
      } catch {
        forwardTerminal(.error(error))
        return
      }
      forwardOn(.next(value))
    } else if done | bit == allSources {
      // Every other source has finished: this value can never be combined.
      forwardTerminal(.completed)
    }
  }

  /// Source `index` completed: it is released at once; the result completes when all are done.
  final func sourceCompleted(at index: Int) {
    let bit = UInt8(1) << UInt8(index)
    if done & bit != 0 { return }
    done |= bit
    if done == allSources {
      forwardTerminal(.completed)
    } else {
      subscriptions[index].dispose()
    }
  }

  final var compositeSubscription: Disposable {
    subscriptions.count == 2
      ? Disposables.create(subscriptions[0], subscriptions[1])
      : Disposables.create(subscriptions)
  }
}

private final class CombineLatest2<E1, E2, Result>: Producer<Result> {
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
    let sink = CombineLatest2Sink(selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(source1, source2))
  }
}

/// The benchmarked case, so values take a fast path: an uncontended value is stored and handled
/// directly under the gate, without being wrapped in a message (see ``SerialGate``). The latest
/// values live in one-element buffers, initialised on the first value of each source.
// State (the slots and the base's flags) is only touched by the owner of `gate`.
private final class CombineLatest2Sink<E1, E2, Observer: ObserverType>: CombineLatestSinkBase<Observer> {
  enum Message {
    case value1(E1)
    case value2(E2)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: (E1, E2) throws -> Observer.Element
  private let slot1 = UnsafeMutablePointer<E1>.allocate(capacity: 1)
  private let slot2 = UnsafeMutablePointer<E2>.allocate(capacity: 1)

  init(selector: @escaping (E1, E2) throws -> Observer.Element, observer: Observer, cancel: Cancelable) {
    self.selector = selector
    super.init(arity: 2, observer: observer, cancel: cancel)
  }

  deinit {
    if hasValue(at: 0) { slot1.deinitialize(count: 1) }
    if hasValue(at: 1) { slot2.deinitialize(count: 1) }
    slot1.deallocate()
    slot2.deallocate()
  }

  func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
    subscriptions[0].setDisposable(source1.subscribe(Input1(sink: self)))
    subscriptions[1].setDisposable(source2.subscribe(Input2(sink: self)))
    return compositeSubscription
  }

  @inline(__always)
  fileprivate func on1(_ event: Event<E1>) {
    guard case .next(let value) = event else { return terminal(event, index: 0) }
    gate.send(.value1(value), to: handle) { store1(value) }
  }

  @inline(__always)
  fileprivate func on2(_ event: Event<E2>) {
    guard case .next(let value) = event else { return terminal(event, index: 1) }
    gate.send(.value2(value), to: handle) { store2(value) }
  }

  private func terminal<Element>(_ event: Event<Element>, index: Int) {
    if case .error(let error) = event {
      gate.send(.failed(error)) { self.handle($0) }
    } else {
      gate.send(.completed(index)) { self.handle($0) }
    }
  }

  @inline(__always)
  private func store1(_ value: E1) {
    if isDisposed { return }
    if hasValue(at: 0) { slot1.pointee = value } else { slot1.initialize(to: value) }
    valueArrived(at: 0)
  }

  @inline(__always)
  private func store2(_ value: E2) {
    if isDisposed { return }
    if hasValue(at: 1) { slot2.pointee = value } else { slot2.initialize(to: value) }
    valueArrived(at: 1)
  }

  private func handle(_ message: Message) {
    switch message {
    case .value1(let value):
      store1(value)
    case .value2(let value):
      store2(value)
    case .completed(let index):
      if !isDisposed { sourceCompleted(at: index) }
    case .failed(let error):
      if !isDisposed { forwardTerminal(.error(error)) }
    }
  }

  override func result() throws -> Observer.Element {
    try selector(slot1.pointee, slot2.pointee)
  }

  private struct Input1: ObserverType {
    let sink: CombineLatest2Sink

    func on(_ event: Event<E1>) { sink.on1(event) }
  }

  private struct Input2: ObserverType {
    let sink: CombineLatest2Sink

    func on(_ event: Event<E2>) { sink.on2(event) }
  }
}

private final class CombineLatest3<E1, E2, E3, Result>: Producer<Result> {
  private let source1: Observable<E1>
  private let source2: Observable<E2>
  private let source3: Observable<E3>
  private let selector: (E1, E2, E3) throws -> Result

  init(
    _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>,
    _ selector: @escaping (E1, E2, E3) throws -> Result
  ) {
    self.source1 = source1
    self.source2 = source2
    self.source3 = source3
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = CombineLatest3Sink(selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(source1, source2, source3))
  }
}

// State (`latest*` and the base's flags) is only touched inside `gate`.
private final class CombineLatest3Sink<E1, E2, E3, Observer: ObserverType>: CombineLatestSinkBase<Observer>,
  CombiningReceiver
{
  enum Message: CombiningMessage {
    case value1(E1)
    case value2(E2)
    case value3(E3)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: (E1, E2, E3) throws -> Observer.Element
  private var latest1: E1?
  private var latest2: E2?
  private var latest3: E3?

  init(selector: @escaping (E1, E2, E3) throws -> Observer.Element, observer: Observer, cancel: Cancelable) {
    self.selector = selector
    super.init(arity: 3, observer: observer, cancel: cancel)
  }

  func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>) -> Disposable {
    subscriptions[0].setDisposable(source1.subscribe(CombiningObserver(self, index: 0, wrap: Message.value1)))
    subscriptions[1].setDisposable(source2.subscribe(CombiningObserver(self, index: 1, wrap: Message.value2)))
    subscriptions[2].setDisposable(source3.subscribe(CombiningObserver(self, index: 2, wrap: Message.value3)))
    return compositeSubscription
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value1(let value):
      latest1 = value
      valueArrived(at: 0)
    case .value2(let value):
      latest2 = value
      valueArrived(at: 1)
    case .value3(let value):
      latest3 = value
      valueArrived(at: 2)
    case .completed(let index):
      sourceCompleted(at: index)
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }

  override func result() throws -> Observer.Element {
    try selector(latest1.unsafelyUnwrapped, latest2.unsafelyUnwrapped, latest3.unsafelyUnwrapped)
  }
}

private final class CombineLatest4<E1, E2, E3, E4, Result>: Producer<Result> {
  private let source1: Observable<E1>
  private let source2: Observable<E2>
  private let source3: Observable<E3>
  private let source4: Observable<E4>
  private let selector: (E1, E2, E3, E4) throws -> Result

  init(
    _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>,
    _ source4: Observable<E4>, _ selector: @escaping (E1, E2, E3, E4) throws -> Result
  ) {
    self.source1 = source1
    self.source2 = source2
    self.source3 = source3
    self.source4 = source4
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = CombineLatest4Sink(selector: selector, observer: observer, cancel: cancel)
    return (sink, sink.run(source1, source2, source3, source4))
  }
}

// State (`latest*` and the base's flags) is only touched inside `gate`.
private final class CombineLatest4Sink<E1, E2, E3, E4, Observer: ObserverType>:
  CombineLatestSinkBase<Observer>, CombiningReceiver
{
  enum Message: CombiningMessage {
    case value1(E1)
    case value2(E2)
    case value3(E3)
    case value4(E4)
    case completed(Int)
    case failed(Swift.Error)
  }

  private let gate = SerialGate<Message>()
  private let selector: (E1, E2, E3, E4) throws -> Observer.Element
  private var latest1: E1?
  private var latest2: E2?
  private var latest3: E3?
  private var latest4: E4?

  init(
    selector: @escaping (E1, E2, E3, E4) throws -> Observer.Element, observer: Observer, cancel: Cancelable
  ) {
    self.selector = selector
    super.init(arity: 4, observer: observer, cancel: cancel)
  }

  func run(
    _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>
  ) -> Disposable {
    subscriptions[0].setDisposable(source1.subscribe(CombiningObserver(self, index: 0, wrap: Message.value1)))
    subscriptions[1].setDisposable(source2.subscribe(CombiningObserver(self, index: 1, wrap: Message.value2)))
    subscriptions[2].setDisposable(source3.subscribe(CombiningObserver(self, index: 2, wrap: Message.value3)))
    subscriptions[3].setDisposable(source4.subscribe(CombiningObserver(self, index: 3, wrap: Message.value4)))
    return compositeSubscription
  }

  func receive(_ message: Message) {
    gate.send(message) { self.handle($0) }
  }

  private func handle(_ message: Message) {
    if isDisposed { return }
    switch message {
    case .value1(let value):
      latest1 = value
      valueArrived(at: 0)
    case .value2(let value):
      latest2 = value
      valueArrived(at: 1)
    case .value3(let value):
      latest3 = value
      valueArrived(at: 2)
    case .value4(let value):
      latest4 = value
      valueArrived(at: 3)
    case .completed(let index):
      sourceCompleted(at: index)
    case .failed(let error):
      forwardTerminal(.error(error))
    }
  }

  override func result() throws -> Observer.Element {
    try selector(
      latest1.unsafelyUnwrapped, latest2.unsafelyUnwrapped, latest3.unsafelyUnwrapped,
      latest4.unsafelyUnwrapped)
  }
}

// MARK: - Collection

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
