import RxCore
import RxTesting
import Testing

@Suite("scan", .resourceCheck)
struct ScanTests {
  @Test("emits each accumulation, never the seed")
  func seed() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
    ])
    let res = scheduler.start { xs.scan(10) { $0 + $1 } }
    #expect(res.events == [.next(210, 12), .next(220, 15), .next(230, 19), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("scan(into:) mutates the accumulation in place")
  func into() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) } }
    #expect(res.events == [.next(210, [1]), .next(220, [1, 2]), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("an empty source gives only the completion")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
    let res = scheduler.start { xs.scan(7) { $0 + $1 } }
    #expect(res.events == [.completed(250)])
    let res2 = TestScheduler(initialClock: 0).start { Observable<Int>.empty().scan(into: 7) { $0 += $1 } }
    #expect(res2.events == [.completed(200)])
  }

  @Test("a throwing accumulator errors at that tick")
  func throwing() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.scan(0) { acc, value in
        if value == 2 { throw TestError.boom }
        return acc + value
      }
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res2 = scheduler2.start {
      ys.scan(into: 0) { acc, value in
        if value == 2 { throw TestError.other }
        acc += value
      }
    }
    #expect(res2.events == [.next(210, 1), .error(220, TestError.other)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("errors pass through and disposal releases the source")
  func errorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.scan(0, accumulator: +) }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(260, 2)])
    let res2 = scheduler2.start(disposed: 250) { ys.scan(0, accumulator: +) }
    #expect(res2.events == [.next(210, 1)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("each subscription starts from the seed")
  func freshSeedPerSubscription() {
    let sums = Observable.of(1, 2, 3).scan(0, accumulator: +)
    var first: [Int] = []
    var second: [Int] = []
    _ = sums.subscribe(onNext: { first.append($0) })
    _ = sums.subscribe(onNext: { second.append($0) })
    #expect(first == [1, 3, 6])
    #expect(second == [1, 3, 6])
  }

  @Test("the benchmark chain computes the right result")
  func benchmarkChain() {
    var last = 0
    var count = 0
    _ = Observable.from(Array(0..<10_000)).map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, accumulator: +)
      .subscribe(onNext: {
        last = $0
        count += 1
      })
    let expected = (0..<10_000).map { $0 * 2 }.filter { $0 % 3 == 0 }
    #expect(count == expected.count)
    #expect(last == expected.reduce(0, +))
  }
}

@Suite("reduce", .resourceCheck)
struct ReduceTests {
  @Test("emits the final accumulation at completion")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
    ])
    let res = scheduler.start { xs.reduce(10) { $0 + $1 } }
    #expect(res.events == [.next(300, 19), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("an empty source gives the seed")
  func emptyGivesSeed() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
    let res = scheduler.start { xs.reduce(42, accumulator: +) }
    #expect(res.events == [.next(250, 42), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("mapResult transforms the final accumulation")
  func mapResult() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
    #expect(res.events == [.next(300, "sum 3"), .completed(300)])
  }

  @Test("errors propagate: source, accumulator and mapResult")
  func errors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.reduce(0, accumulator: +) }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res2 = scheduler2.start {
      ys.reduce(0) { acc, value in
        if value == 2 { throw TestError.other }
        return acc + value
      }
    }
    #expect(res2.events == [.error(220, TestError.other)])
    #expect(ys.subscriptions == [Subscription(200, 220)])

    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = scheduler3.createHotObservable([.next(210, 1), .completed(300)])
    let res3 = scheduler3.start {
      zs.reduce(0, accumulator: +, mapResult: { (_: Int) -> Int in throw TestError.boom })
    }
    #expect(res3.events == [.error(300, TestError.boom)])
    #expect(zs.subscriptions == [Subscription(200, 300)])
  }

  @Test("never completing source emits nothing")
  func never() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let res = scheduler.start { xs.reduce(0, accumulator: +) }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }
}
