import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("switchLatest / flatMapLatest", .resourceCheck)
struct SwitchLatestTests {
  @Test("a new inner disposes the previous one at that tick")
  func switchesInners() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3), .completed(50)])
    let ys2 = scheduler.createColdObservable([.next(10, 4), .completed(30)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .next(240, ys2), .completed(250)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 4), .completed(270)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(ys1.subscriptions == [Subscription(210, 240)])
    #expect(ys2.subscriptions == [Subscription(240, 270)])
  }

  @Test("an inner that completed first waits for the outer to complete")
  func innerCompletesFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, ys), .completed(300)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.next(220, 1), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("an outer that completes with no inner completes at once")
  func emptyOuter() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, TestableObservable<Int>.self)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a replaced inner is gone; the outer's completion waits for the current one")
  func replacedInner() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(30)])
    let ys2 = scheduler.createColdObservable([.next(50, 2)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .next(225, ys2), .completed(228)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.next(220, 1), .next(275, 2)])
    #expect(xs.subscriptions == [Subscription(200, 228)])
    #expect(ys1.subscriptions == [Subscription(210, 225)])
    #expect(ys2.subscriptions == [Subscription(225, 1000)])
  }

  @Test("an inner error ends it and releases the outer")
  func innerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    let xs = scheduler.createHotObservable([.next(210, ys), .completed(300)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.next(220, 1), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("an outer error ends it and disposes the current inner")
  func outerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
    let xs = scheduler.createHotObservable([.next(210, ys), .error(240, TestError.other)])
    let res = scheduler.start { xs.switchLatest() }
    #expect(res.events == [.next(220, 1), .error(240, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(210, 240)])
  }

  @Test("disposal releases the outer and the current inner")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
    let xs = scheduler.createHotObservable([.next(210, ys), .completed(300)])
    let res = scheduler.start(disposed: 240) { xs.switchLatest() }
    #expect(res.events == [.next(220, 1)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys.subscriptions == [Subscription(210, 240)])
  }

  @Test("flatMapLatest maps each value and switches")
  func flatMapLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(10, 20), .next(30, 21), .completed(40)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
    let res = scheduler.start { xs.flatMapLatest { $0 == 1 ? ys1 : ys2 } }
    #expect(res.events == [.next(220, 10), .next(240, 20), .next(260, 21), .completed(270)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [Subscription(230, 270)])
  }

  @Test("a throwing selector errors at that tick and disposes the current inner")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)])
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
    let res = scheduler.start {
      xs.flatMapLatest { value -> TestableObservable<Int> in
        if value == 2 { throw TestError.boom }
        return ys
      }
    }
    #expect(res.events == [.next(220, 10), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test("synchronous inners")
  func synchronousInners() {
    var received: [Int] = []
    var completions = 0
    _ = Observable.from([1, 2, 3]).flatMapLatest { Observable.just($0 * 2) }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [2, 4, 6])
    #expect(completions == 1)
  }

  @Test("switching while the inners emit on other threads: serial delivery, only the latest after a switch")
  func concurrentSwitching() {
    let outer = PublishSubject<Int>()
    let inners = (0..<4).map { _ in PublishSubject<Int>() }
    let probe = ConcurrencyProbe()
    let received = Mutex<[Int]>([])
    let subscription = outer.flatMapLatest { inners[$0] }.subscribe(onNext: { value in
      probe.enter()
      received.withLock { $0.append(value) }
      probe.exit()
    })
    outer.onNext(0)
    let box = UncheckedSendable((outer, inners))
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      if worker == 3 {
        for next in 1..<4 { box.value.0.onNext(next) }
      } else {
        for index in 0..<2_000 { box.value.1[worker].onNext(worker * 10_000 + index) }
      }
    }
    let before = received.withLock { $0.count }
    inners[0].onNext(-1)
    inners[3].onNext(99)
    #expect(received.withLock { $0.count } == before + 1)
    #expect(received.withLock { $0.last } == 99)
    #expect(probe.maxInFlight.load(ordering: .relaxed) == 1)
    subscription.dispose()
  }
}
