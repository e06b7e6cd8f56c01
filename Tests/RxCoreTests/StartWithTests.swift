import RxCore
import RxTesting
import Testing

@Suite("startWith", .resourceCheck)
struct StartWithTests {
  @Test("sends the values at subscription, in order, then the source")
  func prepends() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(220, 4), .completed(250)])
    let res = scheduler.start { xs.startWith(1, 2, 3) }
    #expect(res.events == [.next(200, 1), .next(200, 2), .next(200, 3), .next(220, 4), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("chained calls: the outer values come first")
  func chained() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 4), .completed(20)])
    let res = scheduler.start { xs.startWith(3).startWith(1, 2) }
    #expect(res.events == [.next(200, 1), .next(200, 2), .next(200, 3), .next(210, 4), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("the values come before the source is subscribed")
  func beforeSubscription() {
    var log: [String] = []
    let source = Observable<Int>.create { observer in
      log.append("subscribed")
      observer.onNext(9)
      observer.onCompleted()
      return Disposables.create()
    }
    _ = source.startWith(1, 2).subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("done") })
    #expect(log == ["1", "2", "subscribed", "9", "done"])
  }

  @Test("errors and emptiness of the source pass through")
  func errorsPassThrough() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 4), .error(230, TestError.boom)])
    let res = scheduler.start { xs.startWith(1) }
    #expect(res.events == [.next(200, 1), .next(210, 4), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let empty = scheduler2.createHotObservable([.completed(240, Int.self)])
    let res2 = scheduler2.start { empty.startWith() }
    #expect(res2.events == [.completed(240)])
    #expect(empty.subscriptions == [Subscription(200, 240)])
  }

  @Test("disposal releases the source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 4), .next(260, 5), .completed(300)])
    let res = scheduler.start(disposed: 250) { xs.startWith(1) }
    #expect(res.events == [.next(200, 1), .next(210, 4)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("each subscription gets the values again")
  func resubscription() {
    let source = Observable.just(3).startWith(1, 2)
    var first: [Int] = []
    var second: [Int] = []
    _ = source.subscribe(onNext: { first.append($0) })
    _ = source.subscribe(onNext: { second.append($0) })
    #expect(first == [1, 2, 3])
    #expect(second == [1, 2, 3])
  }
}
