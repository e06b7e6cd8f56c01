import RxCore
import RxTesting
import Testing

@Suite("timeout", .resourceCheck)
struct TimeoutTests {
  @Test("values in time pass through and restart the timer")
  func inTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(230, 3), .next(260, 4), .completed(300),
    ])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(230, 3), .next(260, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("fails with RxError.timeout and releases the source at the timeout tick")
  func timesOut() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3), .completed(400)])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(240, 2), .error(290, RxError.timeout)])
    #expect(xs.subscriptions == [Subscription(200, 290)])
  }

  @Test("the first timer starts at subscription")
  func neverTimesOut() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.error(300, RxError.timeout)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a value at exactly the timeout tick, already queued, wins")
  func boundary() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(250, 1), .completed(260)])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(250, 1), .completed(260)])
  }

  @Test("switches to other: source released and other subscribed at the timeout tick")
  func switchesToOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500),
    ])
    let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
    let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    #expect(ys.subscriptions == [Subscription(300, 620)])
  }

  @Test("other is never subscribed when the source terminates in time")
  func otherUnused() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
    let ys = scheduler.createColdObservable([Recorded<Event<Int>>.next(10, -1)])
    let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .error(250, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions.isEmpty)
  }

  @Test("other's error is forwarded; disposal releases other")
  func otherErrorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let ys = scheduler.createColdObservable([.next(10, 5), .error(20, TestError.other)])
    let res = scheduler.start { xs.timeout(.seconds(10), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(220, 5), .error(230, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
    #expect(ys.subscriptions == [Subscription(210, 230)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let xs2 = scheduler2.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let ys2 = scheduler2.createColdObservable([Recorded<Event<Int>>.next(100, 5)])
    let res2 = scheduler2.start(disposed: 250) {
      xs2.timeout(.seconds(10), other: ys2, scheduler: scheduler2)
    }
    #expect(res2.events.isEmpty)
    #expect(ys2.subscriptions == [Subscription(210, 250)])
  }

  @Test("disposal before the timeout cancels it")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let res = scheduler.start(disposed: 250) { xs.timeout(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }
}
