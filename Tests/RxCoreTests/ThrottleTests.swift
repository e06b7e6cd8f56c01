import RxCore
import RxTesting
import Testing

@Suite("throttle", .resourceCheck)
struct ThrottleTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
    .next(450, 7), .completed(500),
  ]

  @Test("latest: first value at once, last value of each window at its end, completion after it")
  func latestCompleted() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.source)
    let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
    #expect(xs.subscriptions == [Subscription(200, 500)])
  }

  @Test("latest: completion after the window has flushed is delivered when it comes")
  func latestCompletedAfterWindow() {
    let scheduler = TestScheduler(initialClock: 0)
    var events = Self.source
    events[events.count - 1] = .completed(900)
    let xs = scheduler.createHotObservable(events)
    let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
    #expect(xs.subscriptions == [Subscription(200, 900)])
  }

  @Test("latest: a window's value is replaced by later ones and sent at the window end")
  func latestWindowEnd() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(220, 3), .next(260, 4), .completed(300),
    ])
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(230, 3), .next(260, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("latest: a value at exactly the window end is sent at once")
  func latestExactBoundary() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
  }

  @Test("not latest: values inside a window are dropped; completion is not delayed")
  func notLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.source)
    let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(410, 6), .completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 500)])
  }

  @Test("errors are forwarded at once and drop the waiting value")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 2), .next(250, 3), .error(300, TestError.boom), .next(450, 7),
    ])
    let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .error(300, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("empty and never sources")
  func emptyAndNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.next(150, 0), .completed(500)])
    let res1 = scheduler.start { empty.throttle(.seconds(200), scheduler: scheduler) }
    #expect(res1.events == [.completed(500)])
    #expect(empty.subscriptions == [Subscription(200, 500)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let never2 = scheduler2.createHotObservable([Recorded<Event<Int>>.next(150, 0)])
    let res2 = scheduler2.start { never2.throttle(.seconds(200), scheduler: scheduler2) }
    #expect(res2.events.isEmpty)
    #expect(never2.subscriptions == [Subscription(200, 1000)])
  }

  @Test("disposal cancels the pending window value")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let res = scheduler.start(disposed: 225) { xs.throttle(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 225)])
  }
}
