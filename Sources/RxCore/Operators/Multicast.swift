import Synchronization

/// A sequence whose subscribers share one subscription to its source, made by ``connect()``.
public protocol ConnectableObservableType: ObservableType {
  /// Subscribes the shared subject to the source.
  ///
  /// - Returns: A disposable that disconnects; connecting again while connected returns the same one.
  func connect() -> Disposable
}

/// An observable whose subscribers receive the events of one shared subscription to a source, which
/// starts when ``connect()`` is called (or, through ``ConnectableObservableType/refCount()``, with the
/// first subscriber).
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
  override init() {}

  /// Subscribes the shared subject to the source.
  public func connect() -> Disposable { rxAbstractMethod() }
}

extension ObservableType {
  /// A connectable sequence that sends the source's events through `subject` to its subscribers.
  ///
  /// The same subject serves every connection, so once it has terminated later connections deliver
  /// nothing new.
  public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    Multicaster(source: asObservable(), makeSubject: { subject })
  }

  /// A connectable sequence that sends the source's events through a subject made by `makeSubject`.
  ///
  /// A new subject is made for the first subscriber or connection after the previous connection ended
  /// (the source terminated or the connection was disposed).
  public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
    -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    Multicaster(source: asObservable(), makeSubject: makeSubject)
  }

  /// Shares one subscription to the source among the subscriptions `selector` makes to its argument,
  /// through a fresh subject per subscriber.
  ///
  /// For each subscriber a subject is made by `subjectSelector`, `selector` builds the result from a
  /// sequence multicast through it, the result is subscribed and then the source is connected. An
  /// error thrown by either closure ends the sequence with that error before the source is subscribed.
  /// ```swift
  /// let sums = xs.multicast({ PublishSubject<Int>() }) { shared in
  ///   Observable.zip(shared, shared.skip(1)) { $0 + $1 }
  /// }
  /// ```
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    MulticastSelector(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
  }

  /// A connectable sequence that shares the source through a ``PublishSubject``.
  ///
  /// Each connection has its own subject (RxSwift 6's `multicast(makeSubject:)`): once a connection
  /// ended (disposed, or the source terminated) the subscribers of that connection hear nothing more,
  /// and the next subscriber or `connect()` starts afresh with a new subject, so
  /// `publish().refCount()` subscribes the source again after it completed.
  /// ```swift
  /// let shared = clicks.publish()
  /// _ = shared.subscribe(onNext: { print($0) })
  /// let connection = shared.connect()
  /// ```
  public func publish() -> ConnectableObservable<Element> {
    multicast(makeSubject: { PublishSubject() })
  }

  /// A connectable sequence that shares the source through a ``ReplaySubject`` replaying the last
  /// `bufferSize` values to each new subscriber.
  ///
  /// Like ``publish()``, each connection has its own subject: a subscriber of an ended connection
  /// keeps what it received, and a subscriber after it gets only what the next connection replays.
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
  }

  /// A connectable sequence that shares the source through a ``ReplaySubject`` replaying every value.
  ///
  /// Each connection has its own subject, as with ``replay(_:)``.
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.createUnbounded() })
  }
}

extension ConnectableObservableType {
  /// Connects when the first subscriber arrives and disconnects when the last one leaves.
  ///
  /// A subscriber arriving after the source terminated connects again, unless the connectable's
  /// subject ends it while it subscribes: a connectable with one subject for ever (`multicast(_:)`)
  /// replays its terminal event instead, while one with a subject per connection (`publish()`,
  /// `replay(_:)`, `multicast(makeSubject:)`) subscribes the source anew.
  public func refCount() -> Observable<Element> {
    RefCount(source: self)
  }
}

// MARK: - multicast

/// The connectable behind `multicast`: a lazily made subject and at most one live connection.
private final class Multicaster<SourceElement, Subject: SubjectType>: ConnectableObservable<Subject.Element>,
  @unchecked Sendable
where Subject.Observer.Element == SourceElement {
  typealias Connection = MulticastConnection<SourceElement, Subject>

  private struct State {
    var subject: Subject?
    var connection: Connection?
  }

  // `state` is only touched under its lock; the source is subscribed and observers are called outside.
  private let source: Observable<SourceElement>
  private let makeSubject: () -> Subject
  private let state = LockedValue(State())

  init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
    self.source = source
    self.makeSubject = makeSubject
  }

  /// The current subject, made now if there is none. `makeSubject` (which only builds a subject) runs
  /// under the lock, as RxSwift's does, so two threads never make two subjects for one connection.
  private func currentSubject(_ state: inout State) -> Subject {
    if let subject = state.subject { return subject }
    let subject = makeSubject()
    state.subject = subject
    return subject
  }

  override func connect() -> Disposable {
    let (connection, isNew) = state.withLock { state -> (Connection, Bool) in
      if let connection = state.connection { return (connection, false) }
      let connection = Connection(parent: self, subjectObserver: currentSubject(&state).asObserver())
      state.connection = connection
      return (connection, true)
    }
    if isNew { connection.start(source) }
    return connection
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Subject.Element {
    let subject = state.withLock { currentSubject(&$0) }
    return subject.subscribe(observer)
  }

  /// Forgets `connection` (and its subject) if it is the current one.
  fileprivate func release(_ connection: Connection) {
    state.withLock { state in
      if state.connection === connection {
        state.connection = nil
        state.subject = nil
      }
    }
  }
}

/// One connection of a ``Multicaster``: forwards the source's events to the subject until disposed or
/// until the source terminates, which ends the connection before the subject hears of it.
private final class MulticastConnection<SourceElement, Subject: SubjectType>: ObserverType, Cancelable,
  @unchecked Sendable
