/// Holds one disposable at a time: setting a new one disposes the previous one.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  private struct State {
    var current: Disposable?
    var disposed = false
  }

  // `state` guards the current disposable; disposal happens after the lock is released.
  private let state = LockedValue(State())

  /// An empty serial disposable.
  public init() {}

  public var isDisposed: Bool { state.withLock { $0.disposed } }

  /// The current disposable. Setting it disposes the old one, or the new one when already disposed.
  public var disposable: Disposable {
    get { state.withLock { $0.current } ?? Disposables.create() }
    set {
      let toDispose = state.withLock { state -> Disposable? in
        if state.disposed { return newValue }
        let old = state.current
        state.current = newValue
        return old
      }
      toDispose?.dispose()
    }
  }

  public func dispose() {
    let current = state.withLock { state -> Disposable? in
      if state.disposed { return nil }
      state.disposed = true
      defer { state.current = nil }
      return state.current
    }
    current?.dispose()
  }
}
