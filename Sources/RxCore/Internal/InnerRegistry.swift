/// The running inner subscriptions of a sink, so that disposing the sink from any thread reaches them.
///
/// Not generic: the sinks that use it run unspecialised for the user's types, where a generic registry
/// (or an array of a generic observer type) costs runtime metadata lookups and unspecialised array code
/// on every inner subscription; this one is compiled once, for ``InnerSubscription``.
final class InnerRegistry: @unchecked Sendable {
  // `inners`, `closed` and every registered inner's `slot` are only touched under `lock`, never across
  // a call out, so the dynamic exclusivity checks are skipped.
  private let lock = Lock()
  @exclusivity(unchecked) private var inners: ContiguousArray<InnerSubscription> = []
  @exclusivity(unchecked) private var closed = false

  init() {}

  /// Adds `inner`.
  ///
  /// - Returns: `false` when the registry was closed, in which case `inner` was not added.
  func register(_ inner: InnerSubscription) -> Bool {
    lock.withLock {
      if closed { return false }
      inner.slot = inners.count
      inners.append(inner)
      return true
    }
  }

  /// Removes `inner` if it is registered (in O(1): the last one takes its slot).
  func unregister(_ inner: InnerSubscription) {
    lock.withLock {
      let slot = inner.slot
      if closed || slot < 0 { return }
      let last = inners.removeLast()
      if last !== inner {
        inners[slot] = last
        last.slot = slot
      }
      inner.slot = -1
    }
  }

  /// Closes the registry for good and hands back what was registered, for the caller to finish.
  ///
  /// - Returns: The registered inners, or none when it was already closed.
  func close() -> ContiguousArray<InnerSubscription> {
    lock.withLock {
      if closed { return [] }
      closed = true
      defer { inners = [] }
      return inners
    }
  }
}
