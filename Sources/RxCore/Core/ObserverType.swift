/// Something that receives the events of an observable sequence.
public protocol ObserverType {
  /// The type of the values this observer receives.
  associatedtype Element

  /// Delivers one event.
  func on(_ event: Event<Element>)

  /// Delivers a value; the same as `on(.next(element))`.
  ///
  /// An implementation detail with a default: RxCore's own operators implement it so that values
  /// pass between them without being wrapped in an ``Event``, which in unspecialised generic code
  /// costs a type-metadata lookup per value. Conformers never need to implement it.
  func _deliverNext(_ element: Element)
}

extension ObserverType {
  public func _deliverNext(_ element: Element) { on(.next(element)) }

  /// Delivers a value.
  @inlinable
  public func onNext(_ element: Element) { _deliverNext(element) }

  /// Ends the sequence successfully.
  @inlinable
  public func onCompleted() { on(.completed) }

  /// Ends the sequence with an error.
  @inlinable
  public func onError(_ error: Swift.Error) { on(.error(error)) }
}
