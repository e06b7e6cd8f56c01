/// A subject that sends each event to the observers subscribed at that moment.
///
/// A subscriber that arrives after termination receives only the terminal event.
public final class PublishSubject<Element>: SubjectBase<Element>, SubjectType, Cancelable, @unchecked Sendable
{
  public typealias Observer = PublishSubject<Element>

  /// A subject with no observers.
  public init() {
    super.init(policy: .none)
  }

  public var isDisposed: Bool { core.isDisposed }

  public func asObserver() -> PublishSubject<Element> { self }

  /// Drops every observer; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
