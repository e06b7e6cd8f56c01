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
public final class AsyncSubject<Element>: SubjectBase<Element>, SubjectType, @unchecked Sendable {
  public typealias Observer = AsyncSubject<Element>

  /// A subject with no observers and no value.
  public init() {
    super.init(policy: .lastOnCompletion)
  }

  public func asObserver() -> AsyncSubject<Element> { self }
}
