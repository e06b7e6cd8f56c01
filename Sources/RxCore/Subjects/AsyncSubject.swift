/// A subject that sends only its last value, and only once it completes.
///
/// Values are kept, not sent: on completion every observer receives the last value (if there was one)
/// and then the completion. An error is sent on its own, without the value. A subscriber that arrives
/// after termination receives the same: the last value and completion, or the error.
///
/// ```swift
/// let result = AsyncSubject<Int>()
/// result.subscribe(onNext: { print($0) })
/// result.onNext(1)
/// result.onNext(2)
/// result.onCompleted()  // prints 2
/// ```
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable
{
  public typealias Observer = AsyncSubject<Element>

  // Thread-safe by construction: all state lives in `core`, which serialises access.
  private var core: SubjectCore<Element>!

  /// A subject with no observers and no value.
  public override init() {
    super.init()
    core = SubjectCore(policy: .lastOnCompletion, owner: self)
  }

  /// `true` while at least one observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  public func on(_ event: Event<Element>) { core.on(event) }

  public func _deliverNext(_ element: Element) { core.onNext(element) }

  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  public func asObserver() -> AsyncSubject<Element> { self }
}
