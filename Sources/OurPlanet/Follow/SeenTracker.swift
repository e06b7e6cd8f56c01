import Dispatch
import EONETKit
import RxCore

/// What the user has seen, kept across runs: the UI marks events new or updated against it.
///
/// On the very first launch (no state file yet, or a damaged one) everything the first refresh
/// brings counts as seen, so the user is not met by a wall of "new"; from then on, events that
/// arrive are new until opened (or their category is marked seen). Writes go to a serial
/// background queue, in order; ``flush()`` waits for them (the app calls it on the way out).
public final class SeenTracker: @unchecked Sendable {
  // `state` is a thread-safe relay; `baselinePending` is only touched on the main thread; `queue`
  // serialises the writes.
  /// The seen state.
  public let state: BehaviorRelay<SeenState>
  /// Whether this run is taking the first-launch baseline.
  public private(set) var baselinePending: Bool

  private let file: StateFile<SeenState>?
  private let messages: MessageLog?
  private let queue = DispatchQueue(label: "ourplanet.seen-state")

  /// A tracker over `file` (`nil`: nothing persisted, as in tests); problems go to `messages`.
  public init(file: StateFile<SeenState>?, messages: MessageLog?) {
    self.file = file
    self.messages = messages
    switch file?.read() ?? .missing {
    case .missing:
      state = BehaviorRelay(value: SeenState())
      baselinePending = true
    case .value(let seen):
      state = BehaviorRelay(value: seen)
      baselinePending = false
    case .damaged(let message):
      messages?.post(message)
      state = BehaviorRelay(value: SeenState())
      baselinePending = true
    }
  }

  /// A tracker that already has `seen` (tests).
  public init(seen: SeenState) {
    file = nil
    messages = nil
    state = BehaviorRelay(value: seen)
    baselinePending = false
  }

  /// Remembers `events` as seen now.
  public func markSeen<Events: Sequence>(_ events: Events) where Events.Element == EOEvent {
    var next = state.value
    next.markSeen(events)
    guard next != state.value else { return }
    state.accept(next)
    save(next)
  }

  /// On the first launch, takes everything in `catalog` as seen, until the first refresh ends.
  public func absorbBaseline(_ catalog: Catalog, online: Bool) {
    guard baselinePending else { return }
    markSeen(catalog.items.lazy.flatMap(\.events))
    let refreshed = catalog.items.contains { $0.source == .live } || !online
    if refreshed && !catalog.isLoading && !catalog.items.isEmpty {
      baselinePending = false
      save(state.value)
    }
  }

  /// Waits until every write so far has reached the disk.
  public func flush() {
    queue.sync {}
  }

  private func save(_ seen: SeenState) {
    guard let file else { return }
    let messages = self.messages
    queue.async {
      if let problem = file.write(seen) { messages?.post(problem) }
    }
  }
}
