import RxCore
import RxTesting
import Testing

@Suite("map", .resourceCheck)
struct MapTests {
  @Test("transforms each value and keeps the timing")
  func transformsValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
    ])
    let res = scheduler.start { xs.map { $0 * 10 } }
    #expect(res.events == [.next(210, 20), .next(240, 30), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a throwing transform ends the sequence and releases the source at that tick")
  func throwingTransform() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let res = scheduler.start {
      xs.map { value -> Int in
        if value == 2 { throw TestError.boom }
        return value
      }
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("disposal stops delivery and unsubscribes")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(300, 3)])
    let res = scheduler.start(disposed: 250) { xs.map { $0 + 1 } }
    #expect(res.events == [.next(210, 2)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("errors pass through")
  func errorPassesThrough() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])
    let res = scheduler.start { xs.map { "\($0)" } }
    #expect(res.events == [.next(210, "1"), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("cold sources start at subscription")
  func coldSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let res = scheduler.start { xs.map { $0 * 2 } }
    #expect(res.events == [.next(210, 2), .next(220, 4), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("synchronous sources deliver during subscribe")
  func synchronousSources() {
    var received: [Int] = []
    var completed = false
    _ = Observable.of(1, 2, 3).map { $0 * 2 }.filter { $0 > 2 }.subscribe(
      onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [4, 6])
    #expect(completed)
  }
}
