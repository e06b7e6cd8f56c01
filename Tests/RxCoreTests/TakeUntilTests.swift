import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

/// A thread-safe counter for the real-thread test below.
private final class TakeUntilCounter: Sendable {
  private let storage = Atomic<Int>(0)

  var value: Int { storage.load(ordering: .sequentiallyConsistent) }

  @discardableResult
  func add(_ delta: Int) -> Int { storage.wrappingAdd(delta, ordering: .sequentiallyConsistent).newValue }

  func increment() -> Int { add(1) }

  func max(_ candidate: Int) {
    var current = value
    while candidate > current {
      let (exchanged, original) = storage.compareExchange(
        expected: current, desired: candidate, ordering: .sequentiallyConsistent)
      if exchanged { return }
      current = original
    }
  }
}

@Suite("take(until: other)", .resourceCheck)
struct TakeUntilTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
  ]

  @Test("other's first value completes the sequence; both released at that tick")
  func otherNext() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, "a"), .next(225, "b"), .completed(230)])
    let res = scheduler.start { l.take(until: r) }
    #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
    #expect(l.subscriptions == [Subscription(200, 225)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("other's error ends the sequence with it")
  func otherError() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, 1), .error(225, TestError.boom)])
    let res = scheduler.start { l.take(until: r) }
    #expect(res.events == [.next(210, 2), .next(220, 3), .error(225, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 225)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("other completing empty is released; the source goes on")
  func otherEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
    let res = scheduler.start { l.take(until: r) }
    #expect(
      res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test("source completing first releases other")
  func sourceFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable(Self.source)
    let r = scheduler.createHotObservable([Recorded<Event<Int>>.next(300, 1)])
    let res = scheduler.start { l.take(until: r) }
    #expect(res.events.count == 5)
    #expect(res.events.last == .completed(250))
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 250)])
  }

  @Test("source error and disposal")
  func sourceErrorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let l = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
    let r = scheduler.createHotObservable([Recorded<Event<Int>>.next(300, 1)])
    let res = scheduler.start { l.take(until: r) }
    #expect(res.events == [.next(210, 2), .error(220, TestError.boom)])
    #expect(r.subscriptions == [Subscription(200, 220)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let l2 = scheduler2.createHotObservable([Recorded<Event<Int>>.next(210, 2)])
    let r2 = scheduler2.createHotObservable([Recorded<Event<Int>>.next(300, 1)])
    let res2 = scheduler2.start(disposed: 250) { l2.take(until: r2) }
    #expect(res2.events == [.next(210, 2)])
    #expect(l2.subscriptions == [Subscription(200, 250)])
    #expect(r2.subscriptions == [Subscription(200, 250)])
  }

  @Test("other is subscribed before the source: a synchronous other means nothing is taken")
  func synchronousOther() {
    var subscribedSource = false
    let source = Observable<Int>.create { observer in
      subscribedSource = true
      observer.onNext(1)
      return Disposables.create()
    }
    var events: [Event<Int>] = []
    _ = source.take(until: Observable.just(0)).subscribe { events.append($0) }
    #expect(events == [.completed])
    #expect(subscribedSource)
  }

  @Test("concurrent events from both sources are serialised, and nothing follows the completion")
  func concurrent() {
    // Eight threads feed the subjects at once. Which values come before the completion is not fixed:
    // a value sent while another thread delivers waits in the subject's queue, so `other` can overtake
    // it (RxSwift would block the sender instead). What holds: one delivery at a time, a completion,
    // and no value after it.
    let source = PublishSubject<Int>()
    let other = PublishSubject<Int>()
    let inFlight = TakeUntilCounter()
    let maxInFlight = TakeUntilCounter()
    let completed = TakeUntilCounter()
    let afterCompletion = TakeUntilCounter()
    let done = DispatchSemaphore(value: 0)
    let subscription = source.take(until: other).subscribe(
      onNext: { _ in
        let now = inFlight.increment()
        maxInFlight.max(now)
        if completed.value > 0 { afterCompletion.add(1) }
        inFlight.add(-1)
      },
      onCompleted: {
        completed.add(1)
        done.signal()
      })
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      if index == 7 {
        for _ in 0..<100 { source.onNext(1) }
        other.onNext(1)
      } else {
        for value in 0..<1000 { source.onNext(value) }
      }
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(maxInFlight.value <= 1)
    #expect(completed.value == 1)
    #expect(afterCompletion.value == 0)
    subscription.dispose()
  }
}
