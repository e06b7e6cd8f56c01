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
/// threads, in order; a re-entrant send on the owning thread is handled at once, nested (what a
/// recursive lock would give, and what RxSwift's operators do); no handler ever runs with a lock held.
/// Uncontended, taking and releasing the gate are one compare-and-swap each, and the caller may
/// handle its value directly, without wrapping it in a message (``enter()`` / ``exit(_:)``).
///
/// `state` holds 0 when free, else the owner's thread token, with the lowest bit set while messages
/// wait in `pending`. Only the owner clears the token; the bit is set and cleared under `mutex`.
///
/// How this differs from RxSwift, which guards a sink with a recursive lock: there, a second thread
/// blocks until the first has finished delivering, and then delivers its own event itself. Here the
/// second thread never blocks: it queues its event and returns at once, and the owning thread
/// delivers it before leaving the gate. Delivery order and the Rx grammar are the same (events are
/// serialised, a re-entrant event is delivered nested at once); what differs is which thread runs
/// the observer for a contended event (the owner's), and that a sender may return before its event
/// was delivered.
final class SerialGate<Message>: @unchecked Sendable {
  enum Entry {
    /// The caller now owns the gate and must call ``exit(_:)`` after handling its value.
    case acquired
    /// The caller already owns the gate (re-entrant call): handle the value at once, do not exit.
    case nested
    /// Another thread owns the gate: use ``send(_:to:)``.
    case busy
  }

  private static var pendingBit: UInt { 1 }

  // `pending` is only touched under `mutex`; `state` is atomic (see the type's documentation).
  private let state = Atomic<UInt>(0)
  private let mutex = Lock()
  private var pending: [Message] = []

  init() {}

  /// Tries to take the gate for the calling thread.
  @inline(__always)
  func enter() -> Entry {
    let me = gateThreadToken()
    let (exchanged, current) = state.compareExchange(
      expected: 0, desired: me, ordering: .acquiring)
    if exchanged { return .acquired }
    return current & ~Self.pendingBit == me ? .nested : .busy
  }

  /// Releases the gate taken by ``enter()``, first handling every message queued meanwhile.
  @inline(__always)
  func exit(_ handler: (Message) -> Void) {
    let me = gateThreadToken()
    while true {
      if state.compareExchange(expected: me, desired: 0, ordering: .releasing).exchanged { return }
      drainPending(me, handler)
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

  /// The one place the enter / handle / exit dance is written: runs `direct` when the gate is free
  /// (then `leave`, which calls ``exit(_:)`` to drain what queued meanwhile) or already owned by this
  /// thread (nested, as a recursive lock would), and `busy` when another thread owns it (`busy`
  /// queues a message with ``send(_:to:)``). Sinks keep `leave` and `busy` out of line, so their hot
  /// path needs no metadata for the message type.
  ///
  /// Always inlined, so a sink's hot path compiles to the same code as writing the switch by hand.
  @inline(__always)
  func run(_ direct: () -> Void, busy: () -> Void, leave: () -> Void) {
    switch enter() {
    case .acquired:
      direct()
      leave()
    case .nested:
      direct()
    case .busy:
      busy()
    }
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
