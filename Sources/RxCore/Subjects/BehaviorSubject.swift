/// A subject that holds a current value and sends it to each new subscriber first.
///
/// After termination a new subscriber receives only the terminal event.
public final class BehaviorSubject<Element>: SubjectBase<Element>, SubjectType, Cancelable,
  @unchecked Sendable
{
  public typealias Observer = BehaviorSubject<Element>

  /// A subject whose current value is `value`.
  public init(value: Element) {
    super.init(policy: .latest(value))
  }

  /// The current value.
  ///
  /// - Throws: The error the subject terminated with, or `RxError.disposed` once disposed.
  public func value() throws -> Element {
    try core.currentValue()
  }

  public var isDisposed: Bool { core.isDisposed }

  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Drops every observer and the value; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
