/// A subject that replays up to a number of past values to each new subscriber, then the terminal
/// event if there was one.
public final class ReplaySubject<Element>: SubjectBase<Element>, SubjectType, Cancelable, @unchecked Sendable
{
  public typealias Observer = ReplaySubject<Element>

  private init(capacity: Int) {
    super.init(policy: .buffer(capacity: capacity))
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

  public var isDisposed: Bool { core.isDisposed }

  public func asObserver() -> ReplaySubject<Element> { self }

  /// Drops every observer and the buffer; later subscribers get `RxError.disposed`.
  public func dispose() { core.dispose() }
}
