import Synchronization

/// An observer built from a closure that enforces the grammar: nothing after the first terminal event.
final class ClosureObserver<Element>: ObserverType, @unchecked Sendable {
  // `handler` is immutable; `stopped` is atomic.
  private let handler: (Event<Element>) -> Void
  private let stopped = Atomic<Bool>(false)

  init(_ handler: @escaping (Event<Element>) -> Void) { self.handler = handler }

  func on(_ event: Event<Element>) {
    switch event {
    case .next:
      if stopped.load(ordering: .relaxed) { return }
      handler(event)
    case .error, .completed:
      if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
      handler(event)
    }
  }
}
