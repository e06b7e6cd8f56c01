import Synchronization

/// The base of every operator: subscribing creates a sink that does the operator's work.
///
/// A top-level subscription runs inside a ``CurrentThreadScheduler`` trampoline so that work the
/// sources schedule on the current thread runs in RxSwift's order and without stack growth.
@usableFromInline
class Producer<Element>: Observable<Element> {
  override init() {}

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    if CurrentThreadScheduler.isScheduleRequired {
      return CurrentThreadScheduler.runTrampoline { subscribeNow(observer) }
    }
    return subscribeNow(observer)
  }

  private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let disposer = SinkDisposer()
    let (sink, subscription) = run(observer, cancel: disposer)
    disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
    return disposer
  }

  /// Creates the sink for `observer` and subscribes it to the sources.
  ///
  /// - Returns: The sink and the subscription to the sources; `cancel` disposes both.
  func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Element {
    rxAbstractMethod()
  }
}

/// Disposes a sink and its subscription together, even when the sink terminates (and asks to be
/// disposed) before `run` has returned them.
final class SinkDisposer: Cancelable, @unchecked Sendable {
  private static let disposedBit = 1
  private static let assignedBit = 2

  // `sink` and `subscription` are written once before `assignedBit` is published and read only by the
  // single caller that observes both bits; that ordering is what keeps them apart, so the dynamic
  // exclusivity checks (a thread-local lookup each, on every subscription) are skipped.
  private let bits = Atomic<Int>(0)
  @exclusivity(unchecked) private var sink: Disposable?
  @exclusivity(unchecked) private var subscription: Disposable?

  var isDisposed: Bool { bits.load(ordering: .acquiring) & Self.disposedBit != 0 }

  func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
    self.sink = sink
    self.subscription = subscription
    let previous = bits.bitwiseOr(Self.assignedBit, ordering: .acquiringAndReleasing).oldValue
    precondition(previous & Self.assignedBit == 0, "RxCore: sink assigned twice")
    if previous & Self.disposedBit != 0 {
      disposeParts()
    }
  }

  func dispose() {
    let previous = bits.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
    if previous & Self.disposedBit != 0 { return }
    if previous & Self.assignedBit != 0 {
      disposeParts()
    }
  }

  private func disposeParts() {
    let sink = self.sink
    let subscription = self.subscription
    self.sink = nil
    self.subscription = nil
    sink?.dispose()
    subscription?.dispose()
  }
}
