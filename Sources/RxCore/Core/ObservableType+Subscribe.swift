extension ObservableType {
  /// Subscribes a closure that receives every event.
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    subscribe(ClosureObserver(on))
  }

  /// Subscribes closures for values, errors, completion and disposal.
  ///
  /// `onDisposed` runs once, after the sequence terminates or the subscription is disposed.
  /// Example:
  /// ```swift
  /// Observable.of(1, 2).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// ```
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let disposedHook: Cancelable? = onDisposed.map { Disposables.create(with: $0) }
    let observer = ClosureObserver<Element>(onNext: onNext ?? { _ in }) { event in
      switch event {
      case .next(let value):
        onNext?(value)
      case .error(let error):
        if let onError {
          onError(error)
        } else {
          Hooks.defaultErrorHandler(error)
        }
        disposedHook?.dispose()
      case .completed:
        onCompleted?()
        disposedHook?.dispose()
      }
    }
    let subscription = asObservable().subscribe(observer)
    if let disposedHook {
      return Disposables.create(subscription, disposedHook)
    }
    return subscription
  }

  /// Like ``subscribe(onNext:onError:onCompleted:onDisposed:)``, passing `object` to each closure without
  /// retaining it; events stop once `object` is gone.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onNext: { [weak object] value in
        guard let object else { return }
        onNext?(object, value)
      },
      onError: { [weak object] error in
        guard let object else { return }
        onError?(object, error)
      },
      onCompleted: { [weak object] in
        guard let object else { return }
        onCompleted?(object)
      },
      onDisposed: { [weak object] in
        guard let object else { return }
        onDisposed?(object)
      })
  }
}

/// Global hooks.
public enum Hooks {
  /// Called for an error no `onError` handles. Prints it by default.
  public nonisolated(unsafe) static var defaultErrorHandler: (Swift.Error) -> Void = { error in
    print("Unhandled error happened: \(error)")
  }
}
