/// A subject that holds a current value and sends it to each new subscriber first.
///
/// After termination a new subscriber receives only the terminal event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  @unchecked Sendable
{
  public typealias Observer = BehaviorSubject<Element>

  // Thread-safe by construction: all state lives in `core`, which serialises access.
  private var core: SubjectCore<Element>!

  /// A subject whose current value is `value`.
  public init(value: Element) {
    super.init()
    core = SubjectCore(policy: .latest, initial: value, owner: self)
  }

  /// The current value.
  ///
  /// - Throws: The error the subject terminated with, or `RxError.disposed` once disposed.
  public func value() throws -> Element {
    let snapshot = core.snapshot
    if snapshot.isDisposed { throw RxError.disposed(object: self) }
    if case .error(let error) = snapshot.stoppedEvent { throw error }
    guard let latest = snapshot.latest else { throw RxError.disposed(object: self) }
    return latest
  }

  /// `true` while at least one observer is subscribed.
  public var hasObservers: Bool { core.snapshot.observerCount > 0 }

  public var isDisposed: Bool { core.snapshot.isDisposed }

  public func on(_ event: Event<Element>) { core.on(event) }

  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Drops every observer and the value; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
