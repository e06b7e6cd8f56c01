import RxCore
import RxTesting
import Testing

@Suite("single()", .resourceCheck)
struct SingleOperatorTests {
  @Test("passes the only value on as it arrives, then the completion")
  func oneValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
    let res = scheduler.start { xs.single() }
    #expect(res.events == [.next(210, 1), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a second value fails with moreThanOneElement at once")
  func twoValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let res = scheduler.start { xs.single() }
    #expect(res.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("an empty sequence fails with noElements")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.single() }
    #expect(res.events == [.error(250, RxError.noElements)])
  }

  @Test("with a predicate only accepted values count")
  func predicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
    let res = scheduler.start { xs.single { $0 % 2 == 0 } }
    #expect(res.events == [.next(220, 2), .completed(250)])
    let ys = scheduler.createHotObservable([.next(1010, 1), .next(1020, 3), .completed(1050)])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) { ys.single { $0 % 2 == 0 } }
    #expect(res2.events == [.error(1050, RxError.noElements)])
  }

  @Test("a throwing predicate fails at that value; disposal releases the source")
  func throwingPredicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let res = scheduler.start { xs.single { _ in throw TestError.boom } }
    #expect(res.events == [.error(210, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
    let ys = scheduler.createHotObservable([.next(1010, 1), .completed(1200)])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1100) { ys.single() }
    #expect(res2.events == [.next(1010, 1)])
    #expect(ys.subscriptions == [Subscription(1001, 1100)])
  }
}
