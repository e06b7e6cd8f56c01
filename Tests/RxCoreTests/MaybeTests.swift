import RxCore
import RxTesting
import Testing

@Suite("Maybe", .resourceCheck)
struct MaybeTests {
  private func record<Element>(_ maybe: Maybe<Element>) -> [String] {
    var log: [String] = []
    _ = maybe.subscribe(
      onSuccess: { log.append("success \($0)") },
      onError: { log.append("error \($0)") },
      onCompleted: { log.append("completed") },
      onDisposed: { log.append("disposed") })
    return log
  }

  @Test("create: success, error or completion, only the first counts")
  func createDeliversOnce() {
    var disposed = 0
    let success = Maybe<Int>.create { maybe in
      maybe(.success(1))
      maybe(.completed)
      maybe(.success(2))
      return Disposables.create { disposed += 1 }
    }
    let empty = Maybe<Int>.create { maybe in
      maybe(.completed)
      maybe(.success(3))
      return Disposables.create { disposed += 1 }
    }
    let failure = Maybe<Int>.create { maybe in
      maybe(.error(TestError.boom))
      maybe(.completed)
      return Disposables.create { disposed += 1 }
    }
    #expect(record(success) == ["success 1", "disposed"])
    #expect(record(empty) == ["completed", "disposed"])
    #expect(record(failure) == ["error boom", "disposed"])
    #expect(disposed == 3)
  }

  @Test("the MaybeEvent observer receives exactly one event")
  func maybeEventObserver() {
    var log: [String] = []
    let observer: (MaybeEvent<Int>) -> Void = { event in
      switch event {
      case .success(let value): log.append("success \(value)")
      case .error(let error): log.append("error \(error)")
      case .completed: log.append("completed")
      }
    }
    _ = Maybe.just(1).subscribe(observer)
    _ = Maybe<Int>.empty().subscribe(observer)
    _ = Maybe<Int>.error(TestError.other).subscribe(observer)
    _ = Maybe<Int>.never().subscribe(observer)
    #expect(log == ["success 1", "completed", "error other"])
  }

  @Test("in virtual time: map, filter and flatMap; sources released when they end")
  func operators() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 3), .completed(220)])
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let res = scheduler.start {
      xs.asMaybe().map { $0 * 2 }.filter { $0 > 5 }.flatMap { value in ys.asMaybe().map { $0 + value } }
    }
    #expect(res.events == [.next(230, 7), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(220, 230)])
  }

  @Test("an empty maybe skips flatMap and completes")
  func emptyFlatMap() {
    var calls = 0
    let log = record(
      Maybe<Int>.empty().flatMap { _ -> Maybe<Int> in
        calls += 1
        return .just(1)
      })
    #expect(log == ["completed", "disposed"])
    #expect(calls == 0)
  }

  @Test("ifEmpty gives a single or continues with another maybe")
  func ifEmpty() {
    var values: [Int] = []
    _ = Maybe<Int>.empty().ifEmpty(default: 4).subscribe(onSuccess: { values.append($0) })
    _ = Maybe<Int>.just(1).ifEmpty(default: 4).subscribe(onSuccess: { values.append($0) })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(5)).subscribe(onSuccess: { values.append($0) })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(6)).subscribe(onSuccess: { values.append($0) })
    #expect(values == [4, 1, 5, 6])
  }

  @Test("compactMap drops nil; catchAndReturn replaces an error")
  func compactMapAndCatch() {
    #expect(record(Maybe.just("x").compactMap { Int($0) }) == ["completed", "disposed"])
    #expect(record(Maybe.just("7").compactMap { Int($0) }) == ["success 7", "disposed"])
    #expect(record(Maybe<Int>.error(TestError.boom).catchAndReturn(0)) == ["success 0", "disposed"])
  }

  @Test("zip succeeds when both succeed, completes empty when one is empty")
  func zip() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.completed(30, Int.self)])
    let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) { $0 + $1 } }
    #expect(res.events == [.completed(230)])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 230)])
    var pair: (Int, String)?
    _ = Maybe.zip(Maybe.just(1), Maybe.just("a")).subscribe(onSuccess: { pair = $0 })
    #expect(pair?.0 == 1 && pair?.1 == "a")
  }

  @Test("disposal before the event runs onDisposed only")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    var subscription: Disposable?
    scheduler.scheduleAt(200) {
      subscription = Maybe<Int>.timer(.seconds(100), scheduler: scheduler).subscribe(
        onSuccess: { log.append("success \($0)") }, onDisposed: { log.append("disposed \(scheduler.clock)") })
    }
    scheduler.scheduleAt(250) { subscription?.dispose() }
    scheduler.start()
    #expect(log == ["disposed 250"])
  }
}
