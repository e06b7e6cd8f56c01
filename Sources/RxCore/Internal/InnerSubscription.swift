import Synchronization

/// The subscription of one inner sequence, assigned once after `subscribe` returns.
///
/// `state` is 0 while `subscribe` is running, 1 once the subscription is stored, 2 once finished or
/// disposed. The subscription is written before the 0 → 1 transition (releasing) and read only by the
/// one caller that moves 1 → 2 (acquiring), so it needs no lock.
class InnerSubscription: Disposable {
  private static let subscribing = 0
  private static let attached = 1
  private static let finished = 2

  private let state = Atomic<Int>(0)
  private var subscription: Disposable?

  init() {}

  /// Stores the subscription `subscribe` returned.
  ///
  /// - Returns: `true` when the inner sequence is still running; `false` when it already finished or
  ///   was disposed, in which case `subscription` has been disposed.
  @discardableResult
  final func attach(_ subscription: Disposable) -> Bool {
    self.subscription = subscription
    if state.compareExchange(
      expected: Self.subscribing, desired: Self.attached, ordering: .acquiringAndReleasing
    ).exchanged {
      return true
    }
    self.subscription = nil
    subscription.dispose()
    return false
  }

  /// Marks the inner sequence finished and disposes its subscription if it was attached.
  ///
  /// - Returns: `false` when it had already been finished or disposed.
  @discardableResult
  final func finish() -> Bool {
    let previous = state.exchange(Self.finished, ordering: .acquiringAndReleasing)
    if previous == Self.attached {
      let subscription = self.subscription
      self.subscription = nil
      subscription?.dispose()
    }
    return previous != Self.finished
  }

  /// `true` once the subscription is stored and until it is finished.
  final var isAttached: Bool { state.load(ordering: .acquiring) == Self.attached }

  final func dispose() { finish() }
}
