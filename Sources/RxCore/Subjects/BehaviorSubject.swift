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
    core = SubjectCore(policy: .latest(value), owner: self)
  }

  /// The current value.
  ///
  /// - Throws: The error the subject terminated with, or `RxError.disposed` once disposed.
  public func value() throws -> Element {
    try core.currentValue()
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

  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Drops every observer and the value; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
