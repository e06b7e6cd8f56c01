import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialises messages arriving from many threads without holding a lock while they are handled.
///
/// The first thread to arrive becomes the owner and handles its message at once; a message arriving
/// from another thread meanwhile is queued and handled by the owner before it lets go. A message sent
/// from inside a handler on the owning thread (re-entrancy) is handled at once, nested, which is what a
/// recursive lock would give and what RxSwift's operators do. No handler ever runs with a lock held.
final class SerialGate<Message>: @unchecked Sendable {
  private struct State {
    var owner: pthread_t?
    var pending: [Message] = []
  }

  // `state` is only touched under `mutex`; the handler runs outside it.
  private let mutex = Mutex<Void>(())
  private var state = State()

  init() {}

  /// Handles `message` with `handler`, now or (when another thread is handling) soon after, in order.
  @inline(__always)
  func send(_ message: Message, to handler: (Message) -> Void) {
    let me = pthread_self()
    let mode = mutex.withLock { _ -> Int in
      if let owner = state.owner {
        if pthread_equal(owner, me) != 0 { return 1 }
        state.pending.append(message)
        return 2
      }
      state.owner = me
      return 0
    }
    switch mode {
    case 0:
      handler(message)
      drain(handler)
    case 1:
      handler(message)
    default:
      break
    }
  }

  private func drain(_ handler: (Message) -> Void) {
    while true {
      let batch = mutex.withLock { _ -> [Message] in
        if state.pending.isEmpty {
          state.owner = nil
          return []
        }
        defer { state.pending = [] }
        return state.pending
      }
      if batch.isEmpty { return }
      for message in batch { handler(message) }
    }
  }
}
