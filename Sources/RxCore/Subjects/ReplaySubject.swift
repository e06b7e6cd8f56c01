/// A subject that replays up to a number of past values to each new subscriber, then the terminal
/// event if there was one.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  @unchecked Sendable
{
  public typealias Observer = ReplaySubject<Element>

  // Thread-safe by construction: all state lives in `core`, which serialises access.
  private var core: SubjectCore<Element>!

  private init(capacity: Int) {
    super.init()
    core = SubjectCore(policy: .buffer(capacity: capacity), owner: self)
  }

  /// A subject that replays the last `bufferSize` values.
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    ReplaySubject(capacity: bufferSize)
  }

  /// A subject that replays every value (RxSwift's name).
  public static func createUnbound() -> ReplaySubject<Element> {
    ReplaySubject(capacity: Int.max)
  }

  /// A subject that replays every value; the same as ``createUnbound()``.
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(capacity: Int.max)
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

  public func asObserver() -> ReplaySubject<Element> { self }

  /// Drops every observer and the buffer; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
