import Synchronization

/// The shared machinery of the subjects: the observer list, the terminal state and what a new
/// subscriber is replayed.
///
/// Delivery goes through one ``SerialGate``, so events from many threads reach observers one at a time
/// and a subscriber's replay never interleaves with a concurrent event; observers are called with no
/// lock held. The hot path (`onNext` with the gate free) is one compare-and-swap in, one short lock to
/// read the observer list and record the value, and one compare-and-swap out, with no allocation and no
/// `Event` wrapping.
final class SubjectCore<Element>: @unchecked Sendable {
  enum ReplayPolicy {
    case none
    case latest(Element)
    case buffer(capacity: Int)
    /// Keeps the last value and sends it, then completion, only when the subject completes (an async
    /// subject); values are never sent as they arrive.
    case lastOnCompletion
  }

  private enum Message {
    case event(Event<Element>)
    case attach(SubjectObserverBox)
  }

  private let gate = SerialGate<Message>()
  /// The subject this core belongs to, named in `RxError.disposed`.
  ///
  /// `unowned(unsafe)`: no reference count traffic, no side table, and no retain cycle with the subject,
  /// which holds the core strongly. The core can outlive its subject (a subscription's `detach` closure
  /// holds the core), so `owner` may dangle; it is safe because it is read only (1) from the subject's
  /// own methods (`currentValue()` through `BehaviorSubject.value()`), whose caller keeps the subject
  /// alive, and (2) from gate handlers (`attach`), which run either on a thread inside one of the
  /// subject's methods or on the gate's owning thread before it leaves the gate, and that thread, too,
  /// is inside one of the subject's methods (`on`, `onNext`, `subscribe`), since only those take the
  /// gate. Do not read it anywhere else, nor from `detach` or `dispose` of a subscription.
  private unowned(unsafe) let owner: AnyObject

  // Everything below is guarded by `lock`; it is written by the gate's owner (and by `dispose` and
  // `detach` from any thread) and read from any thread. The lock already makes every access exclusive,
  // so the runtime's dynamic exclusivity check (a thread-local access set, about a tenth of an event's
  // time through a subject) is switched off for these.
  private let lock = Lock()
  @exclusivity(unchecked) private var observers: [SubjectObserverBox] = []
  @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
  @exclusivity(unchecked) private var stopped = false
  @exclusivity(unchecked) private var disposed = false
  private let latest: LatestValue<Element>?
  private let replay: ReplayBuffer<Element>?
  private let last: LastValue<Element>?

  init(policy: ReplayPolicy, owner: AnyObject) {
    self.owner = owner
    switch policy {
    case .none:
      latest = nil
      replay = nil
      last = nil
    case .latest(let value):
      latest = LatestValue(value)
      replay = nil
      last = nil
    case .buffer(let capacity):
      latest = nil
      replay = ReplayBuffer(capacity: capacity)
      last = nil
    case .lastOnCompletion:
      latest = nil
      replay = nil
      last = LastValue()
    }
  }

  // MARK: Readers

  var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  var isDisposed: Bool { lock.withLock { disposed } }

  /// The current value of a behaviour subject, or why there is none.
  func currentValue() throws -> Element {
    try lock.withLock { () throws -> Element in
      if disposed { throw RxError.disposed(object: owner) }
      if case .error(let error) = stoppedEvent { throw error }
      guard let latest else { throw RxError.noElements }
      return latest.value
    }
  }

  // MARK: Events

  @inline(__always)
  func onNext(_ value: Element) {
    gate.send(.event(.next(value)), to: handle) { deliverNext(value) }
  }

  func on(_ event: Event<Element>) {
    if case .next(let value) = event {
      onNext(value)
    } else {
      gate.send(.event(event), to: handle)
    }
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(.next(let value)): deliverNext(value)
    case .event(let terminal): deliverTerminal(terminal)
    case .attach(let box): attach(box)
    }
  }

  // Observers are reached through untyped boxes with a pointer to the value (see
  // `SubjectObserverBox` for why that is sound).
  private func deliverNext(_ value: Element) {
    let targets = lock.withLock { () -> [SubjectObserverBox]? in
      if stopped || disposed { return nil }
      if let last {
        last.store(value)
        return nil
      }
      latest?.value = value
      replay?.append(value)
      return observers
    }
    guard let targets, !targets.isEmpty else { return }
    withUnsafePointer(to: value) { pointer in
      let raw = UnsafeRawPointer(pointer)
      for target in targets { target.deliverNext(raw) }
    }
  }

  private func deliverTerminal(_ event: Event<Element>) {
    let delivery = lock.withLock { () -> (targets: [SubjectObserverBox], value: Element?)? in
      if stopped || disposed { return nil }
      stopped = true
      stoppedEvent = event
      defer { observers = [] }
      if case .completed = event, let value = last?.value { return (observers, value) }
      return (observers, nil)
    }
    guard let (targets, value) = delivery else { return }
    // An async subject's value reaches every observer before completion reaches any, as in RxSwift.
    if let value {
      withUnsafePointer(to: value) { pointer in
        let raw = UnsafeRawPointer(pointer)
        for target in targets { target.deliverNext(raw) }
      }
    }
    withUnsafePointer(to: event) { pointer in
      let raw = UnsafeRawPointer(pointer)
      for target in targets { target.deliverEvent(raw) }
    }
  }

  // MARK: Subscriptions

  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let box = SubjectObserver<Element, Observer>(observer)
    gate.send(.attach(box), to: handle)
    // A strong reference, as in RxSwift: the subscription keeps the subject alive until disposed. A weak
    // one would give the core a side table and make every retain of it take the slow path.
    return SubjectSubscription(detach: { [self, box] in self.detach(box) })
  }

  /// Replays what the policy keeps, then either the terminal event or registers the observer; runs
  /// under the gate, so no event can slip in between.
  private func attach(_ box: SubjectObserverBox) {
    let plan = lock.withLock { () -> AttachPlan<Element> in
      if disposed { return .disposed }
      var values: [Element] = []
      if let latest, !stopped { values = [latest.value] }
      if let replay { values = replay.values }
      if stopped, case .completed = stoppedEvent, let value = last?.value { values = [value] }
      if !stopped && !box.isCancelled { observers.append(box) }
      return .replay(values, stopped ? stoppedEvent : nil)
    }
    switch plan {
    case .disposed:
      let event = Event<Element>.error(RxError.disposed(object: owner))
      withUnsafePointer(to: event) { box.deliverEvent(UnsafeRawPointer($0)) }
    case .replay(let values, let terminal):
      for value in values {
        withUnsafePointer(to: value) { box.deliverNext(UnsafeRawPointer($0)) }
      }
      if let terminal {
        withUnsafePointer(to: terminal) { box.deliverEvent(UnsafeRawPointer($0)) }
      }
    }
  }

  private func detach(_ box: SubjectObserverBox) {
    box.cancel()
    lock.withLock {
      if let index = observers.firstIndex(where: { $0 === box }) { observers.remove(at: index) }
    }
  }

  func dispose() {
    lock.withLock {
      disposed = true
      observers = []
      stoppedEvent = nil
      replay?.removeAll()
    }
  }
}

