import Dispatch
import EONETKit
import Foundation
import RxCore

/// What the user has seen, kept across runs: the UI marks events new or updated against it.
///
/// On the very first launch (no state file yet, or a damaged one) everything the first refresh
/// brings counts as seen, so the user is not met by a wall of "new"; from then on, events that
/// arrive are new until opened (or their category is marked seen). Writes go to a serial
/// background queue, in order; ``flush()`` waits for them (the app calls it on the way out).
public final class SeenTracker: @unchecked Sendable {
  // `stored` is a thread-safe relay; `pending` and `isLoaded` are guarded by `lock`; `queue`
  // serialises the writes.
  private let stored = BehaviorRelay<SeenState>(value: SeenState())
  private var pending = false
  private var isLoaded = false
  private let lock = NSLock()

  private let file: StateFile<SeenState>?
  private let messages: MessageLog?
  private let queue = DispatchQueue(label: "ourplanet.seen-state")

  /// The seen state.
  public var state: BehaviorRelay<SeenState> {
    load()
    return stored
  }

  /// Whether this run is taking the first-launch baseline.
  public var baselinePending: Bool {
    load()
    return lock.withLock { pending }
  }

  /// A tracker over `file` (`nil`: nothing persisted, as in tests); problems go to `messages`.
  ///
  /// The file is read on first use, not here: the app makes the tracker, then starts loading its
  /// catalog on a background thread, and only then needs the seen state, so the two reads overlap
  /// (at ten times today's data the file holds 56,000 fingerprints).
  public init(file: StateFile<SeenState>?, messages: MessageLog?) {
    self.file = file
    self.messages = messages
    pending = file == nil
    isLoaded = file == nil
  }

  /// A tracker that already has `seen` (tests).
  public init(seen: SeenState) {
    file = nil
    messages = nil
    isLoaded = true
    stored.accept(seen)
  }

  /// Reads the file, the first time only.
  ///
  /// `stored` is set with the lock held: nothing can have subscribed to it yet (subscribing goes
  /// through `state`, which loads first), so no observer runs under the lock. A damaged file's
  /// message goes out after the lock is released.
  private func load() {
    var problem: String?
    lock.withLock {
      guard !isLoaded, let file else { return }
      isLoaded = true
      switch file.read() {
      case .missing:
        pending = true
      case .value(let seen):
        stored.accept(seen)
      case .damaged(let message):
        problem = message
        pending = true
      }
    }
    if let problem { messages?.post(problem) }
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
      lock.withLock { pending = false }
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
