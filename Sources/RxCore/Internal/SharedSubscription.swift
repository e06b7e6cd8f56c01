import Synchronization

/// A subscription that an operator shares with the sequences it hands out (the windows of `window`,
/// the groups of `groupBy`): it is disposed once the operator's own subscriber has let go *and* every
/// handle taken with ``retain()`` has been disposed.
///
/// This is how a window or a group keeps the source running after the outer sequence was disposed, for
/// as long as someone is subscribed to it.
/// ```swift
/// let shared = SharedSubscription(sourceSubscription)
/// let handle = shared.retain()  // a window is subscribed
/// shared.dispose()              // the outer subscription ends: the source keeps running
/// handle.dispose()              // the last window subscription ends: the source is disposed
/// ```
final class SharedSubscription: Cancelable, @unchecked Sendable {
  private struct State {
    /// `nil` once disposed for good.
    var subscription: Disposable?
    var ownerReleased = false
    var handles = 0

    mutating func takeSubscription() -> Disposable? {
      defer { subscription = nil }
      return subscription
    }
  }

  // Every access to the state goes through its lock; the subscription is disposed outside it.
  private let state: LockedValue<State>

  init(_ subscription: Disposable) {
    state = LockedValue(State(subscription: subscription))
  }

  /// `true` once the underlying subscription has been disposed.
  var isDisposed: Bool { state.withLock { $0.subscription == nil } }

  /// A handle that keeps the subscription alive until it is disposed; a no-op once the subscription is
  /// gone.
  func retain() -> Disposable {
    let retained = state.withLock { state -> Bool in
      guard state.subscription != nil else { return false }
      state.handles += 1
      return true
    }
    return retained ? Handle(self) : Disposables.create()
  }

  /// Lets go on behalf of the owner; the subscription is disposed now if no handle holds it.
  func dispose() {
    let released = state.withLock { state -> Disposable? in
      guard !state.ownerReleased else { return nil }
      state.ownerReleased = true
      return state.handles == 0 ? state.takeSubscription() : nil
    }
    released?.dispose()
  }

  fileprivate func release() {
    let released = state.withLock { state -> Disposable? in
      guard state.subscription != nil else { return nil }
      precondition(state.handles > 0, "RxCore: shared subscription released more often than retained")
      state.handles -= 1
      return state.ownerReleased && state.handles == 0 ? state.takeSubscription() : nil
    }
    released?.dispose()
  }

  /// One retained handle; disposing it more than once releases once.
  private final class Handle: Disposable, Sendable {
    private let parent: SharedSubscription
    private let released = Atomic<Bool>(false)

    init(_ parent: SharedSubscription) { self.parent = parent }

    func dispose() {
      if !released.exchange(true, ordering: .acquiringAndReleasing) { parent.release() }
    }
  }
}
