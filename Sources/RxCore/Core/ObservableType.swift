/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType {
  /// The type of the values of the sequence.
  associatedtype Element

  /// The observable sequence this value represents.
  func asObservable() -> Observable<Element>
}

/// A push-based sequence of values that observers subscribe to.
public protocol ObservableType: ObservableConvertibleType {
  /// Starts delivering events to `observer`.
  ///
  /// - Returns: A disposable that stops the delivery and releases the resources of the subscription.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element
}

extension ObservableType {
  /// Erases the type of this sequence to an ``Observable``.
  public func asObservable() -> Observable<Element> {
    Observable.create { observer in self.subscribe(observer) }
  }
}
