import Synchronization

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
    let callStack = Hooks.subscriptionCallStack()
    let observer = ClosureObserver<Element>(onNext: onNext ?? { _ in }) { event in
      switch event {
      case .next(let value):
        onNext?(value)
      case .error(let error):
        if let onError {
          onError(error)
        } else {
          Hooks.defaultErrorHandler(callStack, error)
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
      onNext: weakly(object, onNext),
      onError: weakly(object, onError),
      onCompleted: weakly(object, onCompleted),
      onDisposed: weakly(object, onDisposed))
  }
}

/// Global hooks.
public enum Hooks {
  /// Receives an error no handler took, with the call stack of the subscription that failed.
  public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
  /// Returns the current call stack, one frame a line.
  public typealias CustomCaptureSubscriptionCallstack = () -> [String]

  // Read by every `subscribe` on any thread, so the flag is atomic and the closures sit behind a lock.
  private static let recording = Atomic<Bool>(false)
  // `@unchecked Sendable`: RxSwift's handler types are plain closures; they are stored and read only
  // under `handlers`' lock, and RxSwift documents them as callable from any thread.
  private struct Handlers: @unchecked Sendable {
    var defaultError: DefaultErrorHandler = { callStack, error in
      let origin =
        callStack.isEmpty ? "" : "\nsubscription called from:\n" + callStack.joined(separator: "\n")
      print("Unhandled error happened: \(error)\(origin)")
    }
    var captureCallStack: CustomCaptureSubscriptionCallstack = { [] }
  }
  private static let handlers = LockedValue(Handlers())

  /// Whether `subscribe` records its call stack (with ``customCaptureSubscriptionCallstack``) so that
  /// ``defaultErrorHandler`` can say where a failing subscription was made. Off by default: it costs a
  /// capture per subscription.
  public static var recordCallStackOnError: Bool {
    get { recording.load(ordering: .relaxed) }
    set { recording.store(newValue, ordering: .relaxed) }
  }

  /// Called for an error no `onError` (or `onFailure`) handles. Prints it, with the subscription's call
  /// stack when one was recorded.
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { handlers.withLock { $0.defaultError } }
    set { handlers.withLock { $0.defaultError = newValue } }
  }

  /// Captures the call stack for ``recordCallStackOnError``. RxCore imports only `FoundationEssentials`,
  /// which has no `Thread`, so by default it captures nothing; set it to, for example,
  /// `{ Thread.callStackSymbols }`.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { handlers.withLock { $0.captureCallStack } }
    set { handlers.withLock { $0.captureCallStack = newValue } }
  }

  /// The call stack to hand to ``defaultErrorHandler`` for a subscription made now.
  static func subscriptionCallStack() -> [String] {
    recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
  }
}
