import RxCore
import RxTesting
import Testing

@Suite("asMaybe", .resourceCheck)
struct AsMaybeTests {
  @Test("sends the only value with the completion")
  func oneValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
    let res = scheduler.start { xs.asMaybe() }
    #expect(res.events == [.next(250, 2), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an empty source completes empty")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.asMaybe() }
    #expect(res.events == [.completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a second value fails with moreThanOneElement at once")
  func twoValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
    let res = scheduler.start { xs.asMaybe() }
    #expect(res.events == [.error(220, RxError.moreThanOneElement)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("an error passes through; disposal releases the source")
  func errorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
    let res = scheduler.start { xs.asMaybe() }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])

    let ys = scheduler.createHotObservable([.next(1010, 1), .completed(1100)])
    let res2 = scheduler.start(created: 1000, subscribed: 1005, disposed: 1050) { ys.asMaybe() }
    #expect(res2.events.isEmpty)
    #expect(ys.subscriptions == [Subscription(1005, 1050)])
  }
}
