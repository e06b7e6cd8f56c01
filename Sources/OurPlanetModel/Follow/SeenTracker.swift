import Dispatch
import EONETKit
import Foundation
import RxCore
import Support

/// What the user has seen, kept across runs: the UI marks events new or updated against it.
///
/// The baseline is taken per category: until a category has loaded from the network once (from
/// storage when offline), everything it shows counts as seen, so the user is not met by a wall of
/// "new" on the first launch, nor by one the first time a category that was failing loads; from
/// then on, its events that arrive are new until opened (or their category is marked seen). Writes
/// go to a serial background queue, in order, each merged with the file under a lock, so two
/// instances on one folder never lose each other's marks; ``flush()`` waits for them (the app calls
/// it on the way out).
package final class SeenTracker: Sendable {
  // `stored` is a thread-safe relay; `isLoaded` is the package's lock box; `queue` serialises the writes.
  private let stored = BehaviorRelay<SeenState>(value: SeenState(baseline: []))
  private let isLoaded: LockedValue<Bool>

  private let file: StateFile<SeenState>?
  private let messages: MessageLog?
  private let queue: DispatchQueue

  /// The seen state.
  package var state: BehaviorRelay<SeenState> {
    load()
    return stored
  }

  /// Whether no category is in the baseline yet (the first launch, until a category loads).
  package var baselinePending: Bool {
    state.value.baseline?.isEmpty ?? false
  }

  /// A tracker over `file` (`nil`: nothing persisted, as in tests); problems go to `messages`.
  ///
  /// The file is read on first use, not here: the app makes the tracker, then starts loading its
  /// catalog on a background thread, and only then needs the seen state, so the two reads overlap
  /// (at ten times today's data the file holds 56,000 fingerprints).
  ///
  /// - Parameters:
  ///   - file: Where the state persists.
  ///   - messages: Where problems go.
  ///   - writes: A serial queue for the writes; the composition root picks its priority.
  package init(
    file: StateFile<SeenState>?, messages: MessageLog?,
    writes: DispatchQueue = DispatchQueue(label: "ourplanet.seen-state", qos: .utility)
  ) {
    self.file = file
    self.messages = messages
    queue = writes
    isLoaded = LockedValue(file == nil)
  }

  /// A tracker that already has `seen` (tests).
  package init(seen: SeenState) {
    file = nil
    queue = DispatchQueue(label: "ourplanet.seen-state")
    messages = nil
    isLoaded = LockedValue(true)
    stored.accept(seen)
  }

  /// Reads the file, the first time only.
  ///
  /// `stored` is set with the lock held: nothing can have subscribed to it yet (subscribing goes
  /// through `state`, which loads first), so no observer runs under the lock. A damaged file's
  /// message goes out after the lock is released.
  private func load() {
    var problem: String?
    isLoaded.withLock { isLoaded in
      guard !isLoaded, let file else { return }
      isLoaded = true
      switch file.read() {
      case .missing:
        break
      case .value(let seen):
        stored.accept(seen)
      case .damaged(let message):
        problem = message
      }
    }
    if let problem { messages?.post(problem) }
  }

  /// Remembers `events` as seen now.
  package func markSeen<Events: Sequence>(_ events: Events) where Events.Element == EOEvent {
    var next = state.value
    next.markSeen(events)
    guard next != state.value else { return }
    state.accept(next)
    save(next)
  }

  /// Takes everything a category not yet in the baseline shows as seen; a category enters the
  /// baseline once it has loaded from the network (from storage when offline). In a window up to
  /// now (`days` given, the catalog not a past range), each loaded category is also looked at
  /// (``SeenState/look(category:events:windowStart:)``): what the window shows outside every
  /// window looked at before is history, taken as seen, so widening it makes nothing new.
  ///
  /// A category shown only from the cache or the bundled snapshot, or failing, stays out: its
  /// events count as seen meanwhile, and the first time it loads, what it brings is seen too.
  package func absorbBaseline(_ catalog: Catalog, online: Bool, days: Int? = nil) {
    let current = state.value
    guard let baseline = current.baseline else { return }
    var next = current
    var changed = false
    let loaded = catalog.items.filter { $0.state == .done && ($0.source == .live || !online) }
    if let days, catalog.rangeEnd == nil, let end = catalog.windowEnd {
      let start = EventWindow(days: days).start(before: end)
      for item in loaded {
        let shown = item.events(inLast: days, endingAt: end)
        if next.look(category: item.category.id, events: shown, windowStart: start) { changed = true }
      }
    }
    let inBaseline = next.baseline ?? baseline
    let outside = catalog.items.filter { !inBaseline.contains($0.category.id) }
    // Only what differs is marked: a category failing for days is looked at on every catalog.
    let unseen = outside.flatMap { $0.events.filter { next.change(of: $0) != nil } }
    let entering = loaded.map(\.category.id).filter { !inBaseline.contains($0) }
    guard changed || !unseen.isEmpty || !entering.isEmpty else { return }
    next.markSeen(unseen)
    next.baseline = inBaseline.union(entering)
    state.accept(next)
    save(next)
  }

  /// Takes each category's baseline from `catalogs` as they arrive, until disposed; with `days`,
  /// also records each look at the window (``absorbBaseline(_:online:days:)``), again whenever the
  /// window's length changes.
  ///
  /// Subscribe before anything that shows the catalog: observers of a shared stream hear each
  /// value in the order they subscribed, so no frame counts as new what the first refresh brought.
  ///
  /// - Parameters:
  ///   - catalogs: The catalog as it changes.
  ///   - online: Whether the catalog can come from the network (else storage counts as loaded).
  ///   - days: The window's length as it changes (`nil`: looks are not recorded).
  package func follow(_ catalogs: Observable<Catalog>, online: Bool, days: Observable<Int>? = nil)
    -> Disposable
  {
    guard let days else {
      return catalogs.subscribe(onNext: { [weak self] catalog in
        self?.absorbBaseline(catalog, online: online)
      })
    }
    return Observable.combineLatest(catalogs, days.distinctUntilChanged())
      .subscribe(onNext: { [weak self] catalog, days in
        self?.absorbBaseline(catalog, online: online, days: days)
      })
  }

  /// Waits until every write so far has reached the disk.
  package func flush() {
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
