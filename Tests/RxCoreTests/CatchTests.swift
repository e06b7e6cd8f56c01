import RxCore
import RxTesting
import Testing

@Suite("catch", .resourceCheck)
struct CatchTests {
  @Test("replaces a failed source with the handler's sequence at the tick of the error")
  func replaces() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom), .next(240, 9)])
    let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    var caught: [String] = []
    let res = scheduler.start {
      xs.catch { error in
        caught.append("\(error)@\(scheduler.clock)")
        return ys.asObservable()
      }
    }
    #expect(res.events == [.next(210, 1), .next(240, 2), .completed(250)])
    #expect(caught == ["boom@230"])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [Subscription(230, 250)])
  }

  @Test("without an error the handler is never called")
  func noError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    var calls = 0
    let res = scheduler.start {
      xs.catch { _ in
        calls += 1
        return ys.asObservable()
      }
    }
    #expect(res.events == [.next(210, 1), .completed(230)])
    #expect(calls == 0)
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [])
  }

  @Test("a throwing handler ends it with the thrown error")
  func throwingHandler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.catch { _ -> Observable<Int> in throw TestError.other } }
    #expect(res.events == [.next(210, 1), .error(230, TestError.other)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("an error of the replacement is not caught again")
  func replacementError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let ys = scheduler.createColdObservable([.next(5, 2), .error(10, TestError.other)])
    var calls = 0
    let res = scheduler.start {
      xs.catch { _ in
        calls += 1
        return ys.asObservable()
      }
    }
    #expect(res.events == [.next(210, 1), .next(235, 2), .error(240, TestError.other)])
    #expect(calls == 1)
    #expect(ys.subscriptions == [Subscription(230, 240)])
  }

  @Test("catchAndReturn sends the value and completes at the tick of the error")
  func catchAndReturn() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom), .next(240, 2)])
    let res = scheduler.start { xs.catchAndReturn(99) }
    #expect(res.events == [.next(210, 1), .next(230, 99), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal before the error, and during the replacement")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start(disposed: 220) { xs.catch { _ in ys.asObservable() } }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [])

    let scheduler2 = TestScheduler(initialClock: 0)
    let xs2 = scheduler2.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let ys2 = scheduler2.createColdObservable([.next(10, 2), .next(20, 3), .completed(30)])
    let res2 = scheduler2.start(disposed: 245) { xs2.catch { _ in ys2.asObservable() } }
    #expect(res2.events == [.next(210, 1), .next(240, 2)])
    #expect(xs2.subscriptions == [Subscription(200, 230)])
    #expect(ys2.subscriptions == [Subscription(230, 245)])
  }

  @Test("a source failing during subscription is replaced synchronously")
  func synchronousError() {
    var received: [Int] = []
    var completions = 0
    _ = Observable<Int>.error(TestError.boom).startWith(1).catch { _ in .of(2, 3) }
      .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(received == [1, 2, 3])
    #expect(completions == 1)
  }
}

@Suite("catch(sequence:)", .resourceCheck)
struct CatchSequenceTests {
  @Test("moves to the next source on each error and completes with the first that completes")
  func movesOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs1 = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.other)])
    let xs3 = scheduler.createColdObservable([.next(5, 3), .completed(10)])
    let xs4 = scheduler.createColdObservable([.next(5, 4), .completed(10)])
    let res = scheduler.start {
      Observable.catch(sequence: [
        xs1.asObservable(), xs2.asObservable(), xs3.asObservable(), xs4.asObservable(),
      ])
    }
    #expect(res.events == [.next(210, 1), .next(230, 2), .next(245, 3), .completed(250)])
    #expect(xs1.subscriptions == [Subscription(200, 220)])
    #expect(xs2.subscriptions == [Subscription(220, 240)])
    #expect(xs3.subscriptions == [Subscription(240, 250)])
    #expect(xs4.subscriptions == [])
  }

  @Test("the last error ends it when the sources run out")
  func lastError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.other)])
    let res = scheduler.start { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }
    #expect(res.events == [.next(210, 1), .next(230, 2), .error(240, TestError.other)])
    #expect(xs1.subscriptions == [Subscription(200, 220)])
    #expect(xs2.subscriptions == [Subscription(220, 240)])
  }

  @Test("no sources complete at once")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }
    #expect(res.events == [.completed(200)])
  }

  @Test("disposal releases the current source; later ones are never subscribed")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
    let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.other)])
    let xs3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
    let res = scheduler.start(disposed: 235) {
      Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
    }
    #expect(res.events == [.next(210, 1), .next(230, 2)])
    #expect(xs1.subscriptions == [Subscription(200, 220)])
    #expect(xs2.subscriptions == [Subscription(220, 235)])
    #expect(xs3.subscriptions == [])
  }

  @Test("100,000 synchronously failing sources keep a flat stack")
  func manyFailingSources() {
    let probe = StackProbe()
    var subscribed = 0
    let failing = Observable<Int>.create { observer in
      subscribed += 1
      probe.mark()
      observer.onError(TestError.boom)
      return Disposables.create()
    }
    var received: [Int] = []
    var completions = 0
    let sources = Array(repeating: failing, count: 100_000) + [Observable.just(7)]
    _ = Observable.catch(sequence: sources).subscribe(
      onNext: { received.append($0) }, onCompleted: { completions += 1 })
    #expect(subscribed == 100_000)
    #expect(received == [7])
    #expect(completions == 1)
    #expect(probe.spread < 64 * 1024)
  }
}
