import RxCore
import RxTesting
import Testing

@Suite("skip(until:)", .resourceCheck)
struct SkipUntilTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
  ]

  @Test("values flow once other emitted; other is released then")
  func otherNext() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, "x"), .next(225, "y"), .completed(230)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events == [.next(230, 4), .next(240, 5), .completed(250)])
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("other's error ends the sequence")
  func otherError() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, 1), .error(225, TestError.boom)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events == [.error(225, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 225)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("source error ends the sequence and releases other")
  func sourceError() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
    let r = scheduler.createHotObservable([.next(230, 2), .completed(250)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 220)])
    #expect(r.subscriptions == [Subscription(200, 220)])
  }

  @Test("other completing empty: nothing is ever sent, not even the completion")
  func otherEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events.isEmpty)
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("other never emitting: the source's completion is swallowed and both are released")
  func otherNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events.isEmpty)
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 250)])
  }

  @Test("never and never: disposal releases both")
  func neverNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let r = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let res = scheduler.start { l.skip(until: r) }
    #expect(res.events.isEmpty)
    #expect(l.subscriptions == [Subscription(200, 1000)])
    #expect(r.subscriptions == [Subscription(200, 1000)])
  }
}
