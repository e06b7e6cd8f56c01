import RxCore
import RxTesting
import Testing

@Suite("zip")
struct ZipTests {
  @Test("pairs values by index, waiting for the slower source")
  func pairsByIndex() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(400),
    ])
    let ys = scheduler.createHotObservable([.next(150, 0), .next(240, 10), .next(250, 20), .completed(300)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(240, 11), .next(250, 22), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
    #expect(ys.subscriptions == [Subscription(200, 300)])
  }

  @Test("the form without a selector emits tuples")
  func tupleForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
    let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
    let res = scheduler.start { Observable.zip(xs, ys).map { "\($0.0)\($0.1)" } }
    #expect(res.events == [.next(220, "1a"), .next(240, "2b"), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 260)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("completes only when both completed, even if a completed source's queue is empty (RxSwift 6)")
  func leftCompletesFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
    let ys = scheduler.createHotObservable([.next(215, 4), .completed(225)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(215, 6), .completed(225)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 225)])
  }

  @Test("an empty source does not complete it while the other goes on; values then go nowhere")
  func emptyAndNonEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
    let res = scheduler.start { Observable.zip(empty, other) { $0 + $1 } }
    #expect(res.events == [.completed(220)])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(other.subscriptions == [Subscription(200, 220)])
  }

  @Test("empty and never: never completes")
  func emptyNever() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(210, Int.self)])
    let never = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
    #expect(res.events == [])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(never.subscriptions == [Subscription(200, 1000)])
  }

  @Test("queued values are still paired after their source completed")
  func queuedValuesAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(212, 3), .completed(215)])
    let ys = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .completed(240)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 11), .next(230, 22), .completed(240)])
    #expect(xs.subscriptions == [Subscription(200, 215)])
    #expect(ys.subscriptions == [Subscription(200, 240)])
  }

  @Test("an error ends it at once, releasing both sources")
  func errorEndsAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(215, 2), .completed(230)])
    let ys = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
    let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("a throwing resultSelector errors at that tick")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let ys = scheduler.createHotObservable([.next(212, 1), .next(230, 2)])
    let res = scheduler.start {
      Observable.zip(xs, ys) { x, y -> Int in
        if x == 2 { throw TestError.boom }
        return x + y
      }
    }
    #expect(res.events == [.next(212, 2), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal releases both sources")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
    let ys = scheduler.createHotObservable([.next(220, 1), .next(270, 2)])
    let res = scheduler.start(disposed: 250) { Observable.zip(xs, ys) { $0 + $1 } }
    #expect(res.events == [.next(220, 2)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys.subscriptions == [Subscription(200, 250)])
  }

  @Test("synchronous sources")
  func synchronousSources() {
    var received: [Int] = []
    var completed = false
    _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [11, 22])
    #expect(completed)
  }

  // MARK: Collection

  @Test("collection: symmetric sources")
  func collectionSymmetric() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let c = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])
    let res = scheduler.start { Observable.zip([a, b, c]) }
    #expect(res.events == [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)])
    #expect(a.subscriptions == [Subscription(200, 420)])
    #expect(b.subscriptions == [Subscription(200, 410)])
    #expect(c.subscriptions == [Subscription(200, 400)])
  }

  @Test("collection: a value that cannot be paired while every other source completed ends it")
  func collectionAsymmetric() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(270)])
    let b = scheduler.createHotObservable([
      .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
    ])
    let c = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)])
    let res = scheduler.start { Observable.zip([a, b, c]) { $0.reduce(0, +) } }
    #expect(res.events == [.next(230, 6), .next(260, 15), .completed(310)])
    #expect(a.subscriptions == [Subscription(200, 270)])
    #expect(b.subscriptions == [Subscription(200, 310)])
    #expect(c.subscriptions == [Subscription(200, 300)])
  }

  @Test("collection: empty completes at once without a value")
  func collectionEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.zip([Observable<Int>]()) }
    #expect(res.events == [.completed(200)])
  }

  @Test("collection: errors and throwing selectors end it at once")
  func collectionErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let res = scheduler.start { Observable.zip([a, b]) }
    #expect(res.events == [.next(220, [1, 2]), .error(250, TestError.boom)])
    #expect(a.subscriptions == [Subscription(200, 250)])
    #expect(b.subscriptions == [Subscription(200, 250)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let x = scheduler2.createHotObservable([.next(210, 1)])
    let y = scheduler2.createHotObservable([.next(220, 2)])
    let res2 = scheduler2.start { Observable.zip([x, y]) { _ -> Int in throw TestError.other } }
    #expect(res2.events == [.error(220, TestError.other)])
    #expect(x.subscriptions == [Subscription(200, 220)])
  }
}
