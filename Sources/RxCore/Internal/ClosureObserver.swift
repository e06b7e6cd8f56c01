import Synchronization

/// An observer built from closures that enforces the grammar: nothing after the first terminal event.
///
/// Values go to `nextHandler` when there is one, so the last stage of a chain receives them without
/// an `Event` in between.
final class ClosureObserver<Element>: ObserverType, @unchecked Sendable {
  private let traced = TracedResource()
  // The closures are immutable; `stopped` is atomic.
  private let handler: (Event<Element>) -> Void
  private let nextHandler: (Element) -> Void
  private let hasNextHandler: Bool
  private let stopped = Atomic<Bool>(false)

  init(_ handler: @escaping (Event<Element>) -> Void) {
    self.handler = handler
    self.nextHandler = { _ in }
    self.hasNextHandler = false
  }

  init(onNext: @escaping (Element) -> Void, onTerminal: @escaping (Event<Element>) -> Void) {
    self.handler = onTerminal
    self.nextHandler = onNext
    self.hasNextHandler = true
  }

  func _deliverNext(_ element: Element) {
    if stopped.load(ordering: .relaxed) { return }
    if hasNextHandler {
      nextHandler(element)
    } else {
      deliverWrapped(element)
    }
  }

  @inline(never)
  private func deliverWrapped(_ element: Element) {
    handler(.next(element))
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      _deliverNext(element)
    case .error, .completed:
      if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
      handler(event)
    }
  }
}
