import Synchronization

/// An action waiting in a scheduler's queue; disposing it before it runs cancels it.
final class ScheduledItem: Cancelable, @unchecked Sendable {
  // `action` is read once by `invoke`, on the scheduler's thread; `result` is behind its own lock.
  private var action: (() -> Disposable)?
  private let result = SingleAssignmentDisposable()

  init(_ action: @escaping () -> Disposable) { self.action = action }

  var isDisposed: Bool { result.isDisposed }

  func invoke() {
    guard !result.isDisposed, let action else { return }
    self.action = nil
    result.setDisposable(action())
  }

  func dispose() { result.dispose() }
}
