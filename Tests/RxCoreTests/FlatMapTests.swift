import RxCore
import RxTesting
import Testing

@Suite("flatMap", .resourceCheck)
struct FlatMapTests {
  @Test("merges the inner sequences and completes after the outer and every inner")
  func mergesInners() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
    let ys2 = scheduler.createColdObservable([.next(10, 20), .next(20, 21), .completed(30)])
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(260)])
    let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .next(230, 11), .next(230, 20), .next(240, 21), .completed(260)])
    #expect(xs.subscriptions == [Subscription(200, 260)])
    #expect(ys1.subscriptions == [Subscription(210, 240)])
    #expect(ys2.subscriptions == [Subscription(220, 250)])
  }

  @Test("the outer is released when it completes; the result completes with the last inner")
  func outerReleasedAtCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
    let res = scheduler.start { xs.flatMap { _ in ys } }
    #expect(res.events == [.next(220, 10), .next(230, 11), .completed(240)])
    #expect(xs.subscriptions == [Subscription(200, 215)])
    #expect(ys.subscriptions == [Subscription(210, 240)])
  }

  @Test("the selector runs once per value, when the value arrives")
  func selectorCalls() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
    var calls: [Int] = []
    let res = scheduler.start {
      xs.flatMap { value -> Observable<Int> in
        calls.append(scheduler.clock)
        return Observable.just(value * 100)
      }
    }
    #expect(calls == [210, 230, 250])
    #expect(res.events == [.next(210, 100), .next(230, 200), .next(250, 300), .completed(300)])
  }

  @Test("an inner error ends everything at that tick")
  func innerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .next(50, 11), .completed(60)])
    let ys2 = scheduler.createColdObservable([.next(5, 20), .error(15, TestError.boom)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    var selected: [Int] = []
    let res = scheduler.start {
      xs.flatMap { value -> TestableObservable<Int> in
        selected.append(value)
        return value == 1 ? ys1 : ys2
      }
    }
    #expect(res.events == [.next(220, 10), .next(225, 20), .error(235, TestError.boom)])
    #expect(selected == [1, 2])
    #expect(xs.subscriptions == [Subscription(200, 235)])
    #expect(ys1.subscriptions == [Subscription(210, 235)])
    #expect(ys2.subscriptions == [Subscription(220, 235)])
  }

  @Test("an outer error disposes every inner at that tick")
  func outerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .next(50, 11), .completed(60)])
    let ys2 = scheduler.createColdObservable([.next(5, 20), .completed(100)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(240, TestError.boom)])
    let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .next(225, 20), .error(240, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys1.subscriptions == [Subscription(210, 240)])
    #expect(ys2.subscriptions == [Subscription(220, 240)])
  }

  @Test("an error after the outer completed still ends everything")
  func innerErrorAfterOuterCompleted() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(100)])
    let ys2 = scheduler.createColdObservable([.error(30, TestError.other, Int.self)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .error(250, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys1.subscriptions == [Subscription(210, 250)])
    #expect(ys2.subscriptions == [Subscription(220, 250)])
  }

  @Test("a throwing selector errors at that tick and disposes the running inners")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(225, 3), .completed(300)])
    let res = scheduler.start {
      xs.flatMap { value -> TestableObservable<Int> in
        if value == 2 { throw TestError.boom }
        return ys
      }
    }
    // The outer's value at 220 was scheduled before the inner's, so the error comes first.
    #expect(res.events == [.error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(210, 220)])
  }

  @Test("disposal releases the outer and every inner")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
    let ys2 = scheduler.createColdObservable([.next(10, 20), .next(20, 21), .completed(30)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start(disposed: 235) { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .next(230, 11), .next(230, 20)])
    #expect(xs.subscriptions == [Subscription(200, 235)])
    #expect(ys1.subscriptions == [Subscription(210, 235)])
    #expect(ys2.subscriptions == [Subscription(220, 235)])
  }

  @Test("an outer that completes without values completes at once")
  func emptyOuter() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
    let res = scheduler.start { xs.flatMap { Observable.just($0) } }
    #expect(res.events == [.completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a never-ending outer or inner keeps it open")
  func neverEnding() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([Recorded<Event<Int>>]())
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let res = scheduler.start { xs.flatMap { _ in ys } }
    #expect(res.events == [])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(210, 1000)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let never = scheduler2.createHotObservable([Recorded<Event<Int>>]())
    let res2 = scheduler2.start { never.flatMap { Observable.just($0) } }
    #expect(res2.events == [])
    #expect(never.subscriptions == [Subscription(200, 1000)])
  }

  @Test("empty inners only count for completion")
  func emptyInners() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.flatMap { _ in Observable<String>.empty() } }
    #expect(res.events == [.completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("synchronous inners deliver in order")
  func synchronousInners() {
    var received: [Int] = []
    var completions = 0
    _ = Observable.from([1, 2, 3]).flatMap { Observable.just($0 * 2) }.subscribe(
      onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [2, 4, 6])
    #expect(completions == 1)
  }

  @Test("re-entrant values sent from the observer are handled in place")
  func reentrancy() {
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { value in
      received.append(value)
      if value < 3 { subject.onNext(value + 1) }
    })
    subject.onNext(0)
    #expect(received == [0, 1, 2, 3])
    subscription.dispose()
  }

  @Test("100,000 synchronous inners neither lose values nor grow the stack")
  func manySynchronousInners() {
    let probe = StackProbe()
    var count = 0
    var sum = 0
    var completed = false
    _ = Observable.from(0..<100_000).flatMap { Observable.just($0) }.subscribe(
      onNext: { value in
        probe.mark()
        count += 1
        sum += value
      },
      onCompleted: { completed = true })
    #expect(count == 100_000)
    #expect(sum == (0..<100_000).reduce(0, +))
    #expect(completed)
    #expect(probe.spread < 64 * 1024)
  }

  @Test("synchronous and virtual-time inners in turn: every value, each inner subscribed in its own interval")
  func synchronousThenTimedInners() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(5, 100), .completed(10)])
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
    ])
    // Odd values end during their subscription, so the next inner may reuse their observer.
    let res = scheduler.start {
      xs.flatMap { $0.isMultiple(of: 2) ? ys.asObservable() : Observable.just($0) }
    }
    #expect(res.events == [.next(210, 1), .next(225, 100), .next(230, 3), .next(245, 100), .completed(250)])
    #expect(ys.subscriptions == [Subscription(220, 230), Subscription(240, 250)])
  }

  @Test("disposed after inners that ended at once, the subscription keeps nothing alive")
  func disposedAfterSynchronousInnersIsReleased() {
    weak var tracker: Tracker?
    do {
      let subject = PublishSubject<Int>()
      let strongTracker = Tracker()
      tracker = strongTracker
      var received: [Int] = []
      let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { value in
        withExtendedLifetime(strongTracker) { received.append(value) }
      })
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
      #expect(received == [1, 2])
    }
    // The observer (holding the tracker) lives in the sink; once disposed, nothing may keep the sink.
    #expect(tracker == nil)
  }
}

/// An object whose lifetime shows whether a subscription's observer is still alive.
private final class Tracker {}

/// Records how far apart the stack frames of its callers are, to detect recursion.
final class StackProbe {
  private var low = Int.max
  private var high = Int.min

  @inline(never)
  func mark() {
    var local = 0
    let address = withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
    low = min(low, address)
    high = max(high, address)
  }

  /// Bytes between the deepest and the shallowest call.
  var spread: Int { high >= low ? high - low : 0 }
}
