import RxCore
import RxTesting
import Testing

@Suite("debounce", .resourceCheck)
struct DebounceTests {
  @Test("emits the last value after a quiet period")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(260, 4), .next(265, 5), .next(330, 6),
      .completed(500),
    ])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(240, 3), .next(285, 5), .next(350, 6), .completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 500)])
  }

  @Test("completion flushes the pending value at once")
  func completionFlushes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(230, 2), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("an error drops the pending value")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, TestError.boom)])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(230, 1), .error(260, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 260)])
  }

  @Test("a value arriving exactly when the previous would fire replaces it")
  func boundary() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(400)])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(250, 2), .completed(400)])
  }

  @Test("empty, never and disposal")
  func emptyNeverDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
    let res = scheduler.start { empty.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.completed(300)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let xs = scheduler2.createHotObservable([.next(210, 1), .next(280, 2)])
    let res2 = scheduler2.start(disposed: 290) { xs.debounce(.seconds(20), scheduler: scheduler2) }
    #expect(res2.events == [.next(230, 1)])
    #expect(xs.subscriptions == [Subscription(200, 290)])
  }
}
