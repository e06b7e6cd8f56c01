import Dispatch
import Support
import Testing

@Suite struct OneShotTests {
  @Test func aWaiterGetsTheValueFromAnotherThread() {
    let answer = OneShot<Int>()
    DispatchQueue.global().async { answer.fulfil(42) }
    #expect(answer.wait() == 42)
    // Every later wait sees it at once.
    #expect(answer.wait(timeout: .seconds(0)) == 42)
  }

  @Test func onlyTheFirstValueCounts() {
    let answer = OneShot<String>()
    #expect(answer.fulfil("first"))
    #expect(!answer.fulfil("second"))
    #expect(answer.wait() == "first")
    #expect(answer.current == "first")
  }

  @Test func aTimedWaitWithoutAValueEndsEmpty() {
    let answer = OneShot<Int>()
    #expect(answer.wait(timeout: .milliseconds(1)) == nil)
    #expect(answer.current == nil)
  }

  /// Many producers race; exactly one wins and every waiter sees the winner.
  @Test func racingProducersHaveOneWinner() {
    let answer = OneShot<Int>()
    let wins = LockedValue(0)
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      if answer.fulfil(index) { wins.withLock { $0 += 1 } }
    }
    #expect(wins.get() == 1)
    let winner = answer.wait()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in #expect(answer.wait() == winner) }
  }
}
