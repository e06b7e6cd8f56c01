import RxCore
import RxTesting
import Testing

@Suite("filter", .resourceCheck)
struct FilterTests {
  @Test("keeps matching values")
  func keepsMatching() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(110, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
    ])
    let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
    #expect(res.events == [.next(210, 2), .next(230, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a throwing predicate ends the sequence at that tick")
  func throwingPredicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.filter { value -> Bool in
        if value == 2 { throw TestError.boom }
        return true
      }
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }
}
