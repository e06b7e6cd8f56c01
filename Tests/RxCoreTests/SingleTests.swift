import RxCore
import RxTesting
import Testing

@Suite("Single", .resourceCheck)
struct SingleTests {
  // MARK: Contract

  @Test("create: only the first event counts; a second success or a later failure is ignored")
  func createDeliversOnce() {
    var disposed = 0
    var events: [String] = []
    let single = Single<Int>.create { single in
      single(.success(1))
      single(.success(2))
      single(.failure(TestError.boom))
      return Disposables.create { disposed += 1 }
    }
    _ = single.subscribe(
      onSuccess: { events.append("success \($0)") },
      onFailure: { events.append("failure \($0)") },
      onDisposed: { events.append("disposed") })
    #expect(events == ["success 1", "disposed"])
    #expect(disposed == 1)
  }

  @Test("create: a failure ends it; a success after it is ignored")
  func createFailure() {
    var events: [String] = []
    _ = Single<Int>.create { single in
      single(.failure(TestError.boom))
      single(.success(1))
      return Disposables.create()
    }.subscribe(
      onSuccess: { events.append("success \($0)") },
      onFailure: { events.append("failure \($0)") },
      onDisposed: { events.append("disposed") })
    #expect(events == ["failure boom", "disposed"])
  }

