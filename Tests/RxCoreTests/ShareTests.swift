import RxCore
import RxTesting
import Testing

/// Subscribes `observer` to `source` at `subscribeAt` and disposes at `disposeAt` (if given).
private func subscribe<Element>(
  _ scheduler: TestScheduler, _ source: @escaping () -> Observable<Element>,
  _ observer: TestableObserver<Element>, at subscribeAt: TestTime, until disposeAt: TestTime? = nil
) {
  var subscription: Disposable?
  scheduler.scheduleAt(subscribeAt) { subscription = source().subscribe(observer) }
  if let disposeAt { scheduler.scheduleAt(disposeAt) { subscription?.dispose() } }
}

/// What subscriber a (200 to 250) and then subscriber b (300 to 400) receive of `share(replay:scope:)`,
/// made at 100, of a hot source sending 1, 2 and 3 at 210, 230 and 350; expects the source subscribed
/// for each of them in turn.
private func leaveAndReturn(replay: Int, scope: SubjectLifetimeScope) -> (
  a: [Recorded<Event<Int>>], b: [Recorded<Event<Int>>]
) {
  let scheduler = TestScheduler(initialClock: 0)
  let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(350, 3)])
  var shared: Observable<Int>!
  scheduler.scheduleAt(100) { shared = xs.share(replay: replay, scope: scope) }
  let a = scheduler.createObserver(Int.self)
  let b = scheduler.createObserver(Int.self)
  subscribe(scheduler, { shared }, a, at: 200, until: 250)
  subscribe(scheduler, { shared }, b, at: 300, until: 400)
  scheduler.start()
  #expect(xs.subscriptions == [Subscription(200, 250), Subscription(300, 400)])
  return (a.events, b.events)
}

@Suite("share(replay:scope:)", .resourceCheck)
struct ShareTests {
  @Test("share(): one source subscription for all subscribers, released when the last leaves")
  func sharesOneSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share() }
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200, until: 260)
    subscribe(scheduler, { shared }, b, at: 220, until: 280)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(230, 2), .next(250, 3)])
    #expect(b.events == [.next(230, 2), .next(250, 3), .next(270, 4)])
    #expect(xs.subscriptions == [Subscription(200, 280)])
  }

  @Test("whileConnected, replay 1: a late subscriber gets the latest value while connected")
  func replayLatestWhileConnected() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share(replay: 1) }
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200, until: 300)
    subscribe(scheduler, { shared }, b, at: 240, until: 300)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(230, 2), .next(250, 3)])
    #expect(b.events == [.next(240, 2), .next(250, 3)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("whileConnected: disconnecting drops the buffer and the next subscriber reconnects")
  func whileConnectedDropsBufferOnDisconnect() {
    let (a, b) = leaveAndReturn(replay: 2, scope: .whileConnected)
    #expect(a == [.next(210, 1), .next(230, 2)])
    #expect(b == [.next(350, 3)])
  }

  @Test("whileConnected: after termination the next subscriber subscribes the source again")
  func whileConnectedResubscribesAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share(replay: 1) }
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200)
    subscribe(scheduler, { shared }, b, at: 215)
    subscribe(scheduler, { shared }, late, at: 300)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(b.events == [.next(215, 1), .next(220, 2), .completed(230)])
    #expect(late.events == [.next(310, 1), .next(320, 2), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
  }

  @Test("whileConnected: an error reaches every subscriber and the next one resubscribes")
  func whileConnectedError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share() }
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200)
    subscribe(scheduler, { shared }, b, at: 205)
    subscribe(scheduler, { shared }, late, at: 250)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(b.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(late.events == [.next(260, 1), .error(270, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(250, 270)])
  }

  @Test("forever: the source is still disconnected when the last subscriber leaves, but the buffer is kept")
  func foreverKeepsBufferAcrossDisconnect() {
    let (a, b) = leaveAndReturn(replay: 1, scope: .forever)
    #expect(a == [.next(210, 1), .next(230, 2)])
    #expect(b == [.next(300, 2), .next(350, 3)])
  }

  @Test("forever: a late subscriber after completion gets the buffer and completion, no resubscription")
  func foreverLateSubscriberAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share(replay: 2, scope: .forever) }
    let a = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    let later = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200)
    subscribe(scheduler, { shared }, late, at: 300)
    subscribe(scheduler, { shared }, later, at: 400)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(late.events == [.next(300, 1), .next(300, 2), .completed(300)])
    #expect(later.events == [.next(400, 1), .next(400, 2), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("forever, replay 0: a late subscriber after completion only gets completion")
  func foreverNoReplayAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share(scope: .forever) }
    let a = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200)
    subscribe(scheduler, { shared }, late, at: 300)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .completed(220)])
    #expect(late.events == [.completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("forever: an error is replayed to late subscribers without resubscription")
  func foreverError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.share(replay: 1, scope: .forever) }
    let a = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    subscribe(scheduler, { shared }, a, at: 200)
    subscribe(scheduler, { shared }, late, at: 300)
    scheduler.start()
    #expect(a.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(late.events == [.next(300, 1), .error(300, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("synchronous source: each subscription of share() runs it again")
  func synchronousSource() {
    let (source, runs) = countingSource([1, 2], completing: true)
    expectWholeSequencePerSubscriber(source.share(replay: 1), subscriptions: runs)
  }

  @Test("a subscriber added from inside a value shares the running connection")
  func reentrantSubscribe() {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1)
    var outer: [Int] = []
    var inner: [Int] = []
    var bag: [Disposable] = []
    bag.append(
      shared.subscribe(onNext: { value in
        outer.append(value)
        if value == 1 { bag.append(shared.subscribe(onNext: { inner.append($0) })) }
      }))
    subject.onNext(1)
    subject.onNext(2)
    #expect(outer == [1, 2])
    #expect(inner == [1, 2])
    #expect(subject.hasObservers)
    bag.forEach { $0.dispose() }
    #expect(!subject.hasObservers)
  }
}
