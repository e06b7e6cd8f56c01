import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

/// Counts how many threads are inside the observer at once, and the most ever seen.
private final class ObserveOnProbe: Sendable {
  private let inside = Atomic<Int>(0)
  private let most = Atomic<Int>(0)

  var maximum: Int { most.load(ordering: .sequentiallyConsistent) }

  func enter() {
    let now = inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    var seen = most.load(ordering: .sequentiallyConsistent)
    while now > seen {
      let (exchanged, original) = most.compareExchange(
        expected: seen, desired: now, ordering: .sequentiallyConsistent)
      if exchanged { break }
      seen = original
    }
  }

  func leave() { inside.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
}

@Suite("observe(on:)", .resourceCheck)
struct ObserveOnTests {
  @Test("on a TestScheduler each event arrives one tick later")
  func virtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
    ])
    let res = scheduler.start { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 2), .next(221, 3), .completed(301)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("events arriving together are drained one per step")
  func queued() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.of(1, 2, 3).observe(on: scheduler) }
    #expect(res.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
  }

  @Test("errors are delivered in order after the values before them")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(210, TestError.boom)])
    let res = scheduler.start { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 1), .error(212, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test("disposal drops the queued events")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
    let res = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 1)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("on a concurrent queue: order kept, never concurrent, completion last")
  func concurrentScheduler() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let probe = ObserveOnProbe()
    let done = DispatchSemaphore(value: 0)
    let count = 20_000
    nonisolated(unsafe) var received: [Int] = []
    nonisolated(unsafe) var completedAfter = -1
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler).subscribe(
      onNext: { value in
        probe.enter()
        received.append(value)
        probe.leave()
      },
      onCompleted: {
        probe.enter()
        completedAfter = received.count
        probe.leave()
        done.signal()
      })
    DispatchQueue.global().async {
      for value in 0..<count { subject.onNext(value) }
      subject.onCompleted()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received == Array(0..<count))
    #expect(completedAfter == count)
    #expect(probe.maximum == 1)
    subscription.dispose()
  }

  @Test("events are delivered on the scheduler's queue")
  func deliveredOnQueue() {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "observe-on-target")
    queue.setSpecific(key: key, value: "target")
    let scheduler = SerialDispatchQueueScheduler(queue: queue)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var labels: [String?] = []
    let subscription = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(
      onNext: { _ in labels.append(DispatchQueue.getSpecific(key: key)) },
      onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(labels == ["target", "target", "target"])
    subscription.dispose()
  }

  @Test("on a serial queue, events sent together run before work scheduled on the queue after them")
  func serialQueueKeepsOrderWithOtherWork() {
    // RxSwift's testObserveOnDispatchQueue_Error relies on this: it sends two values, schedules a check
    // on the same queue, and expects both values before the check.
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-order")
    let subject = PublishSubject<Int>()
    let received = Mutex<[Int]>([])
    let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
      received.withLock { $0.append(value) }
    })
    // Holds the queue so that both values are sent before any of them is delivered.
    let gate = DispatchSemaphore(value: 0)
    _ = scheduler.schedule(()) { _ in
      gate.wait()
      return Disposables.create()
    }
    subject.onNext(1)
    subject.onNext(2)
    let checked = DispatchSemaphore(value: 0)
    let seenByLaterWork = Mutex<[Int]>([])
    _ = scheduler.schedule(()) { _ in
      seenByLaterWork.withLock { $0 = received.withLock { $0 } }
      checked.signal()
      return Disposables.create()
    }
    gate.signal()
    #expect(checked.wait(timeout: .now() + 10) == .success)
    #expect(seenByLaterWork.withLock { $0 } == [1, 2])
    subscription.dispose()
  }
}

@Suite("subscribe(on:)", .resourceCheck)
struct SubscribeOnTests {
  @Test("subscribes one tick later and disposes one tick after disposal")
  func virtualTimeDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events == [.next(210, 2)])
    #expect(xs.subscriptions == [Subscription(201, 1001)])
  }

  @Test("termination releases the source one tick later")
  func virtualTimeTermination() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events == [.next(210, 2), .completed(300)])
    #expect(xs.subscriptions == [Subscription(201, 301)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([Recorded<Event<Int>>.error(300, TestError.boom)])
    let res2 = scheduler2.start { ys.subscribe(on: scheduler2) }
    #expect(res2.events == [.error(300, TestError.boom)])
    #expect(ys.subscriptions == [Subscription(201, 301)])
  }

  @Test("the subscribe closure and the disposal run at the scheduled ticks")
  func createClosure() {
    let scheduler = TestScheduler(initialClock: 0)
    var subscribedAt = -1
    var disposedAt = -1
    let xs = Observable<Int>.create { _ in
      subscribedAt = scheduler.clock
      return Disposables.create { disposedAt = scheduler.clock }
    }
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events.isEmpty)
    #expect(subscribedAt == 201)
    #expect(disposedAt == 1001)
  }

  @Test("disposal before the scheduled subscription means it never happens")
  func disposedBeforeSubscribing() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(210, 2)])
    let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions.isEmpty)
  }

  @Test("on a real queue, subscription and disposal happen on the scheduler's queue")
  func realThread() {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "subscribe-on-target")
    queue.setSpecific(key: key, value: "target")
    let scheduler = SerialDispatchQueueScheduler(queue: queue)
    let subscribed = DispatchSemaphore(value: 0)
    let disposed = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var subscribeLabel: String?
    nonisolated(unsafe) var disposeLabel: String?
    let source = Observable<Int>.create { _ in
      subscribeLabel = DispatchQueue.getSpecific(key: key)
      subscribed.signal()
      return Disposables.create {
        disposeLabel = DispatchQueue.getSpecific(key: key)
        disposed.signal()
      }
    }
    let subscription = source.subscribe(on: scheduler).subscribe()
    #expect(subscribed.wait(timeout: .now() + 5) == .success)
    #expect(subscribeLabel == "target")
    #expect(DispatchQueue.getSpecific(key: key) == nil)
    subscription.dispose()
    #expect(disposed.wait(timeout: .now() + 5) == .success)
    #expect(disposeLabel == "target")
  }
}