  @Test("the SingleEvent observer receives exactly one event")
  func singleEventObserver() {
    var results: [SingleEvent<Int>] = []
    _ = Single.just(5).subscribe { results.append($0) }
    _ = Single<Int>.error(TestError.other).subscribe { results.append($0) }
    #expect(results.count == 2)
    if case .success(let value) = results[0] { #expect(value == 5) } else { Issue.record("no success") }
    if case .failure(let error) = results[1] {
      #expect(error as? TestError == .other)
    } else {
      Issue.record("no failure")
    }
  }

  @Test("in virtual time: the value and the completion arrive together, the work is released then")
  func createVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposedAt: Int?
    let res = scheduler.start {
      Single<Int>.create { single in
        let pending = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
          single(.success(7))
          single(.success(8))
          return Disposables.create()
        }
        return Disposables.create {
          pending.dispose()
          disposedAt = scheduler.clock
        }
      }
    }
    #expect(res.events == [.next(230, 7), .completed(230)])
    #expect(disposedAt == 230)
  }

  @Test("disposing before the event runs onDisposed only, and cancels the work")
  func disposeBeforeEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    var events: [String] = []
    var subscription: Disposable?
    scheduler.scheduleAt(200) {
      subscription = Single<Int>.timer(.seconds(100), scheduler: scheduler).subscribe(
        onSuccess: { events.append("success \($0)") },
        onFailure: { _ in events.append("failure") },
        onDisposed: { events.append("disposed \(scheduler.clock)") })
    }
    scheduler.scheduleAt(250) { subscription?.dispose() }
    scheduler.start()
    #expect(events == ["disposed 250"])
    #expect(scheduler.clock == 250)
  }

  @Test("subscribe(with:) passes the object and stops once it is gone")
  func subscribeWithObject() {
    final class Owner { var values: [Int] = [] }
    let owner = Owner()
    _ = Single.just(3).subscribe(with: owner, onSuccess: { $0.values.append($1) })
    #expect(owner.values == [3])
  }

  // MARK: Operators

  @Test("map and flatMap chain in virtual time; each source is released when it ends")
  func mapFlatMap() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 4), .completed(220)])
    let ys = scheduler.createColdObservable([.next(15, "y"), .completed(15)])
    let res = scheduler.start {
      xs.asSingle().map { $0 * 10 }.flatMap { value in ys.asSingle().map { "\($0)\(value)" } }
    }
    #expect(res.events == [.next(235, "y40"), .completed(235)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(220, 235)])
  }

  @Test("a throwing map fails the single")
  func throwingMap() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Single.just(1).map { _ -> Int in throw TestError.boom }
    }
    #expect(res.events == [.error(200, TestError.boom)])
  }

  @Test("a failure of the inner single of flatMap fails the result")
  func flatMapInnerFailure() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.error(20, TestError.other, Int.self)])
    let res = scheduler.start {
      Single.just(1).flatMap { _ in ys.asSingle() }
    }
    #expect(res.events == [.error(220, TestError.other)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("filter gives a maybe: empty when the predicate refuses")
  func filterToMaybe() {
    var events: [String] = []
    _ = Single.just(1).filter { $0 > 1 }.subscribe(
      onSuccess: { events.append("success \($0)") }, onCompleted: { events.append("completed") })
    _ = Single.just(2).filter { $0 > 1 }.subscribe(
      onSuccess: { events.append("success \($0)") }, onCompleted: { events.append("completed") })
    #expect(events == ["completed", "success 2"])
  }

  @Test("catchAndReturn and catch replace a failure")
  func catching() {
    var values: [Int] = []
    _ = Single<Int>.error(TestError.boom).catchAndReturn(9).subscribe(onSuccess: { values.append($0) })
    _ = Single<Int>.error(TestError.boom).catch { _ in Single.just(8) }.subscribe(onSuccess: {
      values.append($0)
    })
    #expect(values == [9, 8])
  }

  @Test("retry resubscribes a failing single")
  func retry() {
    var attempts = 0
    var result: Int?
    _ = Single<Int>.deferred {
      attempts += 1
      return attempts < 3 ? Single.error(TestError.boom) : Single.just(attempts)
    }.retry(5).subscribe(onSuccess: { result = $0 })
    #expect(attempts == 3)
    #expect(result == 3)
  }

  @Test("do runs its side effects in order")
  func doSideEffects() {
    var log: [String] = []
    _ = Single.just(1).do(
      onSuccess: { log.append("on \($0)") }, afterSuccess: { log.append("after \($0)") },
      onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
      onDispose: { log.append("dispose") }
    ).subscribe(onSuccess: { log.append("value \($0)") })
    // The source completes during subscription; its release waits until the subscription exists.
    #expect(log == ["subscribe", "on 1", "value 1", "after 1", "subscribed", "dispose"])
  }

  @Test("asCompletable drops the value; asMaybe keeps it")
  func conversions() {
    var events: [String] = []
    _ = Single.just(1).asCompletable().subscribe(onCompleted: { events.append("completed") })
    _ = Single.just(2).asMaybe().subscribe(onSuccess: { events.append("maybe \($0)") })
    #expect(events == ["completed", "maybe 2"])
  }

  // MARK: Zip

  @Test("zip of two singles waits for both and releases both")
  func zipTwo() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(30, "b"), .completed(30)])
    let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()).map { "\($0.0)\($0.1)" } }
    #expect(res.events == [.next(230, "1b"), .completed(230)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 230)])
  }

  @Test("zip fails with the first failure and releases the other single")
  func zipFailure() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(50, 1), .completed(50)])
    let b = scheduler.createColdObservable([.error(20, TestError.boom, Int.self)])
    let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(a.subscriptions == [Subscription(200, 220)])
    #expect(b.subscriptions == [Subscription(200, 220)])
  }

  @Test("zip of a collection keeps its order; an empty collection succeeds with []")
  func zipCollection() {
    var results: [[Int]] = []
    _ = Single.zip([Single.just(1), Single.just(2), Single.just(3)]).subscribe(onSuccess: {
      results.append($0)
    })
    _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { results.append($0) })
    var sum: Int?
    _ = Single.zip([Single.just(4), Single.just(5)]) { $0.reduce(0, +) }.subscribe(onSuccess: { sum = $0 })
    #expect(results == [[1, 2, 3], []])
    #expect(sum == 9)
  }

  @Test("just on a scheduler succeeds one step later ; a subscriber is done at the value")
  func justOnScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(1, scheduler: scheduler) }
    #expect(res.events == [.next(201, 1), .completed(202)])
    let second = TestScheduler(initialClock: 0)
    var value: Int?
    var disposedAt: Int?
    second.scheduleAt(300) {
      _ = Single.just(2, scheduler: second).subscribe(
        onSuccess: { value = $0 }, onDisposed: { disposedAt = second.clock })
    }
    second.start()
    #expect(value == 2)
    #expect(disposedAt == 301)
  }

  @Test("never never produces anything")
  func never() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single<Int>.never() }
    #expect(res.events.isEmpty)
  }
}
