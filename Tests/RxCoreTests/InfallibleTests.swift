import RxCore
import RxTesting
import Testing

@Suite("Infallible", .resourceCheck)
struct InfallibleTests {
  @Test("asInfallible(onErrorJustReturn:) replaces an error with a value and completion")
  func onErrorJustReturn() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }
    #expect(res.events == [.next(210, 1), .next(230, -1), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("asInfallible(onErrorFallbackTo:) continues with the fallback, released at disposal")
  func onErrorFallbackTo() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let ys = scheduler.createColdObservable([.next(10, 5), .next(100, 6)])
    let res = scheduler.start(disposed: 300) {
      xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: 0))
    }
    #expect(res.events == [.next(210, 1), .next(240, 5)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(230, 300)])
  }

  @Test("asInfallible(onErrorRecover:) builds the fallback from the error")
  func onErrorRecover() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(220, TestError.other, String.self)])
    let res = scheduler.start {
      xs.asInfallible(onErrorRecover: { Infallible.just("recovered from \($0)") })
    }
    #expect(res.events == [.next(220, "recovered from other"), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("an error-free source passes through unchanged")
  func passThrough() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).map { $0 * 10 }.filter { $0 > 10 } }
    #expect(res.events == [.next(220, 20), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("create: nothing after completion counts")
  func create() {
    var log: [String] = []
    _ = Infallible<Int>.create { observer in
      observer(.next(1))
      observer(.completed)
      observer(.next(2))
      return Disposables.create { log.append("released") }
    }.subscribe(
      onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
      onDisposed: { log.append("disposed") })
    #expect(log == ["next 1", "completed", "disposed", "released"])
  }

  @Test("subscribe with an InfallibleEvent closure")
  func eventClosure() {
    var log: [String] = []
    _ = Infallible.of(1, 2).subscribe { event in
      switch event {
      case .next(let value): log.append("next \(value)")
      case .completed: log.append("completed")
      }
    }
    #expect(log == ["next 1", "next 2", "completed"])
  }

  @Test("operators: flatMapLatest, scan, startWith, distinctUntilChanged, take")
  func operators() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2), .completed(300)])
    let res = scheduler.start {
      xs.asInfallible(onErrorJustReturn: 0)
        .distinctUntilChanged()
        .flatMapLatest { Infallible.just($0 * 10) }
        .scan(0) { $0 + $1 }
        .startWith(-1)
        .take(3)
    }
    #expect(res.events == [.next(200, -1), .next(210, 10), .next(230, 30), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("bind(to:) relays and bind(onNext:)")
  func bind() {
    let relay = BehaviorRelay(value: 0)
    _ = Infallible.of(1, 2).bind(to: relay)
    var values: [Int] = []
    _ = Infallible.of(3).bind(onNext: { values.append($0) })
    #expect(relay.value == 2)
    #expect(values == [3])
  }

  @Test("merge, concat and withLatestFrom")
  func combining() {
    var merged: [Int] = []
    _ = Infallible.merge(.just(1), .just(2)).subscribe(onNext: { merged.append($0) })
    var concatenated: [Int] = []
    _ = Infallible.concat(.just(3), .just(4)).subscribe(onNext: { concatenated.append($0) })
    var latest: [String] = []
    let other = BehaviorRelay(value: "a")
    _ = Infallible.of(1, 2).withLatestFrom(other.asInfallible(onErrorJustReturn: "")) { "\($0)\($1)" }
      .subscribe(onNext: { latest.append($0) })
    #expect(merged == [1, 2])
    #expect(concatenated == [3, 4])
    #expect(latest == ["1a", "2a"])
  }
}

@Suite("Relays as Infallible", .resourceCheck)
struct RelayAsInfallibleTests {
  @Test("PublishRelay.asInfallible sends the values accepted while subscribed")
  func publishRelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let relay = PublishRelay<Int>()
    scheduler.scheduleAt(150) { relay.accept(0) }
    scheduler.scheduleAt(210) { relay.accept(1) }
    scheduler.scheduleAt(220) { relay.accept(2) }
    scheduler.scheduleAt(1010) { relay.accept(3) }
    let res = scheduler.start { relay.asInfallible().asObservable() }
    // Nothing after the disposal at 1000: the relay's subscription ended with the infallible's.
    #expect(res.events == [.next(210, 1), .next(220, 2)])
  }

  @Test("BehaviorRelay.asInfallible starts with the current value")
  func behaviorRelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let relay = BehaviorRelay(value: 0)
    scheduler.scheduleAt(150) { relay.accept(1) }
    scheduler.scheduleAt(210) { relay.accept(2) }
    let res = scheduler.start { relay.asInfallible().asObservable() }
    #expect(res.events == [.next(200, 1), .next(210, 2)])
  }

  @Test("ReplayRelay.asInfallible replays its buffer, then sends new values")
  func replayRelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    scheduler.scheduleAt(110) { relay.accept(1) }
    scheduler.scheduleAt(120) { relay.accept(2) }
    scheduler.scheduleAt(130) { relay.accept(3) }
    scheduler.scheduleAt(210) { relay.accept(4) }
    let res = scheduler.start { relay.asInfallible().asObservable() }
    #expect(res.events == [.next(200, 2), .next(200, 3), .next(210, 4)])
  }
}
