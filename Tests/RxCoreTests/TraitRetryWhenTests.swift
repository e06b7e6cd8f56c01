import RxCore
import RxTesting
import Testing

@Suite("Single, Maybe and Completable retry(when:)", .resourceCheck)
struct TraitRetryWhenTests {
  /// A source whose first subscription goes to `first` and every later one to `then`.
  private func firstThen<Element>(_ first: TestableObservable<Element>, _ then: TestableObservable<Element>)
    -> Observable<Element>
  {
    var attempts = 0
    return Observable.deferred {
      attempts += 1
      return attempts == 1 ? first.asObservable() : then.asObservable()
    }
  }

  @Test("a single that fails once is subscribed again when the trigger fires, and then succeeds")
  func singleRetried() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
    let succeeding = scheduler.createColdObservable([.next(10, 42), .completed(10)])
    let source = firstThen(failing, succeeding).asSingle()
    let res = scheduler.start { source.retry { errors in errors.map { _ in () } }.asObservable() }
    #expect(res.events == [.next(220, 42), .completed(220)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
    #expect(succeeding.subscriptions == [Subscription(210, 220)])
  }

  @Test("the trigger's error ends the single with that error")
  func singleGivesUp() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
    let res = scheduler.start {
      failing.asSingle().retry { errors in
        errors.enumerated().flatMap { attempt, error -> Observable<Void> in
          attempt < 2 ? .just(()) : .error(error)
        }
      }.asObservable()
    }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(
      failing.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
  }

  @Test("a typed handler sees only its errors; any other error ends the single at once")
  func singleTyped() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.other, Int.self)])
    let res = scheduler.start {
      failing.asSingle().retry { (errors: Observable<OtherError>) in errors.map { _ in () } }.asObservable()
    }
    #expect(res.events == [.error(210, TestError.other)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
  }

  @Test("a maybe that fails once completes empty on its second subscription")
  func maybeRetried() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
    let empty = scheduler.createColdObservable([.completed(15, Int.self)])
    let source = firstThen(failing, empty).asMaybe()
    let res = scheduler.start { source.retry { errors in errors.map { _ in () } }.asObservable() }
    #expect(res.events == [.completed(225)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
    #expect(empty.subscriptions == [Subscription(210, 225)])
  }

  @Test("a maybe ends empty when its trigger completes instead of sending a value")
  func maybeTriggerCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
    let res = scheduler.start {
      failing.asMaybe().retry { errors in errors.take(1).ignoreElements() }.asObservable()
    }
    #expect(res.events == [.completed(210)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
  }

  @Test("a completable's typed handler retries its own errors and passes any other one on")
  func completableTyped() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Never.self)])
    let other = scheduler.createColdObservable([.error(5, OtherError.foreign, Never.self)])
    let source = firstThen(failing, other).asCompletable()
    let res = scheduler.start {
      source.retry { (errors: Observable<TestError>) in errors.map { _ in () } }.asObservable()
    }
    #expect(res.events.count == 1)
    #expect(res.events.first?.time == 215)
    #expect(res.events.first?.value.error as? OtherError == .foreign)
    #expect(failing.subscriptions == [Subscription(200, 210)])
    #expect(other.subscriptions == [Subscription(210, 215)])
  }

  @Test("a completable is retried after the trigger's delay, and completes")
  func completableRetried() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.error(10, TestError.boom, Never.self)])
    let completing = scheduler.createColdObservable([.completed(20, Never.self)])
    let source = firstThen(failing, completing).asCompletable()
    let res = scheduler.start {
      source.retry { errors in
        errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: scheduler) }
      }.asObservable()
    }
    #expect(res.events == [.completed(235)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
    #expect(completing.subscriptions == [Subscription(215, 235)])
  }
}

private enum OtherError: Error {
  case unused
  case foreign
}
