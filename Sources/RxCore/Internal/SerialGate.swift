import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Identifies the calling thread as a non-zero word whose lowest bit is clear (a thread descriptor's
/// address).
@inline(__always)
private func gateThreadToken() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Serialises messages arriving from many threads without holding a lock while they are handled.
///
/// The first thread to arrive handles its message, then every message queued meanwhile by other
/// threads, in order; a re-entrant send on the owning thread is handled at once, nested; no handler
/// ever runs with a lock held. Uncontended, taking and releasing the gate are one compare-and-swap
/// each, and with ``send(_:to:direct:)`` the caller handles its value directly, without wrapping it
/// in a message.
///
/// How this differs from RxSwift, whose operators take a recursive lock around the same work:
/// - On the owning thread the two agree: a nested event is handled at once, inside the outer one.
/// - A thread that finds the gate owned by another thread does not wait. Its message is queued, the
///   call returns at once, and the *owning* thread handles it before it leaves the gate. So the
///   observer runs on the owner's thread, a `send` that returned may not have been handled yet, and a
///   fast producer on another thread is not slowed down (the queue is unbounded). With RxSwift's lock
///   the second thread blocks until the first is done, then handles its own event itself.
/// - Because nobody blocks, two gates that feed each other from two threads cannot deadlock, which two
///   recursive locks taken in opposite orders can.
/// The order of events from any one thread is kept either way.
///
/// `state` holds 0 when free, else the owner's thread token, with the lowest bit set while messages
/// wait in `pending`. Only the owner clears the token; the bit is set and cleared under `mutex`.
final class SerialGate<Message>: @unchecked Sendable {
  private enum Entry {
    /// The caller now owns the gate and must call ``exit(_:)`` after handling its value.
    case acquired
    /// The caller already owns the gate (re-entrant call): handle the value at once, do not exit.
    case nested
    /// Another thread owns the gate: queue a message with ``send(_:to:)``.
    case busy
  }

  private static var pendingBit: UInt { 1 }

  // `pending` is only touched under `mutex`; `state` is atomic (see the type's documentation).
  private let state = Atomic<UInt>(0)
  private let mutex = Lock()
  private var pending: [Message] = []

  init() {}

  /// Handles a value: runs `direct` at once when the gate is free or already this thread's, else queues
  /// `message` for the owning thread, which hands it to `handler` before it leaves the gate.
  ///
  /// This is the one place of the enter / handle / drain / exit sequence; every sink with a fast path
  /// goes through it. It is always inlined, so `direct` and `handler` are plain calls and building the
  /// message (and the metadata of its type, in unspecialised generic code) happens only when another
  /// thread owns the gate.
  /// ```swift
  /// gate.send(.value(value), to: handle) { store(value) }
  /// ```
  /// - Parameters:
  ///   - message: What handling the value as a message looks like; `handler(message)` must do exactly
  ///     what `direct` does.
  ///   - handler: Handles queued messages.
  ///   - direct: Handles the value without a message.
  @inline(__always)
  func send(_ message: @autoclosure () -> Message, to handler: (Message) -> Void, direct: () -> Void) {
    switch enter() {
    case .acquired:
      direct()
      exit(handler)
    case .nested:
      direct()
    case .busy:
      sendFromOtherThread(message, to: handler)
    }
  }

  /// Handles `message` with `handler`, now or (when another thread owns the gate) soon after, in order.
  func send(_ message: Message, to handler: (Message) -> Void) {
    while true {
      switch enter() {
      case .acquired:
        handler(message)
        exit(handler)
        return
      case .nested:
        handler(message)
        return
      case .busy:
        if enqueue(message) { return }
      // The owner left meanwhile: try to take the gate again.
      }
    }
  }

  /// Tries to take the gate for the calling thread.
  @inline(__always)
  private func enter() -> Entry {
    let me = gateThreadToken()
    let (exchanged, current) = state.compareExchange(
      expected: 0, desired: me, ordering: .acquiring)
    if exchanged { return .acquired }
    return current & ~Self.pendingBit == me ? .nested : .busy
  }

  /// Releases the gate taken by ``enter()``, first handling every message queued meanwhile.
  @inline(__always)
  private func exit(_ handler: (Message) -> Void) {
    if state.compareExchange(expected: gateThreadToken(), desired: 0, ordering: .releasing).exchanged {
      return
    }
    drainThenExit(handler)
  }

  // The slow paths stay out of line, so that the inlined fast paths are only the compare-and-swaps.

  @inline(never)
  private func sendFromOtherThread(_ message: () -> Message, to handler: (Message) -> Void) {
    send(message(), to: handler)
  }

  @inline(never)
  private func drainThenExit(_ handler: (Message) -> Void) {
    let me = gateThreadToken()
    repeat {
      drainPending(me, handler)
    } while !state.compareExchange(expected: me, desired: 0, ordering: .releasing).exchanged
  }

  /// Queues `message` for the current owner; `false` when the gate was freed meanwhile.
  private func enqueue(_ message: Message) -> Bool {
    mutex.withLock { () -> Bool in
      let current = state.load(ordering: .acquiring)
      if current == 0 { return false }
      if current & Self.pendingBit == 0 {
        // Only the owner can change `state` outside the mutex, and only to free the gate.
        guard
          state.compareExchange(
            expected: current, desired: current | Self.pendingBit, ordering: .acquiringAndReleasing
          ).exchanged
        else { return false }
      }
      pending.append(message)
      return true
    }
  }

  private func drainPending(_ me: UInt, _ handler: (Message) -> Void) {
    var batch: [Message] = []
    mutex.withLock {
      swap(&batch, &pending)
      state.store(me, ordering: .releasing)
    }
    for message in batch { handler(message) }
  }
}
