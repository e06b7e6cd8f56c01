import RxCore
import RxTesting
import Testing

@Suite("Single.zip and Maybe.zip of 3 to 8", .resourceCheck)
struct PrimitiveSequenceZipTests {
  @Test("zip of three singles waits for all, releasing each as it succeeds")
  func singleThree() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(30, "b"), .completed(30)])
    let c = scheduler.createColdObservable([.next(20, 2.5), .completed(20)])
    let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle(), c.asSingle()) { "\($0)\($1)\($2)" } }
    #expect(res.events == [.next(230, "1b2.5"), .completed(230)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 230)])
    #expect(c.subscriptions == [Subscription(200, 220)])
  }

  @Test("zip of three singles as a tuple")
  func singleThreeTuple() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(20, "b"), .completed(20)])
    let c = scheduler.createColdObservable([.next(5, true), .completed(5)])
    let res = scheduler.start {
      Single.zip(a.asSingle(), b.asSingle(), c.asSingle()).map { "\($0.0)\($0.1)\($0.2)" }
    }
    #expect(res.events == [.next(220, "1btrue"), .completed(220)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 220)])
    #expect(c.subscriptions == [Subscription(200, 205)])
  }

  @Test("zip of three singles fails with the first failure and releases the others")
  func singleThreeFailure() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(50, 1), .completed(50)])
    let b = scheduler.createColdObservable([.error(20, TestError.boom, Int.self)])
    let c = scheduler.createColdObservable([.error(40, TestError.other, Int.self)])
    let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle(), c.asSingle()) { $0 + $1 + $2 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(a.subscriptions == [Subscription(200, 220)])
    #expect(b.subscriptions == [Subscription(200, 220)])
    #expect(c.subscriptions == [Subscription(200, 220)])
  }

  @Test("an error thrown by the selector fails the single")
  func singleSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(20, 2), .completed(20)])
    let c = scheduler.createColdObservable([.next(30, 3), .completed(30)])
    let res = scheduler.start {
      Single.zip(a.asSingle(), b.asSingle(), c.asSingle()) { (_, _, _) -> Int in throw TestError.other }
    }
    #expect(res.events == [.error(230, TestError.other)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 220)])
    #expect(c.subscriptions == [Subscription(200, 230)])
  }

  @Test("every arity from 4 to 8 combines all its values, with a selector and as a tuple")
  func singleHigherArities() {
    var results: [Int] = []
    let j = { (value: Int) in Single.just(value) }
    _ = Single.zip(j(1), j(2), j(3), j(4)) { $0 + $1 + $2 + $3 }.subscribe(onSuccess: { results.append($0) })
    _ = Single.zip(j(1), j(2), j(3), j(4), j(5)) { $0 + $1 + $2 + $3 + $4 }
      .subscribe(onSuccess: { results.append($0) })
    _ = Single.zip(j(1), j(2), j(3), j(4), j(5), j(6)) { $0 + $1 + $2 + $3 + $4 + $5 }
      .subscribe(onSuccess: { results.append($0) })
    _ = Single.zip(j(1), j(2), j(3), j(4), j(5), j(6), j(7)) { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
      .subscribe(onSuccess: { results.append($0) })
    _ = Single.zip(j(1), j(2), j(3), j(4), j(5), j(6), j(7), j(8)) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
      .subscribe(onSuccess: { results.append($0) })
    #expect(results == [10, 15, 21, 28, 36])
    var tuple: (Int, String, Int, Int, Int, Int, Int, Bool)?
    _ = Single.zip(j(1), Single.just("b"), j(3), j(4), j(5), j(6), j(7), Single.just(true))
      .subscribe(onSuccess: { tuple = $0 })
    #expect(tuple?.0 == 1 && tuple?.1 == "b" && tuple?.6 == 7 && tuple?.7 == true)
  }

  @Test("zip of three maybes succeeds when all succeed and completes empty when one is empty")
  func maybeThree() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.completed(30, Int.self)])
    let c = scheduler.createColdObservable([.next(20, 3), .completed(20)])
    let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe(), c.asMaybe()) { $0 + $1 + $2 } }
    #expect(res.events == [.completed(230)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 230)])
    #expect(c.subscriptions == [Subscription(200, 220)])
    var triple: (Int, String, Bool)?
    _ = Maybe.zip(Maybe.just(1), Maybe.just("a"), Maybe.just(true)).subscribe(onSuccess: { triple = $0 })
    #expect(triple?.0 == 1 && triple?.1 == "a" && triple?.2 == true)
  }
}
