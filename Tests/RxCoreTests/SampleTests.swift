import RxCore
import RxTesting
import Testing

@Suite("sample", .resourceCheck)
struct SampleTests {
  private func makeSampler(_ scheduler: TestScheduler, end: Recorded<Event<String>>) -> TestableObservable<
    String
  > {
    scheduler.createHotObservable([
      .next(150, ""), .next(210, "a"), .next(250, "b"), .next(260, "c"), .next(320, "d"), end,
    ])
  }

  @Test("emits the latest value at each tick when a new one arrived since the previous tick")
  func simple() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
      .completed(400),
    ])
    let ys = makeSampler(scheduler, end: .completed(500))
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(250, 3), .next(320, 6), .completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 500)])
  }

  @Test("the sampler completing is a last tick: a pending value is emitted, then completion")
  func samplerCompletionEmitsPending() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(240, 3), .next(360, 7), .completed(400)])
    let ys = makeSampler(scheduler, end: .completed(500))
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(250, 3), .next(500, 7), .completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 500)])
  }

  @Test("after the source completes, the next tick completes it")
  func sourceCompletesFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .next(290, 4), .completed(300)])
    let ys = makeSampler(scheduler, end: .completed(500))
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(250, 3), .next(320, 4), .completed(320)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    #expect(ys.subscriptions == [Subscription(200, 320)])
  }

  @Test("the sampler completing before the source does not complete it")
  func samplerCompletesFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(220, 2), .next(400, 3)])
    let ys = scheduler.createHotObservable([.next(230, "a"), .completed(300)])
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(230, 2)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    // A terminated sequence releases its own subscription (as through RxSwift's `asObservable()`).
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("defaultValue is emitted at ticks without a new value")
  func defaultValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
      .completed(400),
    ])
    let ys = makeSampler(scheduler, end: .completed(500))
    let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
    #expect(
      res.events == [
        .next(210, 0), .next(250, 3), .next(260, 0), .next(320, 6), .next(500, 0), .completed(500),
      ])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 500)])
  }

  @Test("an error from the sampler ends it at once (after a tick at the same time)")
  func samplerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(240, 3), .next(310, 6), .completed(400)])
    let ys = makeSampler(scheduler, end: .error(320, TestError.boom))
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(250, 3), .next(320, 6), .error(320, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 320)])
    #expect(ys.subscriptions == [Subscription(200, 320)])
  }

  @Test("an error from the source ends it at once")
  func sourceError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(240, 3), .next(300, 5), .error(320, TestError.other)])
    let ys = scheduler.createHotObservable([.next(250, "a"), .next(300, "b"), .completed(400)])
    let res = scheduler.start { xs.sample(ys) }
    #expect(res.events == [.next(250, 3), .next(300, 5), .error(320, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 320)])
    #expect(ys.subscriptions == [Subscription(200, 320)])
  }

  @Test("each value is sampled at most once")
  func noRepeats() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1)])
    let ys = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c")])
    let res = scheduler.start(disposed: 300) { xs.sample(ys) }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }
}
