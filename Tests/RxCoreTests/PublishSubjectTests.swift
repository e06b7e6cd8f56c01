import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("PublishSubject", .resourceCheck)
struct PublishSubjectTests {
  @Test("observers receive only what is sent while they are subscribed")
  func liveDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var earlySubscription: Disposable?
    scheduler.scheduleAt(100) { earlySubscription = subject.subscribe(early) }
    scheduler.scheduleAt(110) { subject.onNext(1) }
    scheduler.scheduleAt(200) { _ = subject.subscribe(late) }
    scheduler.scheduleAt(210) { subject.onNext(2) }
    scheduler.scheduleAt(250) { earlySubscription?.dispose() }
    scheduler.scheduleAt(260) { subject.onNext(3) }
    scheduler.scheduleAt(300) { subject.onCompleted() }
    scheduler.scheduleAt(310) { subject.onNext(4) }
    scheduler.start()
    #expect(early.events == [.next(110, 1), .next(210, 2)])
    #expect(late.events == [.next(210, 2), .next(260, 3), .completed(300)])
  }

  @Test("a subscriber after termination gets only the terminal event", arguments: [true, false])
  func lateSubscriberAfterTermination(withError: Bool) {
    let subject = PublishSubject<Int>()
    subject.onNext(1)
    if withError { subject.onError(TestError.boom) } else { subject.onCompleted() }
    var events: [Event<Int>] = []
    _ = subject.subscribe { events.append($0) }
    #expect(events == [withError ? .error(TestError.boom) : .completed])
  }

  @Test("hasObservers follows subscriptions and termination")
  func hasObservers() {
    let subject = PublishSubject<Int>()
    #expect(!subject.hasObservers)
    let subscription = subject.subscribe { _ in }
    #expect(subject.hasObservers)
    subscription.dispose()
    #expect(!subject.hasObservers)
    _ = subject.subscribe { _ in }
    subject.onCompleted()
    #expect(!subject.hasObservers)
  }

  @Test("after dispose, subscribers get RxError.disposed and events are dropped")
  func disposedSubject() {
    let subject = PublishSubject<Int>()
    var before: [Event<Int>] = []
    _ = subject.subscribe { before.append($0) }
    subject.dispose()
    subject.onNext(1)
    var after: [Event<Int>] = []
    _ = subject.subscribe { after.append($0) }
    #expect(before.isEmpty)
    #expect(subject.isDisposed)
    #expect(after.count == 1)
    #expect(after.first?.error is RxError)
  }

  @Test("an observer may unsubscribe another during delivery")
  func unsubscribeDuringDelivery() {
    let subject = PublishSubject<Int>()
    var second: Disposable?
    var secondValues: [Int] = []
    let first = subject.subscribe(onNext: { _ in second?.dispose() })
    second = subject.subscribe(onNext: { secondValues.append($0) })
    subject.onNext(1)
    subject.onNext(2)
    // The first event was already on its way to the snapshot of observers; the second is not.
    #expect(secondValues.count <= 1)
    #expect(!secondValues.contains(2))
    // The first observer holds the second's subscription, which holds the subject, which holds the
    // first observer: a cycle until the first subscription is disposed (the resource check saw it).
    first.dispose()
  }

  @Test("events from many threads are delivered one at a time and none is lost")
  func concurrentEmission() {
    let subject = PublishSubject<Int>()
    let inFlight = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let sum = Atomic<Int>(0)
    let subscription = subject.subscribe(onNext: { value in
      if inFlight.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.wrappingAdd(1, ordering: .relaxed)
      }
      received.wrappingAdd(1, ordering: .relaxed)
      sum.wrappingAdd(value, ordering: .relaxed)
      inFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    })
    let threads = 8
    let perThread = 5_000
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread { subject.onNext(thread * perThread + index) }
    }
    subscription.dispose()
    let total = threads * perThread
    #expect(received.load(ordering: .relaxed) == total)
    #expect(sum.load(ordering: .relaxed) == total * (total - 1) / 2)
    #expect(overlaps.load(ordering: .relaxed) == 0)
  }
}
