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
      item.invoke()
    }
    return result
  }
}

/// Work a trampoline can run: a scheduled action, or an operator's own reusable continuation.
protocol TrampolineTask: AnyObject {
  func invoke()
}

extension ScheduledItem: TrampolineTask {}

/// The FIFO queue of one thread's trampoline.
///
/// Only its own thread touches it, and every access to `items` and `head` is a short read or write that
/// never calls out while held (a task is moved out before it runs, so no deinit runs mid-access), so the
/// dynamic exclusivity checks, a large share of a trampolined element's cost, are skipped.
final class TrampolineQueue {
  @exclusivity(unchecked) private var items: [TrampolineTask?] = []
  @exclusivity(unchecked) private var head = 0

  var isEmpty: Bool { head == items.count }

  func enqueue(_ item: TrampolineTask) { items.append(item) }

  func dequeue() -> TrampolineTask? {
    guard head < items.count else { return nil }
    let item = items[head]
    items[head] = nil
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 1024 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}
