import RxCore
import RxTesting
import Testing

@Suite("take(while:) and take(until: predicate)", .resourceCheck)
struct TakeWhileTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300),
  ]

  @Test("take(while:) completes at the first failing value, exclusive by default")
  func whileExclusive() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(while: { $0 < 4 }) }
    #expect(res.events == [.next(210, 2), .next(220, 3), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("take(while:) inclusive also sends the failing value")
  func whileInclusive() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(while: { $0 < 4 }, behavior: .inclusive) }
    #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("take(until: predicate) exclusive and inclusive")
  func untilPredicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(until: { $0 == 3 }) }
    #expect(res.events == [.next(210, 2), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable(Self.events)
    let res2 = scheduler2.start { ys.take(until: { $0 == 3 }, behavior: .inclusive) }
    #expect(res2.events == [.next(210, 2), .next(220, 3), .completed(220)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("predicate always true passes everything and the source's completion")
  func allPass() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(while: { _ in true }) }
    #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a throwing predicate errors at that tick")
  func throwing() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start {
      xs.take(while: { value in
        if value == 3 { throw TestError.boom }
        return true
      })
    }
    #expect(res.events == [.next(210, 2), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("source errors pass through")
  func sourceError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
    let res = scheduler.start { xs.take(while: { $0 < 10 }) }
    #expect(res.events == [.next(210, 2), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }
}
