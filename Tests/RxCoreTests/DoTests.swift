import RxCore
import RxTesting
import Testing

@Suite("do", .resourceCheck)
struct DoTests {
  @Test("callbacks run in RxSwift's order around each event and the subscription")
  func order() {
    var log: [String] = []
    let source = Observable.of(1, 2)
    let subscription = source.do(
      onNext: { log.append("onNext \($0)") },
      afterNext: { log.append("afterNext \($0)") },
      onError: { _ in log.append("onError") },
      afterError: { _ in log.append("afterError") },
      onCompleted: { log.append("onCompleted") },
      afterCompleted: { log.append("afterCompleted") },
      onSubscribe: { log.append("onSubscribe") },
      onSubscribed: { log.append("onSubscribed") },
      onDispose: { log.append("onDispose") }
    ).subscribe(
      onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
      onDisposed: { log.append("disposed") })
    subscription.dispose()
    #expect(
      log == [
        // `of` emits from the trampoline, so the subscription returns before the first value.
        "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onNext 2", "next 2",
        "afterNext 2", "onCompleted", "completed", "disposed", "afterCompleted", "onDispose",
      ])
  }

  @Test("error callbacks, in virtual time, with the source released at the error")
  func errorCallbacks() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    var log: [String] = []
    let res = scheduler.start {
      xs.do(
        onError: { log.append("onError \($0) @\(scheduler.clock)") },
        afterError: { _ in log.append("afterError") },
        onDispose: { log.append("onDispose @\(scheduler.clock)") })
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(log == ["onError boom @220", "afterError", "onDispose @220"])
  }

  @Test("onDispose runs once at disposal, after the source is released")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
    var disposedAt: [Int] = []
    let res = scheduler.start(disposed: 250) {
      xs.do(onDispose: { disposedAt.append(scheduler.clock) })
    }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(disposedAt == [250])
  }

  @Test("a throwing onNext replaces the value with an error")
  func throwingOnNext() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.do(onNext: { if $0 == 2 { throw TestError.boom } })
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("a throwing afterNext ends the sequence after the value went through")
  func throwingAfterNext() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.do(afterNext: { if $0 == 1 { throw TestError.other } })
    }
    #expect(res.events == [.next(210, 1), .error(210, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test("a throwing onCompleted or onError replaces the terminal event")
  func throwingTerminal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = scheduler.start { xs.do(onCompleted: { throw TestError.boom }) }
    #expect(res.events == [.next(210, 1), .error(300, TestError.boom)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([Recorded<Event<Int>>.error(300, TestError.boom)])
    let res2 = scheduler2.start { ys.do(onError: { _ in throw TestError.other }) }
    #expect(res2.events == [.error(300, TestError.other)])
  }

  @Test("subscribe hooks run for each subscription")
  func perSubscription() {
    var subscribes = 0
    var disposes = 0
    let observable = Observable<Int>.never().do(
      onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
    let a = observable.subscribe()
    let b = observable.subscribe()
    #expect(subscribes == 2)
    #expect(disposes == 0)
    a.dispose()
    b.dispose()
    b.dispose()
    #expect(disposes == 2)
  }
}
