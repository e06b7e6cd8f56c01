import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

/// An error of another type than ``TestError``, for the typed variant.
private struct OtherFailure: Error, Equatable {}

@Suite("retry(when:)", .resourceCheck)
struct RetryWhenTests {
  static let failing: [Recorded<Event<Int>>] = [
    .next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40),
  ]

  @Test("the source completing completes the result; a trigger that completed meanwhile changes nothing")
  func sourceCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
    let trigger = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let res = scheduler.start(disposed: 300) { xs.retry { _ in trigger } }
    #expect(res.events == [.completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 250)])
  }

  @Test("a failure waits for the trigger: with a silent trigger nothing more happens")
  func silentTrigger() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .error(250, TestError.boom),
    ])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let res = scheduler.start { xs.retry { _ in trigger } }
    #expect(res.events == [.next(210, 2), .next(220, 3)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 1000)])
  }

  @Test("each trigger value subscribes again at once; a trigger error ends the result")
  func triggerFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable(Self.failing)
    let res = scheduler.start(disposed: 300) {
      xs.retry { (errors: Observable<Swift.Error>) in
        errors.scan(0) { count, _ in
          if count == 1 { throw TestError.other }
          return count + 1
        }
      }
    }
    #expect(
      res.events == [
        .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, TestError.other),
      ])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
  }

  @Test("the trigger completing in answer to a failure completes the result")
  func triggerCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable(Self.failing)
    let res = scheduler.start(disposed: 300) {
      xs.retry { errors in errors.scan(0) { count, _ in count + 1 }.take(while: { $0 < 2 }) }
    }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
  }

  @Test("a trigger that completes at the tick of the failure completes the result")
  func triggerCompletesSameTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable(Self.failing)
    let trigger = scheduler.createHotObservable([.next(150, 1), .completed(230)])
    let res = scheduler.start { xs.retry { _ in trigger } }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("a trigger that ended while the source ran ends the result at the source's next failure")
  func triggerEndedEarlier() {
    for failure in [nil, TestError.other] {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable(Self.failing)
      let end: Recorded<Event<Int>> = failure.map { .error(215, $0) } ?? .completed(215)
      let trigger = scheduler.createHotObservable([end])
      let res = scheduler.start { xs.retry { _ in trigger } }
      let expectedEnd: Recorded<Event<Int>> = failure.map { .error(230, $0) } ?? .completed(230)
      #expect(res.events == [.next(210, 1), .next(220, 2), expectedEnd])
      #expect(xs.subscriptions == [Subscription(200, 230)])
      #expect(trigger.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test("trigger values while the source runs are ignored; each failure waits for the next one")
  func triggerValuesWhileRunning() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.boom)])
    let trigger = scheduler.createHotObservable([.next(215, 0), .next(260, 0), .next(270, 0), .next(400, 0)])
    let res = scheduler.start(disposed: 420) { xs.retry { _ in trigger } }
    #expect(res.events == [.next(210, 1), .next(270, 1), .next(410, 1)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(260, 290), Subscription(400, 420)])
    #expect(trigger.subscriptions == [Subscription(200, 420)])
  }

  @Test("incremental back-off with a timer per failure, then giving up with the error")
  func incrementalBackOff() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
    let maxAttempts = 4
    let res = scheduler.start(disposed: 800) {
      xs.retry { (errors: Observable<Swift.Error>) in
        errors.enumerated().flatMap { attempt, error -> Observable<Int> in
          if attempt >= maxAttempts - 1 { return Observable.error(error) }
          return Observable.timer(.seconds((attempt + 1) * 50), scheduler: scheduler)
        }
      }
    }
    #expect(
      res.events == [.next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, TestError.boom)])
    #expect(
      xs.subscriptions == [
        Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
      ])
  }

  @Test("typed variant: errors of another type end the result at once")
  func typedIgnoresOtherErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
    var handled: [OtherFailure] = []
    let res = scheduler.start(disposed: 800) {
      xs.retry { (errors: Observable<OtherFailure>) in errors.do(onNext: { handled.append($0) }) }
    }
    #expect(res.events == [.next(205, 1), .error(210, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
    #expect(handled.isEmpty)
  }

  @Test("typed variant: errors of the type are handed to the handler as that type and retried")
  func typedRetriesItsErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
    var handled: [TestError] = []
    let res = scheduler.start(disposed: 800) {
      xs.retry { (errors: Observable<TestError>) in
        errors.do(onNext: { handled.append($0) }).take(2)
      }
    }
    #expect(res.events == [.next(205, 1), .next(215, 1), .next(225, 1), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    #expect(handled == [.boom, .boom])
  }

  @Test("disposal releases the current attempt and the trigger")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable(Self.failing)
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(250, 0)])
    let res = scheduler.start(disposed: 265) { xs.retry { _ in trigger } }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(260, 1)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 265)])
    #expect(trigger.subscriptions == [Subscription(200, 265)])
  }

  @Test("the handler is called once per subscription, before the source is subscribed")
  func handlerPerSubscription() {
    var log: [String] = []
    let source = Observable<Int>.create { observer in
      log.append("subscribed")
      observer.onCompleted()
      return Disposables.create()
    }
    let retried = source.retry { errors -> Observable<Swift.Error> in
      log.append("handler")
      return errors
    }
    _ = retried.subscribe()
    _ = retried.subscribe()
    #expect(log == ["handler", "subscribed", "handler", "subscribed"])
  }

  @Test("a source failing while it is subscribed is retried in a loop, not by recursion")
  func synchronousFailures() {
    var attempts = 0
    let source = Observable<Int>.create { observer in
      attempts += 1
      observer.onNext(attempts)
      if attempts < 10_000 {
        observer.onError(TestError.boom)
      } else {
        observer.onCompleted()
      }
      return Disposables.create()
    }
    var received = 0
    var completed = false
    _ = source.retry { errors in errors }.subscribe(
      onNext: { _ in received += 1 }, onCompleted: { completed = true })
    #expect(attempts == 10_000)
    #expect(received == 10_000)
    #expect(completed)
  }

  @Test("values a failed attempt sends after its error are dropped; the retry starts after it returns")
  func eventsAfterSynchronousError() {
    var attempts = 0
    let source = Observable<Int>.create { observer in
      attempts += 1
      for value in 0..<3 { observer.onNext(value) }
      if attempts < 2 { observer.onError(TestError.boom) }
      for value in 3..<6 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.create()
    }
    var received: [Int] = []
    var completions = 0
    _ = source.retry { errors in errors }.subscribe(
      onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [0, 1, 2, 0, 1, 2, 3, 4, 5])
    #expect(completions == 1)
  }

  @Test("on a dispatch scheduler: retries after a real delay until the source succeeds")
  func realScheduler() {
    let scheduler = SerialDispatchQueueScheduler(qos: .default)
    let attempts = Atomic<Int>(0)
    let source = Observable<Int>.create { observer in
      let attempt = attempts.add(1, ordering: .relaxed).newValue
      if attempt < 3 {
        observer.onError(TestError.boom)
      } else {
        observer.onNext(attempt)
        observer.onCompleted()
      }
      return Disposables.create()
    }
    let done = DispatchSemaphore(value: 0)
    let received = Mutex<[Int]>([])
    _ = source.retry { errors in
      errors.flatMap { _ in Observable<Int>.timer(.milliseconds(10), scheduler: scheduler) }
    }
    .subscribe(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received.withLock { $0 } == [3])
    #expect(attempts.load(ordering: .relaxed) == 3)
  }
}
