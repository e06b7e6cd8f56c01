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

  /// Like ``send(_:to:)``, but when the gate is free or already owned by this thread, runs `direct`
  /// instead of building and handling a message (it must do what handling the message would do).
  @inline(__always)
  func send(_ message: @autoclosure () -> Message, direct: () -> Void, to handler: (Message) -> Void) {
    while true {
      switch enter() {
      case .acquired:
        direct()
        exit(handler)
        return
      case .nested:
        direct()
        return
      case .busy:
        if enqueue(message()) { return }
      }
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
