import RxCore
import RxTesting
import Testing

/// Runs `body` on virtual time with every driver and signal made in it delivering on `scheduler`, and
/// returns what `body`'s sequence sent (subscribed at 200, disposed at 1000).
private func run<Element>(
  _ scheduler: TestScheduler, _ body: @escaping () -> Observable<Element>
) -> TestableObserver<Element> {
  var observer: TestableObserver<Element>?
  SharingScheduler.mock(scheduler: scheduler) {
    observer = scheduler.start { body() }
  }
  return observer!
}

// The shared-sequence operators are the `Observable` operators shared again, waiting on the sharing
// scheduler; these check that each family is wired to the right operator and keeps its trait. Each hop
// through the sharing scheduler (here a `TestScheduler`, whose immediate actions run one tick later, as
// in RxSwift) adds a tick: a value sent at 210 arrives at 211, one from an inner driver at +2.
// `SharingScheduler.mock` swaps the process-wide factory, so the tests run one at a time (each mocks
// its own clock) and the suite holds the main-loop gate: a driver another suite made meanwhile would
// deliver on this suite's virtual clock and never arrive.
@Suite("SharedSequence operators", .resourceCheck, .serialized, .mainLoopExclusive)
struct SharedSequenceOperatorTests {
  @Test("map, compactMap, filter, scan, skip and startWith keep a driver a driver")
  func transforming() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let res = run(scheduler) {
      let driver: Driver<Int> = xs.asDriver(onErrorJustReturn: -1)
        .map { $0 * 10 }
        .compactMap { $0 == 20 ? nil : $0 }
        .filter { $0 > 0 }
        .scan(0, accumulator: +)
        .skip(1)
        .startWith(7)
      return driver.asObservable()
    }
    #expect(res.events == [.next(200, 7), .next(231, 40), .completed(241)])
  }

  @Test("distinctUntilChanged, by value, key, comparer and key with comparer")
  func distinct() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 12), .completed(250),
    ])
    let byValue = run(scheduler) { xs.asDriver(onErrorJustReturn: 0).distinctUntilChanged().asObservable() }
    #expect(byValue.events == [.next(211, 1), .next(231, 2), .next(241, 12), .completed(251)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 11), .next(230, 2), .completed(250)])
    let byKey = run(scheduler2) {
      ys.asSignal(onErrorJustReturn: 0).distinctUntilChanged { $0 % 10 }.asObservable()
    }
    #expect(byKey.events == [.next(211, 1), .next(231, 2), .completed(251)])
    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = scheduler3.createHotObservable([.next(210, 1), .next(220, 11), .next(230, 2), .completed(250)])
    let byComparer = run(scheduler3) {
      zs.asDriver(onErrorJustReturn: 0).distinctUntilChanged({ $0 % 10 }, comparer: { $0 == $1 })
        .asObservable()
    }
    #expect(byComparer.events == [.next(211, 1), .next(231, 2), .completed(251)])
  }

  @Test("flatMapLatest, flatMapFirst, flatMap, switchLatest and merge")
  func flattening() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let inner: (Int) -> Driver<Int> = { value in
      Observable<Int>.timer(.seconds(15), scheduler: scheduler).map { _ in value }
        .asDriver(onErrorJustReturn: -1)
    }
    let latest = run(scheduler) { xs.asDriver(onErrorJustReturn: 0).flatMapLatest(inner).asObservable() }
    #expect(latest.events == [.next(237, 2), .completed(301)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let inner2: (Int) -> Driver<Int> = { value in
      Observable<Int>.timer(.seconds(15), scheduler: scheduler2).map { _ in value }
        .asDriver(onErrorJustReturn: -1)
    }
    let first = run(scheduler2) { ys.asDriver(onErrorJustReturn: 0).flatMapFirst(inner2).asObservable() }
    #expect(first.events == [.next(227, 1), .completed(301)])
    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = scheduler3.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let inner3: (Int) -> Driver<Int> = { value in
      Observable<Int>.timer(.seconds(15), scheduler: scheduler3).map { _ in value }
        .asDriver(onErrorJustReturn: -1)
    }
    let all = run(scheduler3) { zs.asDriver(onErrorJustReturn: 0).flatMap(inner3).asObservable() }
    #expect(all.events == [.next(227, 1), .next(237, 2), .completed(301)])
    let scheduler4 = TestScheduler(initialClock: 0)
    let a = scheduler4.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let b = scheduler4.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let merged = run(scheduler4) {
      Driver.merge(a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)).asObservable()
    }
    #expect(merged.events == [.next(211, 1), .next(221, 2), .next(231, 3), .next(241, 4), .completed(311)])
    let scheduler5 = TestScheduler(initialClock: 0)
    let c = scheduler5.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let d = scheduler5.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let switched = run(scheduler5) {
      Driver.of(c.asDriver(onErrorJustReturn: 0), d.asDriver(onErrorJustReturn: 0)).switchLatest()
        .asObservable()
    }
    #expect(switched.events == [.next(221, 2), .next(241, 4), .completed(311)])
  }

  @Test("throttle, debounce and delay wait on the sharing scheduler")
  func time() {
    let source: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 2), .next(250, 3), .completed(300)]
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(source)
    let throttled = run(scheduler) { xs.asDriver(onErrorJustReturn: 0).throttle(.seconds(20)).asObservable() }
    #expect(throttled.events == [.next(211, 1), .next(231, 2), .next(251, 3), .completed(301)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable(source)
    let debounced = run(scheduler2) {
      ys.asSignal(onErrorJustReturn: 0).debounce(.seconds(20)).asObservable()
    }
    #expect(debounced.events == [.next(236, 2), .next(271, 3), .completed(301)])
    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = scheduler3.createHotObservable(source)
    let delayed = run(scheduler3) { zs.asDriver(onErrorJustReturn: 0).delay(.seconds(5)).asObservable() }
    #expect(delayed.events == [.next(216, 1), .next(221, 2), .next(256, 3), .completed(306)])
    let scheduler4 = TestScheduler(initialClock: 0)
    let ticks = run(scheduler4) { Driver<Int>.interval(.seconds(300)).asObservable() }
    #expect(ticks.events == [.next(500, 0), .next(800, 1)])
    let scheduler5 = TestScheduler(initialClock: 0)
    let timer = run(scheduler5) { Signal<Int>.timer(.seconds(100), period: .seconds(300)).asObservable() }
    #expect(timer.events == [.next(300, 0), .next(600, 1), .next(900, 2)])
  }

  @Test("zip, combineLatest, concat and withLatestFrom")
  func combining() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let zipped = run(scheduler) {
      Driver.zip(a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)) { $0 * 10 + $1 }
        .asObservable()
    }
    #expect(zipped.events == [.next(221, 12), .next(241, 34), .completed(311)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let c = scheduler2.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let d = scheduler2.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let latest = run(scheduler2) {
      Driver.combineLatest(c.asDriver(onErrorJustReturn: 0), d.asDriver(onErrorJustReturn: 0))
        .map { $0 * 10 + $1 }.asObservable()
    }
    #expect(latest.events == [.next(221, 12), .next(231, 32), .next(241, 34), .completed(311)])
    let scheduler3 = TestScheduler(initialClock: 0)
    let e = scheduler3.createColdObservable([.next(10, 1), .completed(20)])
    let f = scheduler3.createColdObservable([.next(10, 2), .completed(20)])
    let concatenated = run(scheduler3) {
      Driver.concat([e.asDriver(onErrorJustReturn: 0), f.asDriver(onErrorJustReturn: 0)]).asObservable()
    }
    #expect(concatenated.events == [.next(211, 1), .next(232, 2), .completed(242)])
    let scheduler4 = TestScheduler(initialClock: 0)
    let g = scheduler4.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let h = scheduler4.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let sampled = run(scheduler4) {
      g.asSignal(onErrorJustReturn: 0).withLatestFrom(h.asDriver(onErrorJustReturn: 0)) { $0 * 10 + $1 }
        .asObservable()
    }
    #expect(sampled.events == [.next(231, 32), .completed(301)])
    let scheduler5 = TestScheduler(initialClock: 0)
    let i = scheduler5.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let j = scheduler5.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
    let collection = run(scheduler5) {
      Driver.zip([i.asDriver(onErrorJustReturn: 0), j.asDriver(onErrorJustReturn: 0)]).asObservable()
    }
    #expect(collection.events == [.next(221, [1, 2]), .next(241, [3, 4]), .completed(311)])
  }

  @Test("do and deferred: side effects in order, one factory call per subscription")
  func sideEffects() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    var log: [String] = []
    var made = 0
    let res = run(scheduler) {
      Driver<Int>.deferred {
        made += 1
        return xs.asDriver(onErrorJustReturn: 0)
      }
      .do(
        onNext: { log.append("next \($0)") }, afterNext: { log.append("after \($0)") },
        onCompleted: { log.append("completed") }, onSubscribe: { log.append("subscribe") },
        onSubscribed: { log.append("subscribed") }, onDispose: { log.append("dispose") }
      )
      .asObservable()
    }
    #expect(res.events == [.next(211, 1), .completed(221)])
    #expect(made == 1)
    #expect(log == ["subscribe", "subscribed", "next 1", "after 1", "completed", "dispose"])
  }

  @Test("asSharedSequence(sharingStrategy:onErrorJustReturn:) and Infallible.asDriver()")
  func conversions() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = run(scheduler) {
      xs.asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: 9).asObservable()
    }
    #expect(res.events == [.next(211, 1), .next(221, 9), .completed(221)])
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .completed(220)])
    let infallible = run(scheduler2) {
      ys.asInfallible(onErrorJustReturn: 0).asDriver().asObservable()
    }
    #expect(infallible.events == [.next(211, 1), .completed(221)])
  }
}
