import RxCore
import RxTesting
import Testing

@Suite("compactMap", .resourceCheck)
struct CompactMapTests {
  @Test("drops nil results and keeps the timing")
  func dropsNil() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
    ])
    let res = scheduler.start { xs.compactMap { Int($0) } }
    #expect(res.events == [.next(210, 1), .next(230, 3), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a throwing transform errors at that tick")
  func throwing() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.compactMap { value -> Int? in
        if value == 2 { throw TestError.boom }
        return value
      }
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("errors pass through; disposal releases the source")
  func errorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.compactMap { $0 } }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(260, 2)])
    let res2 = scheduler2.start(disposed: 250) { ys.compactMap { $0 * 2 } }
    #expect(res2.events == [.next(210, 2)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }
}
