/// A resource that can be released, such as a subscription.
public protocol Disposable {
  /// Releases the resource. Calling it more than once has no further effect.
  func dispose()
}

/// A disposable that knows whether it was disposed.
public protocol Cancelable: Disposable {
  /// `true` once `dispose()` has been called.
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}
