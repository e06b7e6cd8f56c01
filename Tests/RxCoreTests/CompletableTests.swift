import RxCore
import RxTesting
import Testing

@Suite("Completable", .resourceCheck)
struct CompletableTests {
  private func record(_ completable: Completable) -> [String] {
    var log: [String] = []
    _ = completable.subscribe(
      onCompleted: { log.append("completed") },
      onError: { log.append("error \($0)") },
      onDisposed: { log.append("disposed") })
    return log
  }

  /// Events of a completable in virtual time, as strings (there is no `Event<Never>` equality).
  private func times(_ events: [Recorded<Event<Never>>]) -> [String] {
    events.map { recorded in
      switch recorded.value {
      case .error(let error): return "error(\(recorded.time), \(error))"
      case .completed: return "completed(\(recorded.time))"
      }
    }
  }

  @Test("create: only the first event counts")
  func createDeliversOnce() {
    var disposed = 0
    let completable = Completable.create { completable in
      completable(.completed)
      completable(.error(TestError.boom))
      completable(.completed)
      return Disposables.create { disposed += 1 }
    }
    #expect(record(completable) == ["completed", "disposed"])
    let failing = Completable.create { completable in
      completable(.error(TestError.boom))
      completable(.completed)
      return Disposables.create { disposed += 1 }
    }
    #expect(record(failing) == ["error boom", "disposed"])
    #expect(disposed == 2)
  }

  @Test("empty, error and never")
  func factories() {
    #expect(record(.empty()) == ["completed", "disposed"])
    #expect(record(.error(TestError.other)) == ["error other", "disposed"])
    #expect(record(.never()).isEmpty)
    var events: [String] = []
    _ = Completable.empty().subscribe { event in
      if case .completed = event { events.append("completed") }
    }
    #expect(events == ["completed"])
  }

  @Test("andThen(Single) subscribes to the single once the completable completed")
  func andThenSingle() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let ys = scheduler.createColdObservable([.next(20, "done"), .completed(20)])
    let res = scheduler.start { xs.ignoreElements().asCompletable().andThen(ys.asSingle()) }
    #expect(res.events == [.next(250, "done"), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(230, 250)])
  }

  @Test("andThen: an error of the completable ends it and the second is never subscribed")
  func andThenError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
    let ys = scheduler.createColdObservable([.next(20, 1), .completed(20)])
    let res = scheduler.start { xs.ignoreElements().asCompletable().andThen(ys.asObservable()) }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions.isEmpty)
  }

  @Test("andThen: disposal releases whichever part is running")
  func andThenDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(230, Int.self)])
    let ys = scheduler.createColdObservable([.next(100, 1), .completed(100)])
    let res = scheduler.start(disposed: 260) { xs.ignoreElements().asCompletable().andThen(ys.asMaybe()) }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(230, 260)])
  }

  @Test("andThen(Completable) and concat run one after the other")
  func concat() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(10, Int.self)])
    let b = scheduler.createColdObservable([.completed(20, Int.self)])
    let c = scheduler.createColdObservable([.completed(30, Int.self)])
    let res = scheduler.start {
      a.ignoreElements().asCompletable()
        .andThen(b.ignoreElements().asCompletable())
        .concat(c.ignoreElements().asCompletable())
    }
    #expect(times(res.events) == ["completed(260)"])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(210, 230)])
    #expect(c.subscriptions == [Subscription(230, 260)])
  }

  @Test("zip runs them at once and completes with the last; an error ends it and releases the others")
  func zip() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(10, Int.self)])
    let b = scheduler.createColdObservable([.completed(40, Int.self)])
    let res = scheduler.start {
      Completable.zip(a.ignoreElements().asCompletable(), b.ignoreElements().asCompletable())
    }
    #expect(times(res.events) == ["completed(240)"])
    #expect(a.subscriptions == [Subscription(200, 210)])
    #expect(b.subscriptions == [Subscription(200, 240)])

    let c = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
    let d = scheduler.createColdObservable([.completed(40, Int.self)])
    let res2 = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Completable.zip([c.ignoreElements().asCompletable(), d.ignoreElements().asCompletable()])
    }
    #expect(times(res2.events) == ["error(1110, boom)"])
    #expect(d.subscriptions == [Subscription(1100, 1110)])
  }

  @Test("zip of any collection runs them at once; zip of none completes at subscription")
  func zipCollection() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(30, Int.self)])
    let b = scheduler.createColdObservable([.completed(20, Int.self)])
    let sources = [a, b].map { $0.ignoreElements().asCompletable() }
    let res = scheduler.start { Completable.zip(sources[...]) }
    #expect(times(res.events) == ["completed(230)"])
    #expect(a.subscriptions == [Subscription(200, 230)])
    #expect(b.subscriptions == [Subscription(200, 220)])

    let none = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Completable.zip([Completable]())
    }
    #expect(times(none.events) == ["completed(1100)"])
  }

  @Test("zip disposed before the end releases every source")
  func zipDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(500, Int.self)])
    let b = scheduler.createColdObservable([.completed(900, Int.self)])
    let res = scheduler.start(disposed: 600) {
      Completable.zip(a.ignoreElements().asCompletable(), b.ignoreElements().asCompletable())
    }
    #expect(res.events.isEmpty)
    #expect(a.subscriptions == [Subscription(200, 600)])
    #expect(b.subscriptions == [Subscription(200, 600)])
  }

  @Test("do runs its side effects")
  func doSideEffects() {
    var log: [String] = []
    _ = Completable.empty().do(
      onCompleted: { log.append("on completed") }, afterCompleted: { log.append("after completed") }
    ).subscribe(onCompleted: { log.append("completed") })
    #expect(log == ["on completed", "completed", "after completed"])
  }
}
