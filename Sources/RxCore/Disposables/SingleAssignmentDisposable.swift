import Synchronization

/// A disposable whose inner disposable is set once, possibly after it was disposed.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  private struct State {
    var inner: Disposable?
    var assigned = false
    var disposed = false
  }

  // `state` guards the inner disposable; it is disposed after the lock is released.
  private let state = LockedValue(State())

  /// An unassigned disposable.
  public init() {}

  public var isDisposed: Bool { state.withLock { $0.disposed } }

  /// Sets the inner disposable; disposes it at once when this one was already disposed.
  ///
  /// Setting it twice is a programming error and traps.
  public func setDisposable(_ disposable: Disposable) {
    let disposeNow = state.withLock { state -> Bool in
      if state.assigned { rxFatalError("SingleAssignmentDisposable assigned twice") }
      state.assigned = true
      if state.disposed { return true }
      state.inner = disposable
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  public func dispose() {
    let inner = state.withLock { state -> Disposable? in
      if state.disposed { return nil }
      state.disposed = true
      defer { state.inner = nil }
      return state.inner
    }
    inner?.dispose()
  }
}
