/// Something that receives the events of an observable sequence.
public protocol ObserverType {
  /// The type of the values this observer receives.
  associatedtype Element

  /// Delivers one event.
  func on(_ event: Event<Element>)
}

extension ObserverType {
  /// Delivers a value.
  @inlinable
  public func onNext(_ element: Element) { on(.next(element)) }

  /// Ends the sequence successfully.
  @inlinable
  public func onCompleted() { on(.completed) }

  /// Ends the sequence with an error.
  @inlinable
  public func onError(_ error: Swift.Error) { on(.error(error)) }
}
