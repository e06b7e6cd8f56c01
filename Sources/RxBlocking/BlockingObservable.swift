import RxCore

/// A sequence whose operators block the calling thread until it ends, then return what it produced.
///
/// Make one with ``RxCore/ObservableConvertibleType/toBlocking(timeout:)``. Each operator subscribes
/// anew. Called on the main thread, the wait keeps running the work that `MainScheduler` queues, so a
/// sequence that observes on the main scheduler still ends instead of deadlocking.
///
/// ```swift
/// let first = try Observable.of(1, 2).observe(on: MainScheduler.instance).toBlocking().first()
/// // first == 1
/// ```
public struct BlockingObservable<Element> {
  let timeout: Double?
  let source: Observable<Element>
}
