import RxCore
import RxTesting
import Testing

@Suite("retry", .resourceCheck)
struct RetryTests {
  @Test("retry() subscribes again at the tick of each error")
  func retriesForever() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let res = scheduler.start(disposed: 300) { xs.retry() }
    #expect(res.events == [.next(210, 1), .next(240, 1), .next(270, 1)])
    #expect(
      xs.subscriptions == [
        Subscription(200, 230), Subscription(230, 260), Subscription(260, 290), Subscription(290, 300),
      ])
  }

  @Test("retry(n) makes n attempts in all, then sends the last error")
  func retriesCount() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let res = scheduler.start { xs.retry(3) }
    #expect(res.events == [.next(210, 1), .next(240, 1), .next(270, 1), .error(290, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260), Subscription(260, 290)])
  }

  @Test("retry(1) does not retry")
  func retryOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let res = scheduler.start { xs.retry(1) }
    #expect(res.events == [.next(210, 1), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("completion ends it without another attempt")
  func completion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let res = scheduler.start { xs.retry(5) }
    #expect(res.events == [.next(210, 1), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createColdObservable([.next(10, 1), .completed(20)])
    let res2 = scheduler2.start { ys.retry() }
    #expect(res2.events == [.next(210, 1), .completed(220)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("a hot source is seen from each new subscription on")
  func hotSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .error(220, TestError.boom), .next(230, 2), .error(240, TestError.other), .next(250, 3),
      .completed(260),
    ])
    let res = scheduler.start { xs.retry() }
    #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }

  @Test("an attempt that succeeds ends the retries")
  func laterSuccess() {
    var attempts = 0
    let source = Observable<Int>.create { observer in
      attempts += 1
      observer.onNext(attempts)
      if attempts < 3 {
        observer.onError(TestError.boom)
      } else {
        observer.onCompleted()
      }
      return Disposables.create()
    }
    var received: [Int] = []
    var completions = 0
    _ = source.retry().subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [1, 2, 3])
    #expect(completions == 1)
    #expect(attempts == 3)
  }

  @Test("retry(0) completes without subscribing")
  func retryZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let res = scheduler.start { xs.retry(0) }
    #expect(res.events == [.completed(200)])
    #expect(xs.subscriptions == [])
  }

  @Test("100,000 synchronous failures keep a flat stack")
  func manySynchronousFailures() {
    let probe = StackProbe()
    var attempts = 0
    let failing = Observable<Int>.create { observer in
      attempts += 1
      probe.mark()
      observer.onError(attempts == 100_000 ? TestError.other : TestError.boom)
      return Disposables.create()
    }
    var errors: [String] = []
    _ = failing.retry(100_000).subscribe(onError: { errors.append("\($0)") })
    #expect(attempts == 100_000)
    #expect(errors == ["other"])
    #expect(probe.spread < 64 * 1024)
  }
}
