import RxCore
import RxTesting
import Testing

@Suite("flatMapFirst", .resourceCheck)
struct FlatMapFirstTests {
  @Test("values arriving while an inner sequence runs are dropped; completes after outer and inner")
  func dropsWhileActive() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(250, 3), .next(300, 4), .completed(320),
    ])
    let ys = scheduler.createColdObservable([.next(10, 0), .next(30, 1), .completed(40)])
    var selected: [Int] = []
    let res = scheduler.start {
      xs.flatMapFirst { value -> Observable<Int> in
        selected.append(value)
        return ys.map { $0 + value * 10 }
      }
    }
    // The value at 250 arrives before the inner's completion at the same tick, so it is dropped too.
    #expect(res.events == [.next(220, 10), .next(240, 11), .next(310, 40), .next(330, 41), .completed(340)])
    #expect(selected == [1, 4])
    #expect(xs.subscriptions == [Subscription(200, 320)])
    #expect(ys.subscriptions == [Subscription(210, 250), Subscription(300, 340)])
  }

  @Test("the outer completing with no inner running completes at once")
  func outerCompletesIdle() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(260)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
    let res = scheduler.start { xs.flatMapFirst { _ in ys } }
    #expect(res.events == [.next(220, 5), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 260)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("an inner error ends everything at that tick")
  func innerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let ys = scheduler.createColdObservable([.next(10, 5), .error(20, TestError.boom)])
    let res = scheduler.start { xs.flatMapFirst { _ in ys } }
    #expect(res.events == [.next(220, 5), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("an outer error disposes the running inner")
  func outerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(240, TestError.other)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(100)])
    let res = scheduler.start { xs.flatMapFirst { _ in ys } }
    #expect(res.events == [.next(220, 5), .error(240, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(210, 240)])
  }

  @Test("a throwing selector fails at that tick")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let res = scheduler.start { xs.flatMapFirst { _ -> Observable<Int> in throw TestError.boom } }
    #expect(res.events == [.error(210, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test("disposal releases the outer and the inner")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(100)])
    let res = scheduler.start(disposed: 250) { xs.flatMapFirst { _ in ys } }
    #expect(res.events == [.next(220, 5)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(210, 250)])
  }

  @Test("inner sequences that finish during subscription free the slot at once")
  func synchronousInners() {
    var values: [Int] = []
    _ = Observable.of(1, 2, 3).flatMapFirst { Observable.just($0) }.subscribe(onNext: { values.append($0) })
    #expect(values == [1, 2, 3])
  }
}
