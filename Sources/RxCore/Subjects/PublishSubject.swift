/// A subject that sends each event to the observers subscribed at that moment.
///
/// A subscriber that arrives after termination receives only the terminal event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  @unchecked Sendable
{
  public typealias Observer = PublishSubject<Element>

  // Thread-safe by construction: all state lives in `core`, which serialises access.
  private var core: SubjectCore<Element>!

  /// A subject with no observers.
  public override init() {
    super.init()
    core = SubjectCore(policy: .none, owner: self)
  }

  /// `true` while at least one observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  public var isDisposed: Bool { core.isDisposed }

  public func on(_ event: Event<Element>) { core.on(event) }

  public func _deliverNext(_ element: Element) { core.onNext(element) }

  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  public func asObserver() -> PublishSubject<Element> { self }

  /// Drops every observer; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
