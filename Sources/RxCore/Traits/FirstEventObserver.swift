import Synchronization

/// Passes the first event it receives to `handler` and drops everything after it.
///
/// The subscribers of ``Single`` and ``Maybe`` end at their value: the completion that follows it
/// belongs to the source's grammar, not to the trait's event.
final class FirstEventObserver<Element>: ObserverType, @unchecked Sendable {
  // `handler` is immutable; `stopped` is atomic.
  private let stopped = Atomic<Bool>(false)
  private let handler: (Event<Element>) -> Void

  init(_ handler: @escaping (Event<Element>) -> Void) { self.handler = handler }

  func on(_ event: Event<Element>) {
    if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
    handler(event)
  }
}

/// The source behind ``Single``'s and ``Maybe``'s `create`: each subscription runs `subscribe`, whose
/// callback reports the one outcome: a value (sent, then completion), an error, or completion alone.
func outcomeSource<Element>(
  _ subscribe: @escaping (@escaping (MaybeEvent<Element>) -> Void) -> Disposable
) -> Observable<Element> {
  AnonymousObservable { observer in
    subscribe { outcome in
      switch outcome {
      case .success(let element):
        observer.onNext(element)
        observer.onCompleted()
      case .error(let error):
        observer.onError(error)
      case .completed:
        observer.onCompleted()
      }
    }
  }
}

/// The plumbing of the traits' `subscribe(on…:onDisposed:)`: subscribes closures for the first event
/// of `source`, then runs `onDisposed` right after the one that handled it (or when the subscription
/// is disposed first, whichever comes first, once).
///
/// An error with no `onError` goes to ``Hooks/defaultErrorHandler``, with the call stack of this
/// subscription when ``Hooks/recordCallStackOnError`` is set.
/// - Returns: The subscription and the `onDisposed` hook in one disposable.
func subscribeFirstEvent<Element>(
  _ source: Observable<Element>,
  onValue: ((Element) -> Void)?,
  onError: ((Swift.Error) -> Void)?,
  onCompleted: (() -> Void)?,
  onDisposed: (() -> Void)?
) -> Disposable {
  let disposedHook: Cancelable? = onDisposed.map { Disposables.create(with: $0) }
  let callStack = Hooks.subscriptionCallStack()
  let subscription = source.subscribe(
    FirstEventObserver { event in
      switch event {
      case .next(let element):
        onValue?(element)
      case .error(let error):
        if let onError {
          onError(error)
        } else {
          Hooks.defaultErrorHandler(callStack, error)
        }
      case .completed:
        onCompleted?()
      }
      disposedHook?.dispose()
    })
  guard let disposedHook else { return subscription }
  return Disposables.create(subscription, disposedHook)
}
