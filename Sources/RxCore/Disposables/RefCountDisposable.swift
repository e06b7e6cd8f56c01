import Synchronization

/// A disposable that disposes its underlying disposable only once it has been disposed itself and
/// every disposable handed out by ``retain()`` has been disposed too.
///
/// Use it when several parties share one resource and the last one to leave must release it:
/// ```swift
/// let shared = RefCountDisposable(disposable: connection)
/// let a = shared.retain()
/// let b = shared.retain()
/// shared.dispose()  // connection stays: a and b still hold it
/// a.dispose()
/// b.dispose()       // connection is disposed now
/// ```
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
  private let traced = TracedResource()
  private struct State {
    /// `nil` once the underlying disposable has been disposed (or is being disposed).
    var underlying: Disposable?
    var primaryDisposed = false
    var retained = 0

    mutating func takeUnderlying() -> Disposable? {
      defer { underlying = nil }
      return underlying
    }
  }

  // `state` guards everything; the underlying disposable is disposed after the lock is released.
  private let state: LockedValue<State>

  /// Wraps `disposable`.
  public init(disposable: Disposable) {
    state = LockedValue(State(underlying: disposable))
  }

  /// `true` once the underlying disposable has been disposed, not merely once `dispose()` was called.
  public var isDisposed: Bool { state.withLock { $0.underlying == nil } }

  /// A disposable that keeps the underlying one alive until it is disposed.
  ///
  /// After the underlying disposable is gone this returns a disposable that does nothing.
  public func retain() -> Disposable {
    let alive = state.withLock { state -> Bool in
      guard state.underlying != nil else { return false }
      state.retained += 1
      return true
    }
    return alive ? RefCountInnerDisposable(parent: self) : Disposables.create()
  }

  /// Marks the primary reference as gone; disposes the underlying disposable if nothing is retained.
  public func dispose() {
    let released = state.withLock { state -> Disposable? in
      guard state.underlying != nil, !state.primaryDisposed else { return nil }
      state.primaryDisposed = true
      return state.retained == 0 ? state.takeUnderlying() : nil
    }
    released?.dispose()
  }

  fileprivate func release() {
    let released = state.withLock { state -> Disposable? in
      guard state.underlying != nil else { return nil }
      if state.retained <= 0 { rxFatalError("RefCountDisposable released more often than retained") }
      state.retained -= 1
      return state.primaryDisposed && state.retained == 0 ? state.takeUnderlying() : nil
    }
    released?.dispose()
  }
}

/// One reference handed out by ``RefCountDisposable/retain()``; releases it on first disposal.
private final class RefCountInnerDisposable: Disposable, Sendable {
  private let traced = TracedResource()
  private let parent: RefCountDisposable
  private let disposed = Atomic<Bool>(false)

  init(parent: RefCountDisposable) { self.parent = parent }

  func dispose() {
    if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
    parent.release()
  }
}