/// What a new subscriber receives.
private enum AttachPlan<Element> {
  case disposed
  case replay([Element], Event<Element>?)
}

/// A subscriber of a subject, reachable without knowing its type (the list is not generic, so walking
/// it costs no type-metadata lookups).
///
/// Values are passed as raw pointers, which is sound because of three invariants:
/// - Type: a box is only ever made by `SubjectCore<Element>.subscribe` as a
///   `SubjectObserver<Element, Observer>` with the same `Element`, and only that core calls it, so
///   the pointee really is an `Element` (``deliverNext(_:)``) or an `Event<Element>`
///   (``deliverEvent(_:)``).
/// - Lifetime: the pointer comes from `withUnsafePointer(to:)` around the call and is valid only
///   during it; the box copies the pointee out (`pointee`) and never keeps the pointer.
/// - Memory: the pointee is initialised and never mutated while the call runs (it is a `let` of the
///   caller), so reading it through `assumingMemoryBound(to:)` is a plain typed load.
class SubjectObserverBox: @unchecked Sendable {
  // Only the atomic flag is shared; subclasses hold an immutable observer.
  private let cancelled = Atomic<Bool>(false)

  var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Delivers the value at `pointer` (an `Element`).
  func deliverNext(_ pointer: UnsafeRawPointer) {}

  /// Delivers the event at `pointer` (an `Event<Element>`).
  func deliverEvent(_ pointer: UnsafeRawPointer) {}
}

private final class SubjectObserver<Element, Observer: ObserverType>: SubjectObserverBox, @unchecked Sendable
where Observer.Element == Element {
  private let observer: Observer

  init(_ observer: Observer) { self.observer = observer }

  override func deliverNext(_ pointer: UnsafeRawPointer) {
    if isCancelled { return }
    observer._deliverNext(pointer.assumingMemoryBound(to: Element.self).pointee)
  }

  override func deliverEvent(_ pointer: UnsafeRawPointer) {
    if isCancelled { return }
    observer.on(pointer.assumingMemoryBound(to: Event<Element>.self).pointee)
  }
}

/// The value a behaviour subject holds.
private final class LatestValue<Element> {
  // Guarded by the core's lock (see `SubjectCore.observers`).
  @exclusivity(unchecked) var value: Element
  init(_ value: Element) { self.value = value }
}

/// The value an async subject keeps until it completes.
private final class LastValue<Element> {
  // Guarded by the core's lock (see `SubjectCore.observers`).
  @exclusivity(unchecked) var value: Element?

  /// Keeps `value`. Out of line: storing an `Element?` needs the metadata of `Optional<Element>`, a
  /// runtime cache lookup in unspecialised code, which inlined into `deliverNext` was paid on every
  /// event of every subject, not only by async subjects.
  @inline(never)
  func store(_ value: Element) { self.value = value }
}

/// The values a replay subject keeps.
private final class ReplayBuffer<Element> {
  private let capacity: Int
  private var items: [Element] = []
  private var start = 0

  init(capacity: Int) { self.capacity = capacity }

  var values: [Element] { Array(items[start...]) }

  func append(_ value: Element) {
    guard capacity > 0 else { return }
    items.append(value)
    if items.count - start > capacity { start += 1 }
    if start > 64 && start * 2 > items.count {
      items.removeFirst(start)
      start = 0
    }
  }

  func removeAll() {
    items = []
    start = 0
  }
}

private final class SubjectSubscription: Disposable, @unchecked Sendable {
  // The closure is taken once, atomically guarded by `done`: only the caller that sets `done` reads or
  // clears it.
  private let done = Atomic<Bool>(false)
  private var detach: (() -> Void)?

  init(detach: @escaping () -> Void) { self.detach = detach }

  func dispose() {
    if done.exchange(true, ordering: .acquiringAndReleasing) { return }
    // Let go of the observer now, as RxSwift does, not when the disposable itself goes: an owner that
    // keeps its disposed subscription would otherwise keep the observer and all it captures (the
    // resource check saw it).
    let detach = self.detach
    self.detach = nil
    detach?()
  }
}
