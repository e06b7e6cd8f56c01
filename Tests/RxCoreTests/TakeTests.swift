import RxCore
import RxTesting
import Testing

@Suite("take", .resourceCheck)
struct TakeTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
  ]

  @Test("completes with the last taken value and releases the source at that tick")
  func takeSome() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(2) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("taking more than there is passes everything through")
  func takeMore() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(10) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("take(0) completes at once without subscribing")
  func takeZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(0) }
    #expect(res.events == [.completed(200)])
    #expect(xs.subscriptions.isEmpty)
  }

  @Test("errors before the count pass through")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.take(3) }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("disposal before the count")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start(disposed: 225) { xs.take(3) }
    #expect(res.events == [.next(210, 1), .next(220, 2)])
    #expect(xs.subscriptions == [Subscription(200, 225)])
  }

  @Test("take(1) of a synchronous infinite-ish source stops it")
  func stopsSynchronousSource() {
    var produced = 0
    let source = Observable<Int>.create { observer in
      for value in 0..<100 {
        produced += 1
        observer.onNext(value)
      }
      observer.onCompleted()
      return Disposables.create()
    }
    var received: [Int] = []
    _ = source.take(1).subscribe(onNext: { received.append($0) })
    #expect(received == [0])
    #expect(produced == 100)
  }

  @Test("take(for:) completes when the duration ends")
  func takeForDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
    #expect(xs.subscriptions == [Subscription(200, 225)])
  }

  @Test("take(for:) ends earlier when the source does; an error passes through")
  func takeForEarlyEnd() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("take(for:) with zero duration completes one tick after subscription")
  func takeForZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
    #expect(res.events == [.completed(201)])
    #expect(xs.subscriptions == [Subscription(200, 201)])
  }
}

@Suite("takeLast", .resourceCheck)
struct TakeLastTests {
  @Test("sends the last values at completion")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
    ])
    let res = scheduler.start { xs.takeLast(2) }
    #expect(res.events == [.next(300, 3), .next(300, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("fewer values than the count, zero count, and errors")
  func edges() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = scheduler.start { xs.takeLast(5) }
    #expect(res.events == [.next(300, 1), .completed(300)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .completed(300)])
    let res2 = scheduler2.start { ys.takeLast(0) }
    #expect(res2.events == [.completed(300)])

    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = scheduler3.createHotObservable([.next(210, 1), .error(300, TestError.boom)])
    let res3 = scheduler3.start { zs.takeLast(1) }
    #expect(res3.events == [.error(300, TestError.boom)])
    #expect(zs.subscriptions == [Subscription(200, 300)])
  }
}
