/// Runs work on the calling thread, queueing work scheduled from inside other scheduled work.
///
/// The first `schedule` on a thread runs its action at once and then drains whatever that action
/// scheduled, in order (a trampoline). Nested `schedule` calls only enqueue, which keeps recursion
/// flat: a sequence that re-schedules itself for each element does not grow the stack.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  private static let slot = ThreadLocalSlot()

  private init() {}

  /// `true` when no trampoline is running on this thread, so `schedule` would run its action at once.
  public static var isScheduleRequired: Bool { slot.rawValue == nil }

  /// The queue of the trampoline running on this thread, if any.
  static var currentQueue: TrampolineQueue? {
    guard let raw = slot.rawValue else { return nil }
    return Unmanaged<TrampolineQueue>.fromOpaque(raw).takeUnretainedValue()
  }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    if let queue = Self.currentQueue {
      let item = ScheduledItem { action(state) }
      queue.enqueue(item)
      return item
    }
    return Self.runTrampoline { action(state) }
  }

  /// Runs `body` as the outermost action of a new trampoline, then drains the queue.
  static func runTrampoline<R>(_ body: () -> R) -> R {
    let queue = TrampolineQueue()
    slot.set(Unmanaged.passUnretained(queue).toOpaque())
    defer { slot.set(nil) }
    let result = withExtendedLifetime(queue) { body() }
    while let item = queue.dequeue() {
      item.invoke(in: queue)
    }
    return result
  }
}

/// Work a trampoline can run: a scheduled action, or an operator's own reusable continuation.
protocol TrampolineTask: AnyObject {
  /// Runs the task on the trampoline whose queue is `queue` (the current thread's).
  func invoke(in queue: TrampolineQueue)
}

extension ScheduledItem: TrampolineTask {
  func invoke(in queue: TrampolineQueue) { invoke() }
}

/// The FIFO queue of one thread's trampoline: a ring buffer that doubles when full, allocated on first
/// use (most trampolines, one per top-level subscription, never queue anything).
///
/// Only its own thread touches it, and every access to `slots`, `head` and `count` is a short read or
/// write that never calls out while held (a task is moved out before it runs, so no deinit runs
/// mid-access), so the dynamic exclusivity checks, a large share of a trampolined element's cost, are
/// skipped. A ring keeps a task that re-queues itself behind others (a `from` interleaving with its
/// neighbours, one value per turn) from growing the storage or moving it.
final class TrampolineQueue {
  @exclusivity(unchecked) private var slots = ContiguousArray<TrampolineTask?>()
  @exclusivity(unchecked) private var head = 0
  @exclusivity(unchecked) private var count = 0

  var isEmpty: Bool { count == 0 }

  func enqueue(_ item: TrampolineTask) {
    if count == slots.count { grow() }
    slots[(head &+ count) & (slots.count &- 1)] = item
    count &+= 1
  }

  func dequeue() -> TrampolineTask? {
    guard count > 0 else { return nil }
    // `take` moves the task out and leaves `nil`, without a retain and a release.
    let item = slots[head].take()
    head = (head &+ 1) & (slots.count &- 1)
    count &-= 1
    return item
  }

  /// Doubles the storage (16 slots at first; a power of two, so indices wrap with a mask), keeping the
  /// order.
  @inline(never)
  private func grow() {
    var larger = ContiguousArray<TrampolineTask?>(repeating: nil, count: max(16, slots.count * 2))
    for offset in 0..<count {
      larger[offset] = slots[(head &+ offset) & (slots.count &- 1)].take()
    }
    slots = larger
    head = 0
  }
}
