import RxCore
import RxTesting
import Testing

@Suite("delay", .resourceCheck)
struct DelayTests {
  @Test("shifts values and completion; releases the source when it completes")
  func shifts() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
    ])
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
    #expect(xs.subscriptions == [Subscription(200, 550)])
  }

  @Test("values closer together than the delay keep their spacing")
  func closeValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(225, 3), .completed(230),
    ])
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(310, 1), .next(320, 2), .next(325, 3), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("an error is forwarded at once and drops the values still waiting")
  func errorImmediately() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, TestError.boom),
    ])
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(350, 2), .next(450, 3), .error(550, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 550)])
  }

  @Test("a cold source is shifted from the subscription time")
  func cold() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let res = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
    #expect(res.events == [.next(215, 1), .next(225, 2), .completed(235)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("empty source: only the completion, delayed")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
    let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
    #expect(res.events == [.completed(310)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("disposal drops waiting values and releases the source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(400, 3)])
    let res = scheduler.start(disposed: 300) { xs.delay(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(260, 1)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("events arriving in the same tick leave one tick apart (RxSwift's rescheduling on TestScheduler)")
  func synchronousSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.of(1, 2, 3).delay(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(230, 1), .next(231, 2), .next(232, 3), .completed(233)])
  }
}

@Suite("delaySubscription", .resourceCheck)
struct DelaySubscriptionTests {
  @Test("subscribes late; events are not shifted further")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
    #expect(xs.subscriptions == [Subscription(230, 300)])
  }

  @Test("errors pass through")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .error(70, TestError.boom)])
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(280, 42), .error(300, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(230, 300)])
  }

  @Test("disposal before the delay never subscribes")
  func disposedEarly() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
    let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions.isEmpty)
  }
}
