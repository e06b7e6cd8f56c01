import RxCore
import RxTesting
import Testing

@Suite("distinctUntilChanged", .resourceCheck)
struct DistinctUntilChangedTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
    .next(230, 1), .next(240, 2), .completed(250),
  ]

  @Test("drops consecutive duplicates")
  func equatable() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.distinctUntilChanged() }
    #expect(
      res.events == [
        .next(210, 2), .next(215, 3), .next(225, 2), .next(230, 1), .next(240, 2), .completed(250),
      ])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("compares keys from a key selector")
  func keySelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "bb"), .completed(250),
    ])
    let res = scheduler.start { xs.distinctUntilChanged { $0.lowercased() } }
    #expect(res.events == [.next(210, "a"), .next(230, "b"), .next(240, "bb"), .completed(250)])
  }

  @Test("compares with the last sent value using a comparer")
  func comparer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 5), .completed(250),
    ])
    // "Equal" when within 1 of the last sent value: 2 is dropped (vs 1), 3 is sent (vs 1), 5 is sent.
    let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) <= 1 } }
    #expect(res.events == [.next(210, 1), .next(230, 3), .next(240, 5), .completed(250)])
  }

  @Test("key selector with a comparer, and a key path")
  func keyAndComparerAndKeyPath() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, "ab"), .next(220, "cd"), .next(230, "efg"), .completed(250),
    ])
    let res = scheduler.start { xs.distinctUntilChanged({ $0.count }, comparer: { $0 == $1 }) }
    #expect(res.events == [.next(210, "ab"), .next(230, "efg"), .completed(250)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([
      .next(210, "ab"), .next(220, "cd"), .next(230, "efg"), .completed(250),
    ])
    let res2 = scheduler2.start { ys.distinctUntilChanged(at: \.count) }
    #expect(res2.events == [.next(210, "ab"), .next(230, "efg"), .completed(250)])
  }

  @Test("throwing key selector or comparer errors at that tick")
  func throwing() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start {
      xs.distinctUntilChanged { (value: Int) -> Int in
        if value == 3 { throw TestError.boom }
        return value
      }
    }
    #expect(res.events == [.next(210, 2), .error(215, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 215)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable(Self.events)
    let res2 = scheduler2.start {
      ys.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError.other }
    }
    #expect(res2.events == [.next(210, 2), .error(215, TestError.other)])
    #expect(ys.subscriptions == [Subscription(200, 215)])
  }

  @Test("errors pass through")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.distinctUntilChanged() }
    #expect(res.events == [.next(210, 1), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }
}
