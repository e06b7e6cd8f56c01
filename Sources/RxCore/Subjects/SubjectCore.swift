import Synchronization

/// The shared machinery of the subjects: the observer list, the terminal state and what a new
/// subscriber is replayed.
///
/// Every change goes through one ``SerialGate``, so events from many threads reach observers one at a
/// time and a subscriber's replay never interleaves with a concurrent event. Observers are called with
/// no lock held.
final class SubjectCore<Element>: @unchecked Sendable {
  enum ReplayPolicy {
    case none
    case latest
    case buffer(capacity: Int)
  }

  private enum Message {
    case event(Event<Element>)
    case attach(SubjectEntry<Element>)
    case detach(SubjectEntry<Element>)
    case dispose
  }

  struct Snapshot {
    var latest: Element?
    var stoppedEvent: Event<Element>?
    var isDisposed = false
    var observerCount = 0
  }

  private let gate = SerialGate<Message>()
  private let policy: ReplayPolicy
  private unowned(unsafe) let owner: AnyObject

  // Touched only by the gate's current owner.
  private var entries: [SubjectEntry<Element>] = []
  private var replayBuffer: [Element] = []
  private var replayStart = 0
  private var stoppedEvent: Event<Element>?
  private var disposed = false
  private var nextID: UInt64 = 0

  // A copy of the state for readers on other threads (`value`, `hasObservers`, `isDisposed`).
  private let published = SpinLockBox(Snapshot())
  private let idCounter = Atomic<UInt64>(0)

  init(policy: ReplayPolicy, initial: Element?, owner: AnyObject) {
    self.policy = policy
    self.owner = owner
    if let initial {
      replayBuffer = [initial]
      published.withLock { $0.latest = initial }
    }
  }

  var snapshot: Snapshot { published.withLock { $0 } }

  func on(_ event: Event<Element>) {
    gate.send(.event(event), to: handle)
  }

  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let id = idCounter.wrappingAdd(1, ordering: .relaxed).newValue
    let entry = SubjectEntry(id: id, observer: observer.on)
    gate.send(.attach(entry), to: handle)
    return SubjectSubscription(core: self, entry: entry)
  }

  func unsubscribe(_ entry: SubjectEntry<Element>) {
    entry.cancel()
    gate.send(.detach(entry), to: handle)
  }

  func dispose() {
    gate.send(.dispose, to: handle)
  }

  private func handle(_ message: Message) {
    switch message {
    case .event(let event):
      deliver(event)
    case .attach(let entry):
      attach(entry)
    case .detach(let entry):
      if let index = entries.firstIndex(where: { $0 === entry }) {
        entries.remove(at: index)
        publishCount()
      }
    case .dispose:
      disposed = true
      entries = []
      replayBuffer = []
      replayStart = 0
      stoppedEvent = nil
      published.withLock {
        $0.isDisposed = true
        $0.observerCount = 0
        $0.latest = nil
      }
    }
  }

  private func deliver(_ event: Event<Element>) {
    if disposed || stoppedEvent != nil { return }
    switch event {
    case .next(let value):
      remember(value)
      let targets = entries
      for entry in targets { entry.send(event) }
    case .error, .completed:
      stoppedEvent = event
      let targets = entries
      entries = []
      published.withLock {
        $0.stoppedEvent = event
        $0.observerCount = 0
      }
      for entry in targets { entry.send(event) }
    }
  }

  private func remember(_ value: Element) {
    switch policy {
    case .none:
      return
    case .latest:
      if replayBuffer.isEmpty {
        replayBuffer = [value]
      } else {
        replayBuffer[0] = value
      }
      published.withLock { $0.latest = value }
    case .buffer(let capacity):
      guard capacity > 0 else { return }
      replayBuffer.append(value)
      if replayBuffer.count - replayStart > capacity { replayStart += 1 }
      if replayStart > 64 && replayStart * 2 > replayBuffer.count {
        replayBuffer.removeFirst(replayStart)
        replayStart = 0
      }
    }
  }

  private func attach(_ entry: SubjectEntry<Element>) {
    if entry.isCancelled { return }
    if disposed {
      entry.send(.error(RxError.disposed(object: owner)))
      return
    }
    switch policy {
    case .none:
      break
    case .latest:
      if stoppedEvent == nil, let value = replayBuffer.first { entry.send(.next(value)) }
    case .buffer:
      for value in replayBuffer[replayStart...] { entry.send(.next(value)) }
    }
    if let stoppedEvent {
      entry.send(stoppedEvent)
      return
    }
    if entry.isCancelled { return }
    entries.append(entry)
    publishCount()
  }

  private func publishCount() {
    let count = entries.count
    published.withLock { $0.observerCount = count }
  }
}

/// One subscriber of a subject.
final class SubjectEntry<Element>: @unchecked Sendable {
  // `observer` is immutable; `cancelled` is atomic.
  let id: UInt64
  private let observer: (Event<Element>) -> Void
  private let cancelled = Atomic<Bool>(false)

  init(id: UInt64, observer: @escaping (Event<Element>) -> Void) {
    self.id = id
    self.observer = observer
  }

  var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  func cancel() { cancelled.store(true, ordering: .relaxed) }

  @inline(__always)
  func send(_ event: Event<Element>) {
    if cancelled.load(ordering: .relaxed) { return }
    observer(event)
  }
}

private final class SubjectSubscription<Element>: Disposable, @unchecked Sendable {
  // Both references are immutable; `done` is atomic.
  private let core: SubjectCore<Element>
  private let entry: SubjectEntry<Element>
  private let done = Atomic<Bool>(false)

  init(core: SubjectCore<Element>, entry: SubjectEntry<Element>) {
    self.core = core
    self.entry = entry
  }

  func dispose() {
    if done.exchange(true, ordering: .relaxed) { return }
    core.unsubscribe(entry)
  }
}
