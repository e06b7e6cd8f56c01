import RxCore
import RxTesting
import Testing

@Suite("skip", .resourceCheck)
struct SkipTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
  ]

  @Test("drops the first values")
  func skipSome() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.skip(2) }
    #expect(res.events == [.next(230, 3), .next(240, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("skip(0) passes everything; skipping more than there is leaves only the completion")
  func skipZeroAndAll() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.skip(0) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable(Self.events)
    let res2 = scheduler2.start { ys.skip(10) }
    #expect(res2.events == [.completed(300)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("errors pass through while skipping")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.skip(3) }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("skip(while:) drops until the predicate first fails, then sends everything")
  func skipWhile() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 5), .next(230, 2), .next(240, 7), .completed(300),
    ])
    let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
    #expect(res.events == [.next(220, 5), .next(230, 2), .next(240, 7), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("skip(while:) with a throwing predicate errors at that tick")
  func skipWhileThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start {
      xs.skip(while: { value in
        if value == 2 { throw TestError.boom }
        return true
      })
    }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("the predicate is not called again once skipping ended")
  func skipWhileStopsCalling() {
    var calls = 0
    var received: [Int] = []
    _ = Observable.of(1, 2, 10, 1, 2).skip(while: { value in
      calls += 1
      return value < 5
    }).subscribe(onNext: { received.append($0) })
    #expect(received == [10, 1, 2])
    #expect(calls == 3)
  }

  @Test("skip(duration:scheduler:) drops values sent during the duration")
  func skipDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
    #expect(res.events == [.next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }
}
