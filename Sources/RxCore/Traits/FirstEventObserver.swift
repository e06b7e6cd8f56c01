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

/// The disposable a trait's `subscribe(on…:onDisposed:)` returns: the subscription and the `onDisposed`
/// hook, which also runs as soon as the trait's event has been handled.
func traitSubscription(_ subscription: Disposable, _ disposedHook: Cancelable?) -> Disposable {
  guard let disposedHook else { return subscription }
  return Disposables.create(subscription, disposedHook)
}
