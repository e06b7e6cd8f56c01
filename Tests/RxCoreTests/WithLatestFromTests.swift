import RxCore
import RxTesting
import Testing

@Suite("withLatestFrom", .resourceCheck)
struct WithLatestFromTests {
  @Test("emits on the first source only once the second has a value")
  func emitsWithLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6),
      .next(410, 7), .next(420, 8), .next(470, 9), .next(550, 10), .completed(590),
    ])
    let ys = scheduler.createHotObservable([
      .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
    ])
    let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
    #expect(
      res.events == [
        .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"),
        .next(420, "8qux"), .next(470, "9qux"), .next(550, "10qux"), .completed(590),
      ])
    #expect(xs.subscriptions == [Subscription(200, 590)])
    #expect(ys.subscriptions == [Subscription(200, 400)])
  }

  @Test("the form without a selector emits the second's latest value")
  func withoutSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
    let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
    let res = scheduler.start { xs.withLatestFrom(ys) }
    #expect(res.events == [.next(230, "a"), .next(250, "b"), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("the second completing does not end it; it is released at that tick")
  func secondCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .next(260, 2)])
    let ys = scheduler.createHotObservable([.next(220, 10), .completed(240)])
    let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
    #expect(res.events == [.next(230, 11), .next(260, 12)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("the second completing empty means nothing is ever emitted, until the first completes")
  func secondEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
    let ys = scheduler.createHotObservable([.completed(220, Int.self)])
    let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
    #expect(res.events == [.completed(300)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("the first completing completes it and releases both")
  func firstCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .completed(250)])
    let ys = scheduler.createHotObservable([.next(220, 10), .next(300, 20)])
    let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
    #expect(res.events == [.next(230, 11), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("an error from either source ends it at once")
  func errors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .error(250, TestError.boom)])
    let ys = scheduler.createHotObservable([.next(220, 10)])
    let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
    #expect(res.events == [.next(230, 11), .error(250, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let first = scheduler2.createHotObservable([.next(230, 1), .next(260, 2)])
    let second = scheduler2.createHotObservable([.next(220, 10), .error(240, TestError.other)])
    let res2 = scheduler2.start { first.withLatestFrom(second) { $0 + $1 } }
    #expect(res2.events == [.next(230, 11), .error(240, TestError.other)])
    #expect(first.subscriptions == [Subscription(200, 240)])
    #expect(second.subscriptions == [Subscription(200, 240)])
  }

  @Test("a throwing resultSelector errors at that tick")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
    let ys = scheduler.createHotObservable([.next(220, 10)])
    let res = scheduler.start {
      xs.withLatestFrom(ys) { x, y -> Int in
        if x == 2 { throw TestError.boom }
        return x + y
      }
    }
    #expect(res.events == [.next(230, 11), .error(240, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("disposal releases both sources")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .next(300, 2)])
    let ys = scheduler.createHotObservable([.next(220, 10)])
    let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) }
    #expect(res.events == [.next(230, 10)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("the second source is subscribed first, so its immediate value is used")
  func secondSubscribedFirst() {
    var received: [Int] = []
    var completed = false
    _ = Observable.just(1).withLatestFrom(Observable.just(2)) { $0 * 10 + $1 }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [12])
    #expect(completed)
  }
}
