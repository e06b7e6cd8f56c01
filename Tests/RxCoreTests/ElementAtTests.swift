import RxCore
import RxTesting
import Testing

@Suite("element(at:)", .resourceCheck)
struct ElementAtTests {
  @Test("sends the value at the index, completes and releases the source at once")
  func value() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
    let res = scheduler.start { xs.element(at: 1) }
    #expect(res.events == [.next(220, 2), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("completing before the index fails with argumentOutOfRange")
  func tooShort() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let res = scheduler.start { xs.element(at: 3) }
    #expect(res.events == [.error(250, RxError.argumentOutOfRange)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an error before the index passes through; disposal releases the source")
  func errorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.element(at: 2) }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    let ys = scheduler.createHotObservable([.next(1010, 1), .next(1200, 2)])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1100) { ys.element(at: 1) }
    #expect(res2.events.isEmpty)
    #expect(ys.subscriptions == [Subscription(1001, 1100)])
  }
}