where Subject.Observer.Element == SourceElement {
  // `parent` and `subjectObserver` are immutable; `disposed` is atomic; `subscription` is thread-safe.
  private let parent: Multicaster<SourceElement, Subject>
  private let subjectObserver: Subject.Observer
  private let subscription = SingleAssignmentDisposable()
  private let disposed = Atomic<Bool>(false)

  init(parent: Multicaster<SourceElement, Subject>, subjectObserver: Subject.Observer) {
    self.parent = parent
    self.subjectObserver = subjectObserver
  }

  func start(_ source: Observable<SourceElement>) {
    subscription.setDisposable(source.subscribe(self))
  }

  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  func on(_ event: Event<SourceElement>) {
    if disposed.load(ordering: .relaxed) { return }
    if event.isStopEvent { dispose() }
    subjectObserver.on(event)
  }

  func dispose() {
    if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
    parent.release(self)
    subscription.dispose()
  }
}

// MARK: - multicast(_:selector:)

/// A subject and a connection per subscriber, with the result of `selector` in between.
private final class MulticastSelector<SourceElement, Subject: SubjectType, Result>: Producer<Result>
where Subject.Observer.Element == SourceElement {
  private let source: Observable<SourceElement>
  private let subjectSelector: () throws -> Subject
  private let selector: (Observable<Subject.Element>) throws -> Observable<Result>

  init(
    source: Observable<SourceElement>, subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) {
    self.source = source
    self.subjectSelector = subjectSelector
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Result {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    let connectable: ConnectableObservable<Subject.Element>
    let result: Observable<Result>
    do {
      let subject = try subjectSelector()
      connectable = source.multicast(subject)
      result = try selector(connectable.asObservable())
    } catch {
      sink.forwardError(error)
      return (sink, Disposables.create())
    }
    let subscription = result.subscribe(sink)
    let connection = connectable.connect()
    return (sink, Disposables.create(subscription, connection))
  }
}

// MARK: - refCount

/// Connects its source with the first subscriber and disconnects it when the count drops to zero or
/// the source terminates.
///
/// The subscriber count and a generation number (bumped at every disconnection) live under a small
/// lock. Connecting and disconnecting, which subscribe to or dispose the source and so may call
/// observers, go through a ``SerialGate`` instead: they happen one at a time, in order, with no lock
/// held, and a disconnection requested while connecting (a synchronous source, or a subscriber leaving
/// on another thread) is honoured as soon as the connection exists.
private final class RefCount<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable
{
  struct Counter {
    var count = 0
    var generation: UInt64 = 0
  }

  enum Command {
    case connect(UInt64)
    case disconnect(UInt64)
  }

  // `counter` is guarded by its lock; `connection` and `connectionGeneration` are only touched inside
  // `gate`.
  fileprivate let source: Source
  fileprivate let counter = LockedValue(Counter())
  private let gate = SerialGate<Command>()
  private var connection: Disposable?
  private var connectionGeneration: UInt64 = 0

  init(source: Source) { self.source = source }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Source.Element {
    let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run())
  }

  fileprivate func send(_ command: Command) {
    gate.send(command) { self.handle($0) }
  }

  private func handle(_ command: Command) {
    switch command {
    case .connect(let generation):
      if let stale = connection, connectionGeneration != generation {
        connection = nil
        stale.dispose()
      }
      guard connection == nil,
        counter.withLock({ $0.generation == generation && $0.count > 0 })
      else { return }
      let connected = source.connect()
      if counter.withLock({ $0.generation == generation }) {
        connection = connected
        connectionGeneration = generation
      } else if connection.map({ ($0 as AnyObject) !== (connected as AnyObject) }) ?? true {
        // Everyone left (or the source terminated) while connecting.
        connected.dispose()
      }
    case .disconnect(let generation):
      if let current = connection, connectionGeneration == generation {
        connection = nil
        current.dispose()
      }
    }
  }
}

// `generation` and `counted` are only touched under the parent's `counter` lock.
private final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>,
  ObserverType
where Observer.Element == Source.Element {
  private let parent: RefCount<Source>
  private var generation: UInt64 = 0
  private var counted = false

  init(parent: RefCount<Source>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    let subscription = parent.source.subscribe(self)
    let connectGeneration = parent.counter.withLock { counter -> UInt64? in
      // Terminated while subscribing (a finished subject replays its end): never counted, no connection.
      if isDisposed { return nil }
      counted = true
      generation = counter.generation
      counter.count += 1
      return counter.count == 1 ? counter.generation : nil
    }
    if let connectGeneration { parent.send(.connect(connectGeneration)) }
    return Disposables.create {
      subscription.dispose()
      self.leave()
    }
  }

  /// The subscriber leaves: the last one out disconnects.
  private func leave() {
    let disconnect = parent.counter.withLock { counter -> UInt64? in
      guard counted, generation == counter.generation else { return nil }
      counted = false
      counter.count -= 1
      if counter.count > 0 { return nil }
      counter.generation &+= 1
      return generation
    }
    if let disconnect { parent.send(.disconnect(disconnect)) }
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      forwardOn(event)
    case .error, .completed:
      // The connection is over for every subscriber of this generation.
      let disconnect = parent.counter.withLock { counter -> UInt64? in
        guard counted, generation == counter.generation else { return nil }
        counted = false
        counter.count = 0
        counter.generation &+= 1
        return generation
      }
      if let disconnect { parent.send(.disconnect(disconnect)) }
      forwardTerminal(event)
    }
  }
}
