import Dispatch
import RxBlocking
import RxCore
import Testing

// Here rather than in RxBlockingTests: this test runs main-scheduler work on the main queue and drains
// the process-wide mailbox while it blocks, so it must not overlap the suites that attach a run loop
// to the main scheduler or make drivers (the main-loop gate lives in this target).
@Suite("Blocking on the main scheduler", .resourceCheck, .mainLoopExclusive)
struct BlockingOnMainTests {
  @Test("blocking inside main-scheduler work still runs the main scheduler's queued actions")
  func mainSchedulerDoesNotDeadlock() {
    // The blocking call runs where the main scheduler runs its actions, and the sequence needs one more
    // main-scheduler action to end: without running that queue while it waits, it would time out.
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: [Int]?
    DispatchQueue.main.async {
      let source = Observable.of(1, 2, 3).observe(on: MainScheduler.asyncInstance)
      result = try? source.toBlocking(timeout: 10).toArray()
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(result == [1, 2, 3])
  }
}
