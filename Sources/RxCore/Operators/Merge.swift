import Synchronization

extension ObservableType {
  /// Maps each value to an observable sequence and merges the values of all of them.
  ///
  /// Completes once this sequence and every inner sequence completed; any error (of this sequence, of
  /// an inner sequence, or thrown by `selector`) ends the result at once and disposes everything.
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    FlatMap(source: asObservable(), rule: .merge(maxConcurrent: nil), selector: selector)
  }

  /// Maps each value to an observable sequence and concatenates them: the next inner sequence is
  /// subscribed only after the previous one completed.
  ///
  /// `selector` runs as each value arrives; the sequences it returns wait their turn in order.
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    FlatMap(source: asObservable(), rule: .merge(maxConcurrent: 1), selector: selector)
  }

  /// Merges the values of every sequence of `sources`; completes when all of them completed.
  public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    MergeSources(Array(sources))
  }

  /// Merges the values of every sequence of `sources`; completes when all of them completed.
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    MergeSources(sources)
  }

  /// Merges the values of every sequence of `sources`; completes when all of them completed.
  ///
  /// Example: `Observable.merge(clicks, keys)` sends the events of both as they come.
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    MergeSources(sources)
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Merges the values of every inner sequence this sequence sends.
  ///
  /// Completes once this sequence and every inner sequence completed; any error ends it at once.
  public func merge() -> Observable<Element.Element> {
    FlatMap(source: asObservable(), rule: .merge(maxConcurrent: nil), selector: { $0 })
  }

  /// Merges the values of the inner sequences, with at most `maxConcurrent` of them subscribed at once.
  ///
  /// Inner sequences beyond the limit wait in arrival order; the next one is subscribed as soon as a
  /// subscribed one completes.
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    FlatMap(source: asObservable(), rule: .merge(maxConcurrent: maxConcurrent), selector: { $0 })
  }

  /// Concatenates the inner sequences: each one is subscribed after the previous one completed.
  ///
  /// The same as `merge(maxConcurrent: 1)`.
  public func concat() -> Observable<Element.Element> {
    FlatMap(source: asObservable(), rule: .merge(maxConcurrent: 1), selector: { $0 })
  }
}

// MARK: - Producers

/// The producer of every operator that maps values to inner sequences: `flatMap`, `concatMap`, `merge()`
/// and `concat()` (``MergeSink``), `flatMapFirst` (``FlatMapFirstSink``) and `flatMapLatest` and
/// `switchLatest` (``SwitchSink``).
final class FlatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element> {
  /// Which inner sequences run.
  enum Rule {
    /// All of them, at most `maxConcurrent` at once (`nil`: no limit); the others wait in order.
    case merge(maxConcurrent: Int?)
    /// One at a time; values arriving while one runs are dropped.
    case first
    /// The most recent one; a new one disposes the previous one.
    case latest
  }

  private let source: Observable<SourceElement>
  private let rule: Rule
  private let selector: (SourceElement) throws -> Inner

  init(source: Observable<SourceElement>, rule: Rule, selector: @escaping (SourceElement) throws -> Inner) {
    self.source = source
    self.rule = rule
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Inner.Element {
    switch rule {
    case .merge(let maxConcurrent):
      let sink = MergeSink(
        selector: selector, maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
      return (sink, sink.run(source))
    case .first:
      let sink = FlatMapFirstSink(selector: selector, observer: observer, cancel: cancel)
      return (sink, sink.run(source))
    case .latest:
      let sink = SwitchSink(selector: selector, observer: observer, cancel: cancel)
      return (sink, sink.run(source))
    }
  }
}

/// The base of the sinks that run one inner sequence at a time (`flatMapFirst`, `flatMapLatest`): the
/// selector and the outer subscription.
class SelectingSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>
where Observer.Element == Inner.Element {
  private let selector: (SourceElement) throws -> Inner
  final let outerSubscription = SingleAssignmentDisposable()

  init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
    self.selector = selector
    super.init(observer: observer, cancel: cancel)
  }

  /// The inner sequence `selector` makes from `value`, or `nil` once the result failed with the error
  /// it threw.
  final func innerSequence(for value: SourceElement) -> Observable<Inner.Element>? {
    do {
      return try selector(value).asObservable()
    } catch {
      forwardError(error)
      return nil
    }
  }
}

/// `Observable.merge` of a fixed list: the list plays the part of an outer sequence that sends every
/// source and completes during subscription.
private final class MergeSources<Element>: Producer<Element> {
  private let sources: [Observable<Element>]

