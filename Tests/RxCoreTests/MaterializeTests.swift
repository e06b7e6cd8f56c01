import RxCore
import RxTesting
import Testing

@Suite("materialize / dematerialize", .resourceCheck)
struct MaterializeTests {
  private func describe(_ events: [Recorded<Event<Event<Int>>>]) -> [String] {
    events.map { recorded in
      switch recorded.value {
      case .next(let inner): return "next(\(recorded.time), \(inner))"
      case .error(let error): return "error(\(recorded.time), \(error))"
      case .completed: return "completed(\(recorded.time))"
      }
    }
  }

  @Test("materialize turns the values and the completion into values, then completes")
  func materializeCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
    let res = scheduler.start { xs.materialize() }
    #expect(describe(res.events) == ["next(210, next(1))", "next(250, completed)", "completed(250)"])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("materialize turns an error into a value and completes instead of failing")
  func materializeError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.materialize() }
    #expect(describe(res.events) == ["next(210, next(1))", "next(230, error(boom))", "completed(230)"])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("dematerialize undoes materialize")
  func roundTrip() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    let res = scheduler.start { xs.materialize().dematerialize() }
    #expect(res.events == [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("dematerialize: a carried completion ends the result and releases the source")
  func carriedCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, Event<Int>.next(1)), .next(220, Event<Int>.completed), .next(230, Event<Int>.next(2)),
      .completed(300),
    ])
    let res = scheduler.start { xs.dematerialize() }
    #expect(res.events == [.next(210, 1), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("dematerialize: the source's own error and disposal")
  func sourceErrorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .error(230, TestError.other)])
    let res = scheduler.start { xs.dematerialize() }
    #expect(res.events == [.next(210, 1), .error(230, TestError.other)])
    let ys = scheduler.createHotObservable([.next(1010, Event<Int>.next(1)), .completed(1300)])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1100) { ys.dematerialize() }
    #expect(res2.events == [.next(1010, 1)])
    #expect(ys.subscriptions == [Subscription(1001, 1100)])
  }
}
