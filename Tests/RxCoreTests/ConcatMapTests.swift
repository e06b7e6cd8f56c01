import RxCore
import RxTesting
import Testing

@Suite("concatMap", .resourceCheck)
struct ConcatMapTests {
  @Test("maps on arrival and subscribes each inner after the previous completed")
  func mapsInTurn() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(20)])
    let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    var calls: [Int] = []
    let res = scheduler.start {
      xs.concatMap { value -> TestableObservable<Int> in
        calls.append(scheduler.clock)
        return value == 1 ? ys1 : ys2
      }
    }
    #expect(calls == [210, 220])
    #expect(res.events == [.next(220, 10), .next(240, 20), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [Subscription(230, 250)])
  }

  @Test("a throwing selector errors when the value arrives, even with inners waiting")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 10), .completed(50)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let res = scheduler.start {
      xs.concatMap { value -> TestableObservable<Int> in
        if value == 3 { throw TestError.boom }
        return ys
      }
    }
    #expect(res.events == [.next(220, 10), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("an inner error ends it; the waiting inner is never subscribed")
  func innerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .error(20, TestError.other)])
    let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
    let res = scheduler.start { xs.concatMap { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .error(230, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [])
  }

  @Test("disposal releases the outer and the running inner")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 10), .completed(50)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start(disposed: 240) { xs.concatMap { _ in ys } }
    #expect(res.events == [.next(220, 10)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(210, 240)])
  }

  @Test("empty outer completes at once")
  func emptyOuter() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(230, Int.self)])
    let res = scheduler.start { xs.concatMap { Observable.just($0) } }
    #expect(res.events == [.completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("100,000 synchronous inners keep order and a flat stack")
  func manySynchronousInners() {
    let run = OrderedRun()
    let outer = PublishSubject<Int>()
    let blocker = PublishSubject<Int>()
    let subscription = run.watch(outer.concatMap { $0 < 0 ? blocker.asObservable() : Observable.just($0) })
    outer.onNext(-1)
    for value in 0..<100_000 { outer.onNext(value) }
    outer.onCompleted()
    run.expectNothing()
    blocker.onCompleted()
    run.expectAll(100_000)
    subscription.dispose()
  }
}
