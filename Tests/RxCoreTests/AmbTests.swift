import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("amb", .resourceCheck)
struct AmbTests {
  @Test("two silent sources: nothing is sent and both stay subscribed until disposal")
  func neverTwo() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(150, 1)])
    let x2 = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { x1.amb(x2) }
    #expect(res.events == [])
    #expect(x1.subscriptions == [Subscription(200, 1000)])
    #expect(x2.subscriptions == [Subscription(200, 1000)])
  }

  @Test("Observable.amb of three silent sources subscribes all of them")
  func neverThree() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (0..<3).map { _ in scheduler.createHotObservable([Recorded.next(150, 1)]) }
    let res = scheduler.start { Observable.amb(xs.map { $0.asObservable() }) }
    #expect(res.events == [])
    for x in xs { #expect(x.subscriptions == [Subscription(200, 1000)]) }
  }

  @Test("a completion wins the race like any other event")
  func completionWins() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(150, 1)])
    let x2 = scheduler.createHotObservable([.next(150, 1), .completed(225)])
    let res = scheduler.start { x1.amb(x2) }
    #expect(res.events == [.completed(225)])
    #expect(x1.subscriptions == [Subscription(200, 225)])
    #expect(x2.subscriptions == [Subscription(200, 225)])
  }

  @Test("the first value wins and the loser is disposed at that tick")
  func loserDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(240)])
    let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
    let res = scheduler.start { x1.amb(x2) }
    #expect(res.events == [.next(210, 2), .completed(240)])
    #expect(x1.subscriptions == [Subscription(200, 240)])
    #expect(x2.subscriptions == [Subscription(200, 210)])
  }

  @Test("the winner's error passes through")
  func winnerFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, TestError.boom)])
    let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
    let res = scheduler.start { x1.amb(x2) }
    #expect(res.events == [.next(210, 2), .error(220, TestError.boom)])
    #expect(x1.subscriptions == [Subscription(200, 220)])
    #expect(x2.subscriptions == [Subscription(200, 210)])
  }

  @Test("the loser's later error is never seen")
  func loserFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .error(230, TestError.boom)])
    let x2 = scheduler.createHotObservable([.next(150, 1), .next(210, 3), .completed(250)])
    let res = scheduler.start { x1.amb(x2) }
    #expect(res.events == [.next(210, 3), .completed(250)])
    #expect(x1.subscriptions == [Subscription(200, 210)])
    #expect(x2.subscriptions == [Subscription(200, 250)])
  }

  @Test("an error before any value wins, whichever side sends it")
  func errorBeforeElection() {
    for leftFails in [true, false] {
      let scheduler = TestScheduler(initialClock: 0)
      let failing = scheduler.createHotObservable([.next(150, 1), .error(210, TestError.boom)])
      let other = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
      let res = scheduler.start { leftFails ? failing.amb(other) : other.amb(failing) }
      #expect(res.events == [.error(210, TestError.boom)])
      #expect(failing.subscriptions == [Subscription(200, 210)])
      #expect(other.subscriptions == [Subscription(200, 210)])
    }
  }

  @Test("Observable.amb: the middle source wins and both others are disposed at its first value")
  func staticMiddleWins() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(230, 1), .completed(300)])
    let x2 = scheduler.createColdObservable([.next(20, 2), .next(40, 22), .completed(50)])
    let x3 = scheduler.createHotObservable([.next(225, 3)])
    let res = scheduler.start { Observable.amb([x1, x2, x3].map { $0.asObservable() }) }
    #expect(res.events == [.next(220, 2), .next(240, 22), .completed(250)])
    #expect(x1.subscriptions == [Subscription(200, 220)])
    #expect(x2.subscriptions == [Subscription(200, 250)])
    #expect(x3.subscriptions == [Subscription(200, 220)])
  }

  @Test("Observable.amb takes any sequence; an empty one never sends anything")
  func staticSequences() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(215, 1), .completed(230)])
    let x2 = scheduler.createHotObservable([.next(210, 2), .completed(240)])
    let sources = [x1, x2].lazy.map { $0.asObservable() }
    let res = scheduler.start { Observable.amb(sources) }
    #expect(res.events == [.next(210, 2), .completed(240)])
    #expect(x1.subscriptions == [Subscription(200, 210)])
    #expect(x2.subscriptions == [Subscription(200, 240)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let res2 = scheduler2.start { Observable<Int>.amb(EmptyCollection()) }
    #expect(res2.events == [])
  }

  @Test("disposal before any event releases every source")
  func disposalBeforeElection() {
    let scheduler = TestScheduler(initialClock: 0)
    let x1 = scheduler.createHotObservable([.next(250, 1)])
    let x2 = scheduler.createHotObservable([.next(260, 2)])
    let res = scheduler.start(disposed: 240) { x1.amb(x2) }
    #expect(res.events == [])
    #expect(x1.subscriptions == [Subscription(200, 240)])
    #expect(x2.subscriptions == [Subscription(200, 240)])
  }

  @Test("a source that sends while it is subscribed wins; the later ones are subscribed and released at once")
  func synchronousWinner() {
    let scheduler = TestScheduler(initialClock: 0)
    let x2 = scheduler.createHotObservable([.next(210, 2)])
    let res = scheduler.start { Observable.just(1).amb(x2) }
    #expect(res.events == [.next(200, 1), .completed(200)])
    #expect(x2.subscriptions == [Subscription(200, 200)])
  }

  @Test("two subjects racing on two threads: exactly one wins and only its values arrive")
  func concurrentRace() {
    for _ in 0..<50 {
      let left = PublishSubject<Int>()
      let right = PublishSubject<Int>()
      let received = Mutex<[Int]>([])
      let completions = Atomic<Int>(0)
      let subscription = left.amb(right).subscribe(
        onNext: { value in received.withLock { $0.append(value) } },
        onCompleted: { completions.add(1, ordering: .relaxed) })
      let feeders = UncheckedSendable([left, right])
      DispatchQueue.concurrentPerform(iterations: 2) { side in
        let subject = feeders.value[side]
        for index in 0..<100 { subject.onNext(side * 1_000 + index) }
        subject.onCompleted()
      }
      let values = received.withLock { $0 }
      #expect(values.count == 100)
      #expect(Set(values.map { $0 / 1_000 }).count == 1)
      #expect(values.map { $0 % 1_000 } == Array(0..<100))
      #expect(completions.load(ordering: .relaxed) == 1)
      #expect(!left.hasObservers && !right.hasObservers)
      subscription.dispose()
    }
  }
}
