import RxCore
import RxTesting
import Testing

@Suite("first", .resourceCheck)
struct FirstTests {
  @Test("sends the first value at once and releases the source")
  func firstValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
    let res = scheduler.start { xs.first() }
    #expect(res.events == [.next(210, 2 as Int?), .completed(210)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test("an empty source succeeds with nil")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.first() }
    #expect(res.events == [.next(250, nil), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an error passes through")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
    let res = scheduler.start { xs.first() }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("subscribed as a single, it succeeds with the optional")
  func asSingle() {
    var values: [Int?] = []
    _ = Observable.of(4, 5).first().subscribe(onSuccess: { values.append($0) })
    _ = Observable<Int>.empty().first().subscribe(onSuccess: { values.append($0) })
    #expect(values == [4, nil])
  }
}
