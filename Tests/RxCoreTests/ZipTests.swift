import RxCore
import RxTesting
import Testing

@Suite("zip", .resourceCheck)
struct ZipTests {
  @Test("pairs values by index, waiting for the slower source")
  func pairsByIndex() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(400),
    ])
    let ys = scheduler.createHotObservable([.next(150, 0), .next(240, 10), .next(250, 20), .completed(300)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(240, 11), .next(250, 22), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("the form without a selector emits tuples")
  func tupleForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
    let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
    let res = scheduler.start { Observable.zip(xs, ys).map { "\($0.0)\($0.1)" } }
    #expect(res.events == [.next(220, "1a"), .next(240, "2b"), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 260)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("completes only when both completed, even if a completed source's queue is empty (RxSwift 6)")
  func leftCompletesFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
    let ys = scheduler.createHotObservable([.next(215, 4), .completed(225)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(215, 6), .completed(225)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 225)])
  }

  @Test("an empty source does not complete it while the other goes on; values then go nowhere")
  func emptyAndNonEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
    let res = scheduler.start { Observable.zip(empty, other) { $0 + $1 } }
    #expect(res.events == [.completed(220)])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(other.subscriptions == [Subscription(200, 220)])
  }

  @Test("empty and never: never completes")
  func emptyNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(210, Int.self)])
    let never = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
    #expect(res.events == [])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(never.subscriptions == [Subscription(200, 1000)])
  }

  @Test("queued values are still paired after their source completed")
  func queuedValuesAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(212, 3), .completed(215)])
    let ys = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .completed(240)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 11), .next(230, 22), .completed(240)])
    #expect(xs.subscriptions == [Subscription(200, 215)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("an error ends it at once, releasing both sources")
  func errorEndsAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(215, 2), .completed(230)])
    let ys = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("a throwing resultSelector errors at that tick")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let ys = scheduler.createHotObservable([.next(212, 1), .next(230, 2)])
    let res = scheduler.start {
      Observable.zip(xs, ys) { x, y -> Int in
        if x == 2 { throw TestError.boom }
        return x + y
      }
    }
    #expect(res.events == [.next(212, 2), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal releases both sources")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
    let ys = scheduler.createHotObservable([.next(220, 1), .next(270, 2)])
    let res = scheduler.start(disposed: 250) { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 2)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("synchronous sources")
  func synchronousSources() {
    var received: [Int] = []
    var completed = false
    _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [11, 22])
    #expect(completed)
  }

  @Test("a source far ahead: its queued values, nil ones included, pair in order as the other catches up")
  func longQueue() {
    let fast = PublishSubject<Int?>()
    let slow = PublishSubject<Int>()
    var received: [String] = []
    let subscription = Observable.zip(fast, slow) { "\($0.map(String.init) ?? "nil")-\($1)" }
      .subscribe(onNext: { received.append($0) })
    func fastValue(_ index: Int) -> Int? { index % 3 == 0 ? nil : index }
    // 150 values wait, then the slow source takes 100 (past the queue's compaction point), the fast
    // one adds 50 behind the 50 still waiting, and the slow one takes them all.
    for index in 0..<150 { fast.onNext(fastValue(index)) }
    for index in 0..<100 { slow.onNext(index) }
    for index in 150..<200 { fast.onNext(fastValue(index)) }
    for index in 100..<200 { slow.onNext(index) }
    subscription.dispose()
    #expect(received == (0..<200).map { "\(fastValue($0).map(String.init) ?? "nil")-\($0)" })
  }

  // MARK: Generated arities 3, 5 and 8

  @Test("three, five and eight sources pair values by index; completion when all completed")
  func pairsByIndexThreeFiveEight() {
    for arity in [3, 5, 8] {
      let scheduler = TestScheduler(initialClock: 0)
      // Source k sends k at 210 + k and 10 * k at 250 - k, and completes at 300 + 10 * k.
      let xs = (1...arity).map { k in
        scheduler.createHotObservable([.next(210 + k, k), .next(250 - k, 10 * k), .completed(300 + 10 * k)])
      }
      let res = scheduler.start { zipSum(xs) }
      let sum = (1...arity).reduce(0, +)
      #expect(res.events == [.next(210 + arity, sum), .next(249, 10 * sum), .completed(300 + 10 * arity)])
      for (index, x) in xs.enumerated() { #expect(x.subscriptions == [Subscription(200, 310 + 10 * index)]) }
    }
  }

  @Test("three, five and eight sources: a completed, empty source does not end it before all completed")
  func completedEmptySourceThreeFiveEight() {
    for arity in [3, 5, 8] {
      let scheduler = TestScheduler(initialClock: 0)
      // The first source sends one value and completes at 215; the others send two and complete later:
      // the second index can never be paired, yet the result completes only with the last source.
      var xs = [scheduler.createHotObservable([.next(210, 1), .completed(215)])]
      xs += (2...arity).map { k in
        scheduler.createHotObservable([.next(220, k), .next(230, 10 * k), .completed(300 + k)])
      }
      let res = scheduler.start { zipSum(xs) }
      #expect(res.events == [.next(220, (1...arity).reduce(0, +)), .completed(300 + arity)])
      #expect(xs[0].subscriptions == [Subscription(200, 215)])
      for (index, x) in xs.enumerated().dropFirst() {
        #expect(x.subscriptions == [Subscription(200, 301 + index)])
      }
    }
  }

  @Test("three, five and eight sources: an error ends it at once and releases every source")
  func errorsThreeFiveEight() {
    for arity in [3, 5, 8] {
      let scheduler = TestScheduler(initialClock: 0)
      var xs = (1...arity).map { k in scheduler.createHotObservable([.next(210 + k, k), .completed(500)]) }
      xs[arity - 1] = scheduler.createHotObservable([.next(210, 0), .error(240, TestError.boom)])
      let res = scheduler.start { zipSum(xs) }
      let sum = (1...arity).reduce(0, +) - arity
      #expect(res.events == [.next(209 + arity, sum), .error(240, TestError.boom)])
      for x in xs { #expect(x.subscriptions == [Subscription(200, 240)]) }
    }
  }

  @Test("eight sources: a throwing selector errors; the tuple form pairs every type")
  func eightSourcesSelectorAndTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (1...8).map { k in scheduler.createHotObservable([.next(210 + k, k), .next(230 + k, 0)]) }
    let res = scheduler.start {
      Observable.zip(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]) {
        a, _, _, _, _, _, _, _ -> Int in
        if a == 0 { throw TestError.other }
        return a
      }
    }
    #expect(res.events == [.next(218, 1), .error(238, TestError.other)])
    for x in xs { #expect(x.subscriptions == [Subscription(200, 238)]) }

    let scheduler2 = TestScheduler(initialClock: 0)
    let a = scheduler2.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let b = scheduler2.createHotObservable([.next(211, "b"), .next(241, "B"), .completed(300)])
    let c = scheduler2.createHotObservable([.next(212, true), .next(242, false), .completed(300)])
    let d = scheduler2.createHotObservable([.next(213, 2.5), .next(243, 3.5), .completed(300)])
    let e = scheduler2.createHotObservable([.next(214, 5), .next(244, 6), .completed(300)])
    let f = scheduler2.createHotObservable([.next(215, "f"), .next(245, "F"), .completed(300)])
    let g = scheduler2.createHotObservable([.next(216, 7), .next(246, 8), .completed(300)])
    let h = scheduler2.createHotObservable([.next(217, "h"), .completed(310)])
    let res2 = scheduler2.start {
      Observable.zip(a, b, c, d, e, f, g, h).map {
        "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)\($0.6)\($0.7)"
      }
    }
    // h's second value never comes: the second index is dropped when the last source completes.
    #expect(res2.events == [.next(217, "1btrue2.55f7h"), .completed(310)])
    #expect(a.subscriptions == [Subscription(200, 300)])
    #expect(h.subscriptions == [Subscription(200, 310)])
  }

  @Test("five sources as a tuple")
  func fiveSourcesTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(260)])
    let b = scheduler.createHotObservable([.next(250, "b"), .completed(260)])
    let c = scheduler.createHotObservable([.next(220, true), .completed(260)])
    let d = scheduler.createHotObservable([.next(230, 2.5), .completed(260)])
    let e = scheduler.createHotObservable([.next(240, 5), .completed(270)])
    let res = scheduler.start { Observable.zip(a, b, c, d, e).map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)" } }
    #expect(res.events == [.next(250, "1btrue2.55"), .completed(270)])
    #expect(e.subscriptions == [Subscription(200, 270)])
  }

  // MARK: Collection

  @Test("collection: symmetric sources")
  func collectionSymmetric() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let c = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])
    let res = scheduler.start { Observable.zip([a, b, c]) }
    #expect(res.events == [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)])
    #expect(a.subscriptions == [Subscription(200, 420)])
    #expect(b.subscriptions == [Subscription(200, 410)])
    #expect(c.subscriptions == [Subscription(200, 400)])
  }

  @Test("collection: a value that cannot be paired while every other source completed ends it")
  func collectionAsymmetric() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(270)])
    let b = scheduler.createHotObservable([
      .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
    ])
    let c = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)])
    let res = scheduler.start { Observable.zip([a, b, c]) { $0.reduce(0, +) } }
    #expect(res.events == [.next(230, 6), .next(260, 15), .completed(310)])
    #expect(a.subscriptions == [Subscription(200, 270)])
    #expect(b.subscriptions == [Subscription(200, 310)])
    #expect(c.subscriptions == [Subscription(200, 300)])
  }

  @Test("collection: empty completes at once without a value")
  func collectionEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.zip([Observable<Int>]()) }
    #expect(res.events == [.completed(200)])
  }

  @Test("collection: errors and throwing selectors end it at once")
  func collectionErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let res = scheduler.start { Observable.zip([a, b]) }
    #expect(res.events == [.next(220, [1, 2]), .error(250, TestError.boom)])
    #expect(a.subscriptions == [Subscription(200, 250)])
    #expect(b.subscriptions == [Subscription(200, 250)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let x = scheduler2.createHotObservable([.next(210, 1)])
    let y = scheduler2.createHotObservable([.next(220, 2)])
    let res2 = scheduler2.start { Observable.zip([x, y]) { _ -> Int in throw TestError.other } }
    #expect(res2.events == [.error(220, TestError.other)])
    #expect(x.subscriptions == [Subscription(200, 220)])
  }
}

/// `Observable.zip` of 3, 5 or 8 of `sources`, summing each index.
private func zipSum(_ xs: [TestableObservable<Int>]) -> Observable<Int> {
  switch xs.count {
  case 3: return Observable.zip(xs[0], xs[1], xs[2]) { $0 + $1 + $2 }
  case 5: return Observable.zip(xs[0], xs[1], xs[2], xs[3], xs[4]) { $0 + $1 + $2 + $3 + $4 }
  case 8:
    return Observable.zip(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]) {
      $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
    }
  default: fatalError("no zip of \(xs.count) in this test")
  }
}
