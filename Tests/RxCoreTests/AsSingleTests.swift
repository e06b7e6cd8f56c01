import RxCore
import RxTesting
import Testing

@Suite("asSingle", .resourceCheck)
struct AsSingleTests {
  @Test("sends the only value with the completion, and releases the source then")
  func oneValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
    let res = scheduler.start { xs.asSingle() }
    #expect(res.events == [.next(250, 2), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an empty source fails with noElements")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.asSingle() }
    #expect(res.events == [.error(250, RxError.noElements)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a second value fails with moreThanOneElement at once and releases the source")
  func twoValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
    let res = scheduler.start { xs.asSingle() }
    #expect(res.events == [.error(220, RxError.moreThanOneElement)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("an error passes through, even after a value")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
    let res = scheduler.start { xs.asSingle() }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal releases the source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(400)])
    let res = scheduler.start(disposed: 300) { xs.asSingle() }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }
}
