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

  // Ordered by `state` as described above (and `slot` by the registry's lock), so the dynamic
  // exclusivity checks, a thread-local lookup each on every inner sequence, are skipped.
  private let state = Atomic<Int>(0)
  @exclusivity(unchecked) private var subscription: Disposable?
  /// The index in the owner's ``InnerRegistry``, or -1; guarded by the registry's lock.
  @exclusivity(unchecked) final var slot = -1

  init() {}

  /// Stores the subscription `subscribe` returned.
  ///
  /// - Returns: `true` when the inner sequence is still running; `false` when it already finished or
  ///   was disposed, in which case `subscription` has been disposed.
  @discardableResult
  final func attach(_ subscription: Disposable) -> Bool {
    // An inner sequence that ended during its subscription (`just`, `empty`) is the common case of
    // `flatMap`: skip storing an existential only to take it out again.
    if state.load(ordering: .acquiring) == Self.finished {
      subscription.dispose()
      return false
    }
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

  /// Makes a finished inner subscription ready for another inner sequence.
  ///
  /// Only for an object nothing else references (a finished one holds no subscription and no slot).
  final func reset() {
    state.store(Self.subscribing, ordering: .releasing)
  }

  /// `true` once the subscription is stored and until it is finished.
  final var isAttached: Bool { state.load(ordering: .acquiring) == Self.attached }

  final func dispose() { finish() }
}
