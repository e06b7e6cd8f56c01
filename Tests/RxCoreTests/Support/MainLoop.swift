import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The main-loop plumbing of the suites that route the main scheduler into a mailbox they drain
// themselves (``DriverTests``, ``SignalTests``). The run-loop hook is global state: those suites are
// serialised and `.mainLoopExclusive`, and every helper here detaches the hook before returning.

/// Counts the wake-ups the main scheduler sends to the attached loop.
final class WakeCounter: Sendable {
  let count = Atomic<Int>(0)

  var value: Int { count.load(ordering: .relaxed) }
}

/// Runs `body` with the main scheduler routed into a mailbox that the test drains itself, counting the
/// wake-ups in the counter `body` receives.
func withMainLoop(_ body: (WakeCounter) throws -> Void) rethrows {
  let counter = WakeCounter()
  MainScheduler.instance.attachRunLoop { counter.count.add(1, ordering: .relaxed) }
  defer {
    drainMain()
    MainScheduler.instance.detachRunLoop()
  }
  try body(counter)
}

/// Runs everything queued on the main scheduler, including what that work queues.
func drainMain() {
  while MainScheduler.instance.drain() > 0 {}
}

/// Advances virtual time one tick at a time, running the main loop after each tick.
func runMainLoop(_ scheduler: TestScheduler, until end: TestTime) {
  while scheduler.clock < end {
    scheduler.advanceTo(scheduler.clock + 1)
    drainMain()
  }
}

/// Sends 1, 2 and 3 through `send` from a background thread to the subscription `subscribe` makes
/// with its handler, and expects them delivered only when the main loop runs, in order, on this thread.
///
/// Call inside ``withMainLoop(_:)``.
/// - Parameters:
///   - counter: The loop's wake-up counter, which must have moved once the values are sent.
///   - send: Sends one value into the sequence under test (from the background thread).
///   - subscribe: Subscribes the handler to the sequence under test.
func expectDeliveredOnMainLoop(
  counter: WakeCounter, send: @escaping @Sendable (Int) -> Void,
  subscribe: (@escaping (Int) -> Void) -> Disposable
) {
  var received: [Int] = []
  var threads: [pthread_t] = []
  let subscription = subscribe {
    received.append($0)
    threads.append(pthread_self())
  }
  let wakeUpsBefore = counter.value
  let sent = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    for value in 1...3 { send(value) }
    sent.signal()
  }
  #expect(sent.wait(timeout: .now() + 10) == .success)
  #expect(received == [])
  #expect(counter.value > wakeUpsBefore)
  drainMain()
  #expect(received == [1, 2, 3])
  let me = pthread_self()
  #expect(threads.allSatisfy { pthread_equal($0, me) != 0 })
  subscription.dispose()
}

/// Subscribes to a subject through `subscribe`, sends a value and disposes before the main loop runs;
/// expects nothing received and the subject released.
///
/// Call inside ``withMainLoop(_:)``.
func expectNothingAfterDisposingBeforeDrain(
  _ subscribe: (PublishSubject<Int>, @escaping (Int) -> Void) -> Disposable
) {
  let subject = PublishSubject<Int>()
  var received: [Int] = []
  let subscription = subscribe(subject) { received.append($0) }
  subject.onNext(1)
  subscription.dispose()
  drainMain()
  #expect(received == [])
  #expect(!subject.hasObservers)
}