  init(_ sources: [Observable<Element>]) { self.sources = sources }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = MergeSink(
      selector: { (source: Observable<Element>) in source }, maxConcurrent: nil, observer: observer,
      cancel: cancel)
    return (sink, sink.run(sources))
  }
}

// MARK: - Sink

/// The sink of `flatMap`, `merge`, `merge(maxConcurrent:)`, `concatMap` and `concat()`.
///
/// Every event (outer and inner) is handled inside `gate`, so the state marked gate-protected is
/// touched by one thread at a time; a message is built only when another thread owns the gate.
/// `registry` (its own lock) holds the running inner subscriptions so that disposal from any thread
/// reaches them.
///
/// The code runs unspecialised for the user's types, where each use of a generic type such as
/// `Event<T>` costs a runtime metadata lookup; the hot paths therefore pass values without wrapping
/// them, keep the waiting queue and the registry untyped, and leave terminal events to separate
/// functions. An inner sequence that ends during its own subscription (`just`, `empty`, a `from` on
/// another scheduler's thread…) leaves its observer to the next one, so such inners cost no allocation.
private final class MergeSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
  Sink<Observer>, ObserverType
where Observer.Element == Inner.Element {
  typealias Element = SourceElement
  typealias InnerElement = Inner.Element
  typealias InnerObserver = MergeInnerObserver<SourceElement, Inner, Observer>

  enum Message {
    case outer(Event<SourceElement>)
    case inner(InnerObserver, Event<InnerElement>)
  }

  private let selector: (SourceElement) throws -> Inner
  private let maxConcurrent: Int
  private let limited: Bool
  let gate = SerialGate<Message>()
  private let outerSubscription = SingleAssignmentDisposable()
  private let registry = InnerRegistry()

  // Gate-protected state: one thread at a time, and no access spans a call out, so the dynamic
  // exclusivity checks (a thread-local lookup each, several per inner sequence) are skipped.
  @exclusivity(unchecked) private var active = 0
  @exclusivity(unchecked) private var stopped = false
  @exclusivity(unchecked) private var pumping = false
  /// Inner sequences waiting for a slot, as `Observable<InnerElement>`.
  @exclusivity(unchecked) private var waiting = ObjectQueue()
  /// An observer whose inner sequence ended during its subscription, parked for the next one.
  @exclusivity(unchecked) private var spare: InnerObserver?

  init(
    selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int?, observer: Observer,
    cancel: Cancelable
  ) {
    self.selector = selector
    self.maxConcurrent = maxConcurrent ?? Int.max
    self.limited = maxConcurrent != nil
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<SourceElement>) -> Disposable {
    outerSubscription.setDisposable(source.subscribe(self))
    return outerSubscription
  }

  func run(_ sources: [SourceElement]) -> Disposable {
    for source in sources { _deliverNext(source) }
    on(.completed)
    return outerSubscription
  }

  func _deliverNext(_ value: SourceElement) {
    gate.send(.outer(.next(value)), to: handle) { outerNext(value) }
  }

  func on(_ event: Event<SourceElement>) {
    if case .next(let value) = event {
      _deliverNext(value)
    } else {
      send(.outer(event))
    }
  }

  /// A value of the inner sequence `inner`.
  func innerNext(_ inner: InnerObserver, _ value: InnerElement) {
    // The sink holds the gate for its whole life, so using it unretained saves a retain and a release
    // per value.
    Unmanaged.passUnretained(gate)._withUnsafeGuaranteedRef { gate in
      gate.send(.inner(inner, .next(value)), to: handle) { forwardNext(value) }
    }
  }

  /// Any event of the inner sequence `inner`.
  func innerEvent(_ inner: InnerObserver, _ event: Event<InnerElement>) {
    gate.send(.inner(inner, event), to: handle) { handleInner(inner, event) }
  }

  // Whatever touches `Message` stays out of line, so that the hot paths need no metadata for it.
  @inline(never)
  private func send(_ message: Message) {
    gate.send(message) { handle($0) }
  }

  func handle(_ message: Message) {
    switch message {
    case .outer(let event):
      handleOuter(event)
    case .inner(let inner, let event):
      handleInner(inner, event)
    }
  }

  private func handleOuter(_ event: Event<SourceElement>) {
    switch event {
    case .next(let value):
      outerNext(value)
    case .error(let error):
      fail(error)
    case .completed:
      outerCompleted()
    }
  }

  func handleInner(_ inner: InnerObserver, _ event: Event<InnerElement>) {
    switch event {
    case .next(let value):
      forwardNext(value)
    case .error(let error):
      fail(error)
    case .completed:
      innerCompleted(inner)
    }
  }

  private func outerNext(_ value: SourceElement) {
    if isDisposed { return }
    let source: Observable<InnerElement>
    do {
      source = try selector(value).asObservable()
    } catch {
      fail(error)
      return
    }
    if active < maxConcurrent {
      if pumping || !waiting.isEmpty {
        waiting.append(source)
        return
      }
      // A free slot and nothing waiting: subscribe at once, then take on whatever queued meanwhile.
      active += 1
      if limited {
        pumping = true
        subscribeInner(source)
        pumpLoop()
      } else {
        subscribeInner(source)
      }
    } else {
      waiting.append(source)
    }
  }

  private func outerCompleted() {
    if isDisposed { return }
    stopped = true
    outerSubscription.dispose()
    if active == 0 && !pumping { complete() }
  }

  private func innerCompleted(_ inner: InnerObserver) {
    if isDisposed { return }
    let wasAttached = inner.isAttached
    guard inner.finish() else { return }
    if wasAttached { registry.unregister(inner) }
    active -= 1
    if pumping { return }
    if !waiting.isEmpty {
      pumping = true
      pumpLoop()
    } else if stopped && active == 0 {
      complete()
    }
  }

  /// Subscribes waiting inner sequences while slots are free, in a loop: an inner sequence that
  /// completes during its own subscription frees its slot for the next iteration instead of recursing.
  /// Runs with `pumping` set, which it clears.
  private func pumpLoop() {
    while active < maxConcurrent, !isDisposed, let next = waiting.popFirst() {
      active += 1
      subscribeInner(unsafeDowncast(next, to: Observable<InnerElement>.self))
    }
    pumping = false
    if stopped && active == 0 { complete() }
  }

  private func subscribeInner(_ source: Observable<InnerElement>) {
    if isDisposed { return }
    var inner: InnerObserver
    if let parked = spare {
      spare = nil
      parked.unpark(self)
      inner = parked
    } else {
      inner = InnerObserver(parent: self)
    }
    if inner.attach(source.subscribe(inner)) {
      if !registry.register(inner) { inner.finish() }
    } else if isKnownUniquelyReferenced(&inner) {
      // It ended during its subscription and nobody kept its observer, which can take the next one.
      inner.park()
      spare = inner
    }
  }

  @inline(never)
  private func fail(_ error: Swift.Error) {
    waiting.removeAll()
    forwardTerminal(.error(error))
  }

  @inline(never)
  private func complete() {
    forwardTerminal(.completed)
  }

  override func dispose() {
    super.dispose()
    outerSubscription.dispose()
    for inner in registry.close() { inner.finish() }
  }
}

