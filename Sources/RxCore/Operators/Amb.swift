import Synchronization

extension ObservableType {
  /// Mirrors whichever of `sources` sends an event first, and drops the others.
  ///
  /// Every source is subscribed, in order. The first one to send anything (a value, an error or
  /// completion) wins: at that moment the other subscriptions are disposed, and from then on the
  /// result is exactly the winner. With no sources the result never sends anything.
  /// ```swift
  /// let fastest = Observable.amb([primary, mirror, cache])
  /// ```
  /// - Parameter sources: The competing sequences.
  /// - Returns: The sequence of the source that reacted first.
  public static func amb<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    Amb(Array(sources))
  }

  /// Mirrors whichever of `sources` sends an event first, and drops the others.
  ///
  /// The same as the `Sequence` variant, for an array literal.
  /// - Parameter sources: The competing sequences.
  /// - Returns: The sequence of the source that reacted first.
  public static func amb(_ sources: [Observable<Element>]) -> Observable<Element> {
    Amb(sources)
  }

  /// Mirrors this sequence or `right`, whichever sends an event first, and drops the other.
  ///
  /// Both are subscribed, this one first. The first event of either (a value, an error or completion)
  /// decides: the other subscription is disposed at that moment.
  /// ```swift
  /// let answer = fromNetwork.amb(fromDisk)
  /// ```
  /// - Parameter right: The sequence competing with this one.
  /// - Returns: The sequence of the source that reacted first.
  public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element>
  where Right.Element == Element {
    Amb([asObservable(), right.asObservable()])
  }
}

private final class Amb<Element>: Producer<Element> {
  private let sources: [Observable<Element>]

  init(_ sources: [Observable<Element>]) { self.sources = sources }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    let sink = AmbSink(count: sources.count, observer: observer, cancel: cancel)
    return (sink, sink.run(sources))
  }
}

/// The race is decided by one compare-and-swap on `winner`, so two sources reacting at once on two
/// threads agree on one winner without a lock; the losers' events are dropped. After the decision only
/// the winner's events reach the observer, and a source sends its events one at a time.
private final class AmbSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  typealias Element = Observer.Element

  private static var undecided: Int { -1 }

  private let winner = Atomic<Int>(-1)
  private let subscriptions: [SingleAssignmentDisposable]

  init(count: Int, observer: Observer, cancel: Cancelable) {
    subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ sources: [Observable<Element>]) -> Disposable {
    // A source that wins while it is being subscribed has already disposed the later slots, so the later
    // sources are subscribed and released at once.
    for (index, source) in sources.enumerated() {
      subscriptions[index].setDisposable(source.subscribe(AmbObserver(parent: self, index: index)))
    }
    return Disposables.create(subscriptions)
  }

  /// Whether the source at `index` is the winner, deciding the race for it if nobody has won yet.
  @inline(__always)
  func admits(_ index: Int) -> Bool {
    let current = winner.load(ordering: .acquiring)
    if current == index { return true }
    if current != Self.undecided { return false }
    return decide(for: index)
  }

  @inline(never)
  private func decide(for index: Int) -> Bool {
    let (won, current) = winner.compareExchange(
      expected: Self.undecided, desired: index, ordering: .acquiringAndReleasing)
    guard won else { return current == index }
    for (other, subscription) in subscriptions.enumerated() where other != index {
      subscription.dispose()
    }
    return true
  }
}

/// Receives the events of the source at `index` of an ``AmbSink``.
private final class AmbObserver<Observer: ObserverType>: ObserverType {
  typealias Element = Observer.Element

  private let parent: AmbSink<Observer>
  private let index: Int

  init(parent: AmbSink<Observer>, index: Int) {
    self.parent = parent
    self.index = index
  }

  func _deliverNext(_ value: Element) {
    if parent.admits(index) { parent.forwardNext(value) }
  }

  func on(_ event: Event<Element>) {
    guard parent.admits(index) else { return }
    switch event {
    case .next(let value):
      parent.forwardNext(value)
    case .error(let error):
      parent.forwardError(error)
    case .completed:
      parent.forwardCompleted()
    }
  }
}
