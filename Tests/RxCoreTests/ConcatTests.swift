import RxCore
import RxTesting
import Testing

@Suite("concat", .resourceCheck)
struct ConcatTests {
  @Test("Observable.concat subscribes each source after the previous one completed")
  func staticCold() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
    let ys3 = scheduler.createColdObservable([.next(5, 4), .completed(10)])
    let res = scheduler.start {
      Observable.concat(ys1.asObservable(), ys2.asObservable(), ys3.asObservable())
    }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 3), .next(255, 4), .completed(260)])
    #expect(ys1.subscriptions == [Subscription(200, 230)])
    #expect(ys2.subscriptions == [Subscription(230, 250)])
    #expect(ys3.subscriptions == [Subscription(250, 260)])
  }

  @Test("hot sources lose what they send before their turn")
  func staticHot() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs1 = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
    let xs2 = scheduler.createHotObservable([.next(215, 9), .next(240, 3), .completed(250)])
    let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    #expect(xs1.subscriptions == [Subscription(200, 230)])
    #expect(xs2.subscriptions == [Subscription(230, 250)])
  }

  @Test("an error ends it at once; later sources are never subscribed")
  func errorStops() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start { Observable.concat([ys1.asObservable(), ys2.asObservable()]) }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(ys1.subscriptions == [Subscription(200, 220)])
    #expect(ys2.subscriptions == [])
  }

  @Test("an error of a later source ends it")
  func laterError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.other)])
    let res = scheduler.start { ys1.concat(ys2) }
    #expect(res.events == [.next(210, 1), .next(230, 2), .error(240, TestError.other)])
    #expect(ys1.subscriptions == [Subscription(200, 220)])
    #expect(ys2.subscriptions == [Subscription(220, 240)])
  }

  @Test("instance concat(_:) accepts any observable convertible")
  func instanceConcat() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start { xs.concat(ys).concat(Observable.just(3)) }
    #expect(res.events == [.next(210, 1), .next(240, 2), .next(250, 3), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(230, 250)])
  }

  @Test("a source that never completes holds back the rest")
  func neverHoldsBack() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start { Observable.concat(ys1.asObservable(), ys2.asObservable()) }
    #expect(res.events == [.next(210, 1)])
    #expect(ys1.subscriptions == [Subscription(200, 1000)])
    #expect(ys2.subscriptions == [])
  }

  @Test("disposal releases the current source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .next(40, 3), .completed(50)])
    let ys3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
    let res = scheduler.start(disposed: 245) {
      Observable.concat(ys1.asObservable(), ys2.asObservable(), ys3.asObservable())
    }
    #expect(res.events == [.next(210, 1), .next(230, 2)])
    #expect(ys1.subscriptions == [Subscription(200, 220)])
    #expect(ys2.subscriptions == [Subscription(220, 245)])
    #expect(ys3.subscriptions == [])
  }

  @Test("no sources, and empty sources, complete at once")
  func emptySources() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
    #expect(res.events == [.completed(200)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let res2 = scheduler2.start { Observable.concat(Observable<Int>.empty(), .empty(), .just(1), .empty()) }
    #expect(res2.events == [.next(200, 1), .completed(200)])
  }

  @Test("a sequence of sources is read lazily, one source per turn")
  func lazySequence() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    var pulled = 0
    var made = 0
    let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
      made += 1
      return AnyIterator {
        pulled += 1
        return pulled <= 3 ? ys.asObservable() : nil
      }
    }
    var pulledAt: [Int: Int] = [:]
    scheduler.scheduleAt(215) { pulledAt[215] = pulled }
    scheduler.scheduleAt(235) { pulledAt[235] = pulled }
    let res = scheduler.start { Observable.concat(sources) }
    #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
    #expect(pulledAt == [215: 1, 235: 2])
    #expect(pulled == 4)
    #expect(made == 1)
    #expect(ys.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }

  @Test("concat() of an observable of observables: one at a time, outer released when it completes")
  func concatOfObservables() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
    let ys3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
    let xs = scheduler.createHotObservable([
      .next(210, ys1), .next(220, ys2), .next(230, ys3), .completed(235),
    ])
    let res = scheduler.start { xs.concat() }
    #expect(res.events == [.next(220, 1), .next(240, 2), .next(260, 3), .next(280, 4), .completed(290)])
    #expect(xs.subscriptions == [Subscription(200, 235)])
    #expect(ys1.subscriptions == [Subscription(210, 250)])
    #expect(ys2.subscriptions == [Subscription(250, 270)])
    #expect(ys3.subscriptions == [Subscription(270, 290)])
  }

  @Test("concat() ends at once on an outer error; queued inners are never subscribed")
  func concatOfObservablesOuterError() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(40)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .error(230, TestError.boom)])
    let res = scheduler.start { xs.concat() }
    #expect(res.events == [.next(220, 1), .error(230, TestError.boom)])
    #expect(ys1.subscriptions == [Subscription(210, 230)])
    #expect(ys2.subscriptions == [])
  }

  @Test("synchronous trampolined sources keep their order")
  func synchronousSources() {
    var received: [Int] = []
    var completions = 0
    _ = Observable.concat(Observable.of(1, 2), Observable.of(3), Observable.from([4, 5]))
      .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [1, 2, 3, 4, 5])
    #expect(completions == 1)
  }

  @Test("100,000 synchronous sources: Observable.concat keeps a flat stack")
  func manyStaticSources() {
    let run = OrderedRun()
    _ = run.watch(Observable.concat((0..<100_000).map { Observable.just($0) }))
    run.expectAll(100_000)
  }

  @Test("100,000 synchronous inners: concat() keeps order and a flat stack")
  func manyInners() {
    let run = OrderedRun()
    let outer = PublishSubject<Observable<Int>>()
    let blocker = PublishSubject<Int>()
    let subscription = run.watch(outer.concat())
    outer.onNext(blocker.asObservable())
    for value in 0..<100_000 { outer.onNext(Observable.just(value)) }
    outer.onCompleted()
    run.expectNothing()
    blocker.onCompleted()
    run.expectAll(100_000)
    subscription.dispose()
  }

  @Test("nested concatenations keep their order, timings and subscription intervals")
  func nestedMarbles() {
    let scheduler = TestScheduler(initialClock: 0)
    let ys1 = scheduler.createColdObservable([.next(5, 1), .completed(10)])
    let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(15)])
    let ys3 = scheduler.createColdObservable([.next(5, 3), .completed(5)])
    let ys4 = scheduler.createColdObservable([.next(20, 4), .completed(25)])
    let res = scheduler.start {
      Observable.concat([
        ys1.asObservable(),
        Observable.concat([ys2.asObservable(), ys3.asObservable()]),
        ys4.concat(Observable<Int>.empty()),
      ])
    }
    #expect(res.events == [.next(205, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(255)])
    #expect(ys1.subscriptions == [Subscription(200, 210)])
    #expect(ys2.subscriptions == [Subscription(210, 225)])
    #expect(ys3.subscriptions == [Subscription(225, 230)])
    #expect(ys4.subscriptions == [Subscription(230, 255)])
  }

  @Test("a catch(sequence:) nested in a concat still moves on only when its sources fail")
  func nestedCatchKeepsItsRules() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
    let fallback = scheduler.createColdObservable([.next(5, 2), .completed(10)])
    let after = scheduler.createColdObservable([.next(5, 3), .completed(10)])
    let res = scheduler.start {
      Observable.concat([
        Observable.catch(sequence: [failing.asObservable(), fallback.asObservable()]),
        after.asObservable(),
      ])
    }
    #expect(res.events == [.next(205, 1), .next(215, 2), .next(225, 3), .completed(230)])
    #expect(failing.subscriptions == [Subscription(200, 210)])
    #expect(fallback.subscriptions == [Subscription(210, 220)])
    #expect(after.subscriptions == [Subscription(220, 230)])
  }

  @Test("20,000 nested concatenations run in one flat stack, as in RxSwift")
  func deeplyNested() {
    let depth = 20_000
    var chain = Observable.of(depth)
    for level in stride(from: depth - 1, through: 0, by: -1) {
      chain = Observable.concat([Observable.of(level), chain])
    }
    let probe = StackProbe()
    var received: [Int] = []
    var completions = 0
    _ = chain.subscribe(
      onNext: { value in
        probe.mark()
        received.append(value)
      },
      onCompleted: { completions += 1 })
    #expect(received == Array(0...depth))
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
  }
}