/// Receives the events of one inner sequence of a ``MergeSink``.
///
/// `parent` is used without reference counting on every event; `retainedParent` keeps it alive while
/// the observer runs. A parked observer (the sink's spare, see ``MergeSink``) lets go of the sink, so
/// the two form no cycle; nothing can send to it then, as only the sink references it.
private final class MergeInnerObserver<
  SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType
>: InnerSubscription, ObserverType
where Observer.Element == Inner.Element {
  typealias Element = Inner.Element
  typealias Parent = MergeSink<SourceElement, Inner, Observer>

  private let parent: Unmanaged<Parent>
  // Written only while no inner sequence holds this observer (in `init`, `park` and `unpark`, inside
  // the parent's gate), so the unchecked exclusivity is safe.
  @exclusivity(unchecked) private var retainedParent: Parent?

  init(parent: Parent) {
    self.parent = Unmanaged.passUnretained(parent)
    self.retainedParent = parent
  }

  /// Lets go of the sink; for an observer nothing else references, whose inner sequence finished.
  func park() {
    retainedParent = nil
    reset()
  }

  /// Takes `parent` (the sink it was made for) back before the observer is reused.
  func unpark(_ parent: Parent) {
    retainedParent = parent
  }

  func _deliverNext(_ value: Element) {
    parent._withUnsafeGuaranteedRef { $0.innerNext(self, value) }
  }

  func on(_ event: Event<Element>) {
    parent._withUnsafeGuaranteedRef { $0.innerEvent(self, event) }
  }
}
