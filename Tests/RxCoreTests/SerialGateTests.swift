import Dispatch
import Synchronization
import Testing

@testable import RxCore

/// Handles gate messages on whichever thread owns the gate; its state is only touched by the owner.
private final class GateProbe: @unchecked Sendable {
  let gate = SerialGate<Int>()
  let inFlight = Atomic<Int>(0)
  let overlaps = Atomic<Int>(0)
  var handled = 0
  var nested = 0

  func handle(_ message: Int) {
    if inFlight.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlaps.add(1, ordering: .relaxed)
    }
    handled += 1
    inFlight.subtract(1, ordering: .acquiringAndReleasing)
    // A re-entrant send from inside a handler is handled at once, nested.
    if message % 1000 == 0 {
      gate.send(-1) { _ in self.nested += 1 }
    }
  }
}

@Suite("SerialGate", .resourceCheck)
struct SerialGateTests {
  @Test("many threads: every message handled once, never two handlers at a time")
  func contended() {
    let probe = GateProbe()
    let threads = 8
    let perThread = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        let message = thread * perThread + index + 1
        if index % 2 == 0 {
          probe.gate.send(message) { probe.handle($0) }
        } else {
          // The fast path: handled directly when the gate is free, queued as a message when it is not.
          probe.gate.send(message, to: { probe.handle($0) }) { probe.handle(message) }
        }
      }
    }
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    #expect(probe.handled == threads * perThread)
    #expect(probe.nested == threads * perThread / 1000)
  }
}
