/// What every subject shares: its state in a ``SubjectCore``, events in, subscriptions out.
///
/// `PublishSubject`, `BehaviorSubject`, `ReplaySubject` and `AsyncSubject` are final classes on top of
/// it; it is public only because they are, and not open: only RxCore makes subjects of it.
// @unchecked Sendable here and on each subject: all state lives in `core`, which serialises access.
public class SubjectBase<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
  private let traced = TracedResource()
  // Thread-safe by construction: all state lives in `core`, which serialises access. Set once, in
  // `init`, after `super.init()`: the core keeps the subject as its owner.
  var core: SubjectCore<Element>!

  init(policy: SubjectCore<Element>.ReplayPolicy) {
    super.init()
    core = SubjectCore(policy: policy, owner: self)
  }

  /// `true` while at least one observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  public func on(_ event: Event<Element>) { core.on(event) }

  public func _deliverNext(_ element: Element) { core.onNext(element) }

  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }
}
