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

/// Lets an `@escaping` closure or a value cross into Dispatch, which requires `Sendable`.
///
/// RxCore, like RxSwift, does not require user closures to be `Sendable`: the scheduler's contract
/// (one action at a time per serial scheduler) is what keeps them safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
