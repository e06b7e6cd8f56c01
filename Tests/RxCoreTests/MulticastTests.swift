import RxCore
import RxTesting
import Testing

@Suite("multicast, publish, replay, refCount", .resourceCheck)
struct MulticastTests {
  @Test("publish: subscribers see values only after connect; disposing the connection unsubscribes")
  func publishConnect() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(240, 2), .next(270, 3), .next(330, 4), .next(340, 5), .completed(500),
    ])
    let observer = scheduler.createObserver(Int.self)
    let later = scheduler.createObserver(Int.self)
    var published: ConnectableObservable<Int>!
    var connection: Disposable!
    scheduler.scheduleAt(100) { published = xs.publish() }
    scheduler.scheduleAt(200) { _ = published.subscribe(observer) }
    scheduler.scheduleAt(230) { connection = published.connect() }
    scheduler.scheduleAt(300) { connection.dispose() }
    scheduler.scheduleAt(320) { connection = published.connect() }
    scheduler.scheduleAt(325) { _ = published.subscribe(later) }
    scheduler.scheduleAt(345) { connection.dispose() }
    scheduler.start()
    // Each connection has its own subject: the first subscriber hears nothing of the second one.
    #expect(observer.events == [.next(240, 2), .next(270, 3)])
    #expect(later.events == [.next(330, 4), .next(340, 5)])
    #expect(xs.subscriptions == [Subscription(230, 300), Subscription(320, 345)])
  }

  @Test("connect while connected returns the same connection")
  func connectTwice() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    var published: ConnectableObservable<Int>!
    var first: Disposable!
    var second: Disposable!
    scheduler.scheduleAt(200) {
      published = xs.publish()
      first = published.connect()
      second = published.connect()
    }
    scheduler.scheduleAt(300) { second.dispose() }
    scheduler.start()
    let firstObject: AnyObject = first as AnyObject
    let secondObject: AnyObject = second as AnyObject
    let same = firstObject === secondObject
    #expect(same)
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("publish after the source completed: a late subscriber waits for the next connection")
  func publishLateSubscriber() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250), .next(310, 2), .next(410, 3)])
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var published: ConnectableObservable<Int>!
    var connection: Disposable!
    scheduler.scheduleAt(200) {
      published = xs.publish()
      _ = published.subscribe(early)
      _ = published.connect()
    }
    scheduler.scheduleAt(300) { _ = published.subscribe(late) }
    scheduler.scheduleAt(400) { connection = published.connect() }
    scheduler.scheduleAt(450) { connection.dispose() }
    scheduler.start()
    #expect(early.events == [.next(210, 1), .completed(250)])
    #expect(late.events == [.next(410, 3)])
    #expect(xs.subscriptions == [Subscription(200, 250), Subscription(400, 450)])
  }

  @Test("replay(n): a late subscriber receives the last n values, then live ones")
  func replayBuffer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300),
    ])
    let late = scheduler.createObserver(Int.self)
    let afterEnd = scheduler.createObserver(Int.self)
    var replayed: ConnectableObservable<Int>!
    scheduler.scheduleAt(200) {
      replayed = xs.replay(2)
      _ = replayed.connect()
    }
    scheduler.scheduleAt(250) { _ = replayed.subscribe(late) }
    // The connection ended with the source, and its subject with it: nothing is left to replay.
    scheduler.scheduleAt(400) { _ = replayed.subscribe(afterEnd) }
    scheduler.start()
    #expect(late.events == [.next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
    #expect(afterEnd.events == [])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test(
    "replay(n) reconnected after dispose: old subscribers get nothing of the new connection",
    arguments: [3, 1])
  func replayReconnectAfterDispose(bufferSize: Int) {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([
      .next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4), .next(50, 5), .next(60, 6),
      .next(70, 7), .error(130, TestError.boom),
    ])
    let res = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var replayed: ConnectableObservable<Int>!
    var subscription: Disposable!
    var connection: Disposable!
    scheduler.scheduleAt(100) { replayed = xs.replay(bufferSize) }
    scheduler.scheduleAt(400) { connection = replayed.connect() }
    scheduler.scheduleAt(445) { subscription = replayed.subscribe(res) }
    scheduler.scheduleAt(520) { connection.dispose() }
    scheduler.scheduleAt(650) { connection = replayed.connect() }
    scheduler.scheduleAt(675) { _ = replayed.subscribe(second) }
    scheduler.scheduleAt(700) { connection.dispose() }
    scheduler.scheduleAt(1000) { subscription.dispose() }
    scheduler.start()
    let replayedAt445: [Recorded<Event<Int>>] = [1, 2, 3, 4].suffix(bufferSize).map { .next(445, $0) }
    #expect(res.events == replayedAt445 + [.next(450, 5), .next(460, 6), .next(470, 7)])
    let replayedAt675: [Recorded<Event<Int>>] = [1, 2].suffix(bufferSize).map { .next(675, $0) }
    #expect(second.events == replayedAt675 + [.next(680, 3), .next(690, 4)])
    #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
  }

  @Test("replay(n) reconnected after completion: a fresh subject, the source subscribed again")
  func replayReconnectAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let first = scheduler.createObserver(Int.self)
    let between = scheduler.createObserver(Int.self)
    var replayed: ConnectableObservable<Int>!
    scheduler.scheduleAt(200) {
      replayed = xs.replay(1)
      _ = replayed.subscribe(first)
      _ = replayed.connect()
    }
    scheduler.scheduleAt(250) { _ = replayed.subscribe(between) }
    scheduler.scheduleAt(300) { _ = replayed.connect() }
    scheduler.start()
    #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(between.events == [.next(310, 1), .next(320, 2), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
  }

  @Test("replayAll: a late subscriber receives everything")
  func replayAll() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
    let late = scheduler.createObserver(Int.self)
    var replayed: ConnectableObservable<Int>!
    var connection: Disposable!
    scheduler.scheduleAt(200) {
      replayed = xs.replayAll()
      connection = replayed.connect()
    }
    scheduler.scheduleAt(250) { _ = replayed.subscribe(late) }
    scheduler.scheduleAt(300) { connection.dispose() }
    scheduler.start()
    #expect(late.events == [.next(250, 1), .next(250, 2), .next(250, 3)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("replayAll reconnected after dispose: each connection replays only its own values")
  func replayAllReconnectAfterDispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([
      .next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4), .completed(200),
    ])
    let res = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var replayed: ConnectableObservable<Int>!
    var connection: Disposable!
    scheduler.scheduleAt(100) { replayed = xs.replayAll() }
    scheduler.scheduleAt(400) { connection = replayed.connect() }
    scheduler.scheduleAt(425) { _ = replayed.subscribe(res) }
    scheduler.scheduleAt(450) { connection.dispose() }
    scheduler.scheduleAt(650) { connection = replayed.connect() }
    scheduler.scheduleAt(665) { _ = replayed.subscribe(second) }
    scheduler.scheduleAt(700) { connection.dispose() }
    scheduler.start()
    #expect(res.events == [.next(425, 1), .next(425, 2), .next(430, 3), .next(440, 4)])
    #expect(second.events == [.next(665, 1), .next(670, 2), .next(680, 3), .next(690, 4)])
    #expect(xs.subscriptions == [Subscription(400, 450), Subscription(650, 700)])
  }

  @Test("multicast(subject) forwards through the given subject")
  func multicastSubject() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    let subject = PublishSubject<Int>()
    let direct = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) {
      _ = subject.subscribe(direct)
      _ = xs.multicast(subject).connect()
    }
    scheduler.start()
    #expect(direct.events == [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("multicast(makeSubject:) makes a fresh subject after the source terminates")
  func multicastMakeSubject() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    var made = 0
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var connectable: ConnectableObservable<Int>!
    scheduler.scheduleAt(200) {
      connectable = xs.multicast(makeSubject: { () -> ReplaySubject<Int> in
        made += 1
        return ReplaySubject.create(bufferSize: 1)
      })
      _ = connectable.subscribe(first)
      _ = connectable.connect()
    }
    scheduler.scheduleAt(300) {
      _ = connectable.subscribe(second)
      _ = connectable.connect()
    }
    scheduler.start()
    #expect(made == 2)
    #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(second.events == [.next(310, 1), .next(320, 2), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
  }

  @Test("multicast(_:selector:) shares one source subscription per subscriber through a fresh subject")
  func multicastSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(180, 0), .next(220, 4), .next(260, 6), .next(310, 8), .completed(450),
    ])
    var subjectsMade = 0
    let res = scheduler.start {
      xs.multicast({ () -> PublishSubject<Int> in
        subjectsMade += 1
        return PublishSubject()
      }) { shared in
        Observable.zip(shared, shared.map { $0 / 2 }) { $0 - $1 }
      }
    }
    #expect(res.events == [.next(220, 2), .next(260, 3), .next(310, 4), .completed(450)])
    #expect(xs.subscriptions == [Subscription(200, 450)])
    #expect(subjectsMade == 1)
  }

  @Test("multicast(_:selector:) disposal releases the source; throwing closures error at subscription")
  func multicastSelectorDisposeAndThrow() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .next(420, 2), .completed(600)])
    let res = scheduler.start(disposed: 400) {
      xs.multicast({ ReplaySubject<Int>.create(bufferSize: 1) }) { $0.map { $0 + 10 } }
    }
    #expect(res.events == [.next(230, 11)])
    #expect(xs.subscriptions == [Subscription(200, 400)])

    let ys = scheduler.createHotObservable([.next(700, 1), .completed(800)])
    let subjectThrows = scheduler.createObserver(Int.self)
    let selectorThrows = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(650) {
      _ = ys.multicast({ () throws -> PublishSubject<Int> in throw TestError.boom }) { $0 }
        .subscribe(subjectThrows)
      _ = ys.multicast({ PublishSubject<Int>() }) { _ -> Observable<Int> in throw TestError.other }
        .subscribe(selectorThrows)
    }
    scheduler.start()
    #expect(subjectThrows.events == [.error(650, TestError.boom)])
    #expect(selectorThrows.events == [.error(650, TestError.other)])
    #expect(ys.subscriptions.isEmpty)
  }

  @Test("refCount connects with the first subscriber and disconnects when the last leaves")
  func refCountCycles() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(240, 2), .next(270, 3), .next(330, 4), .next(360, 5), .completed(500),
    ])
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    let c = scheduler.createObserver(Int.self)
    var shared: Observable<Int>!
    var subscriptionA: Disposable!
    var subscriptionB: Disposable!
    var subscriptionC: Disposable!
    scheduler.scheduleAt(100) { shared = xs.publish().refCount() }
    scheduler.scheduleAt(200) { subscriptionA = shared.subscribe(a) }
    scheduler.scheduleAt(230) { subscriptionB = shared.subscribe(b) }
    scheduler.scheduleAt(250) { subscriptionA.dispose() }
    scheduler.scheduleAt(280) { subscriptionB.dispose() }
    scheduler.scheduleAt(320) { subscriptionC = shared.subscribe(c) }
    scheduler.scheduleAt(350) { subscriptionC.dispose() }
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(240, 2)])
    #expect(b.events == [.next(240, 2), .next(270, 3)])
    #expect(c.events == [.next(330, 4)])
    #expect(xs.subscriptions == [Subscription(200, 280), Subscription(320, 350)])
  }

  @Test("refCount: termination ends every subscriber; the next subscriber connects again")
  func refCountAfterTermination() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount() }
    scheduler.scheduleAt(200) {
      _ = shared.subscribe(a)
      _ = shared.subscribe(b)
    }
    scheduler.scheduleAt(300) { _ = shared.subscribe(late) }
    scheduler.start()
    #expect(a.events == [.next(210, 1), .completed(220)])
    #expect(b.events == [.next(210, 1), .completed(220)])
    #expect(late.events == [.next(310, 1), .completed(320)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
  }

  @Test("refCount over a synchronous source: each subscriber gets the whole sequence")
  func refCountSynchronous() {
    let (source, subscriptions) = countingSource([1, 2], completing: true)
    // publish() makes a subject per connection: the second subscriber connects the source again.
    expectWholeSequencePerSubscriber(source.publish().refCount(), subscriptions: subscriptions)

    // With one subject for ever, the second subscriber only sees the completion it replays.
    subscriptions.value = 0
    let forever = source.multicast(PublishSubject()).refCount()
    var third: [Int] = []
    var thirdCompleted = false
    _ = forever.subscribe(onNext: { _ in })
    _ = forever.subscribe(onNext: { third.append($0) }, onCompleted: { thirdCompleted = true })
    #expect(third == [])
    #expect(thirdCompleted)
    #expect(subscriptions.value == 1)
  }

  @Test("publish().refCount() after the source completed subscribes the source again")
  func publishRefCountAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.publish().refCount() }
    scheduler.scheduleAt(200) { _ = shared.subscribe(a) }
    scheduler.scheduleAt(215) { _ = shared.subscribe(b) }
    scheduler.scheduleAt(300) { _ = shared.subscribe(late) }
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(b.events == [.next(220, 2), .completed(230)])
    #expect(late.events == [.next(310, 1), .next(320, 2), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
  }

  @Test("publish().refCount() after the last subscriber left and came back: a new connection only")
  func publishRefCountReconnectAfterDispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .completed(300),
    ])
    let a = scheduler.createObserver(Int.self)
    let b = scheduler.createObserver(Int.self)
    var shared: Observable<Int>!
    var subscriptionA: Disposable!
    var subscriptionB: Disposable!
    scheduler.scheduleAt(100) { shared = xs.publish().refCount() }
    scheduler.scheduleAt(200) { subscriptionA = shared.subscribe(a) }
    scheduler.scheduleAt(230) { subscriptionA.dispose() }
    scheduler.scheduleAt(250) { subscriptionB = shared.subscribe(b) }
    scheduler.scheduleAt(350) { subscriptionB.dispose() }
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(220, 2)])
    #expect(b.events == [.next(260, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 300)])
  }

  @Test("replay(1).refCount() after the source completed replays nothing old and resubscribes")
  func replayRefCountAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let a = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.replay(1).refCount() }
    scheduler.scheduleAt(200) { _ = shared.subscribe(a) }
    scheduler.scheduleAt(300) { _ = shared.subscribe(late) }
    scheduler.start()
    #expect(a.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(late.events == [.next(310, 1), .next(320, 2), .completed(330)])
    #expect(xs.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
  }

  @Test("refCount: unsubscribing during a synchronous connect disconnects the source")
  func refCountDisposeDuringConnect() {
    var disposed = 0
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      return Disposables.create { disposed += 1 }
    }
    let shared = source.share()
    var received: [Int] = []
    var subscription: Disposable?
    var disposeNow = false
    subscription = shared.subscribe(onNext: { value in
      received.append(value)
      if disposeNow { subscription?.dispose() }
    })
    #expect(received == [1, 2])
    subscription?.dispose()
    #expect(disposed == 1)

    // Leaving from inside the first value: the connection made for it is disposed once it exists.
    disposeNow = true
    disposed = 0
    var inner: Disposable?
    inner = shared.take(1).subscribe(onNext: { _ in })
    inner?.dispose()
    #expect(disposed == 1)
  }
}
