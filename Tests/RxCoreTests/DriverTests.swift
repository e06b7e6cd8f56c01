import RxCore
import RxTesting
import Testing

private struct Point: Equatable {
  let x: Int
}

// The main scheduler's run-loop hook is global state: every test that attaches it lives in this one
// serialised suite and detaches it before returning.
@Suite("Driver", .resourceCheck, .serialized, .mainLoopExclusive)
struct DriverTests {
  // MARK: Main-scheduler delivery

  @Test("values sent from a background thread are delivered by the main loop, in order")
  func deliversOnMainLoop() {
    withMainLoop { counter in
      let subject = PublishSubject<Int>()
      let box = UncheckedSendable(subject)
      expectDeliveredOnMainLoop(counter: counter, send: { box.value.onNext($0) }) { handler in
        subject.asDriver(onErrorJustReturn: -1).drive(onNext: handler)
      }
    }
  }

  @Test("a subscription disposed before the main loop runs receives nothing")
  func disposedBeforeDrain() {
    withMainLoop { _ in
      expectNothingAfterDisposingBeforeDrain { subject, handler in
        subject.asDriver(onErrorJustReturn: 0).drive(onNext: handler)
      }
    }
  }

  // MARK: Never errors

  @Test("asDriver(onErrorJustReturn:) replaces an error with the value, then completes")
  func onErrorJustReturn() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
      let observer = scheduler.createObserver(Int.self)
      var driver: Driver<Int>!
      scheduler.scheduleAt(100) { driver = xs.asDriver(onErrorJustReturn: -1) }
      scheduler.scheduleAt(200) { _ = driver.drive(observer) }
      runMainLoop(scheduler, until: 300)
      #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, -1), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test("asDriver(onErrorDriveWith:) continues with the given driver")
  func onErrorDriveWith() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
      let observer = scheduler.createObserver(Int.self)
      var driver: Driver<Int>!
      scheduler.scheduleAt(100) { driver = xs.asDriver(onErrorDriveWith: Driver.just(42)) }
      scheduler.scheduleAt(200) { _ = driver.drive(observer) }
      runMainLoop(scheduler, until: 300)
      #expect(observer.events == [.next(210, 1), .next(220, 42), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test("asDriver(onErrorRecover:) continues with the driver made from the error")
  func onErrorRecover() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.other)])
      let observer = scheduler.createObserver(String.self)
      var driver: Driver<String>!
      scheduler.scheduleAt(100) {
        driver = xs.asDriver(onErrorRecover: { error in Driver.just("recovered from \(error)") })
      }
      scheduler.scheduleAt(200) { _ = driver.drive(observer) }
      runMainLoop(scheduler, until: 300)
      #expect(observer.events == [.next(210, "a"), .next(220, "recovered from other"), .completed(220)])
    }
  }

  // MARK: Sharing

  @Test("shares one source subscription and replays the latest value to late subscribers")
  func sharesLatestValue() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(320, 4)])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      let again = scheduler.createObserver(Int.self)
      var driver: Driver<Int>!
      var subscriptions: [Disposable] = []
      scheduler.scheduleAt(100) { driver = xs.asDriver(onErrorJustReturn: 0) }
      scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
      scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
      scheduler.scheduleAt(260) { subscriptions.forEach { $0.dispose() } }
      scheduler.scheduleAt(300) { subscriptions = [driver.drive(again)] }
      scheduler.scheduleAt(400) { subscriptions.forEach { $0.dispose() } }
      runMainLoop(scheduler, until: 500)
      #expect(early.events == [.next(210, 1), .next(220, 2), .next(240, 3)])
      #expect(late.events == [.next(230, 2), .next(240, 3)])
      // The buffer is dropped on disconnection: nothing stale for the next subscriber.
      #expect(again.events == [.next(320, 4)])
      #expect(xs.subscriptions == [Subscription(200, 260), Subscription(300, 400)])
    }
  }

  @Test("map and filter return drivers that share too")
  func mapAndFilter() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)])
      let first = scheduler.createObserver(Point.self)
      let second = scheduler.createObserver(Point.self)
      var driver: Driver<Point>!
      scheduler.scheduleAt(100) {
        driver = xs.asDriver(onErrorJustReturn: 0).filter { $0 % 2 == 0 }.map { Point(x: $0 * 10) }
      }
      var subscriptions: [Disposable] = []
      scheduler.scheduleAt(200) { subscriptions.append(driver.drive(first)) }
      scheduler.scheduleAt(225) { subscriptions.append(driver.drive(second)) }
      runMainLoop(scheduler, until: 300)
      #expect(first.events == [.next(220, Point(x: 20)), .next(240, Point(x: 40))])
      #expect(second.events == [.next(225, Point(x: 20)), .next(240, Point(x: 40))])
      #expect(xs.subscriptions == [Subscription(200)])
      // The hot source never ends, so it keeps its subscribers until they are disposed.
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  // MARK: Factories

  @Test("just, empty and never")
  func factories() {
    withMainLoop { _ in
      var values: [Int] = []
      var completions = 0
      _ = Driver.just(7).drive(onNext: { values.append($0) }, onCompleted: { completions += 1 })
      _ = Driver<Int>.empty().drive(onNext: { values.append($0) }, onCompleted: { completions += 1 })
      var neverDisposed = false
      let never = Driver<Int>.never().drive(
        onNext: { values.append($0) }, onCompleted: { completions += 1 }, onDisposed: { neverDisposed = true }
      )
      drainMain()
      #expect(values == [7])
      #expect(completions == 2)
      #expect(!neverDisposed)
      never.dispose()
      #expect(neverDisposed)
    }
  }

  // MARK: drive(...)

  @Test("drive to observers, optional observers and closures")
  func driveToObservers() {
    withMainLoop { _ in
      let relay = BehaviorRelay(value: 1)
      let driver = relay.asDriver()
      var plain: [Int] = []
      var optional: [Int?] = []
      var events = 0
      let a = driver.drive(AnyObserver<Int> { if case .next(let value) = $0 { plain.append(value) } })
      let b = driver.drive(AnyObserver<Int?> { if case .next(let value) = $0 { optional.append(value) } })
      let c = driver.drive(onNext: { _ in events += 1 })
      drainMain()
      relay.accept(2)
      drainMain()
      #expect(plain == [1, 2])
      #expect(optional == [1, 2])
      #expect(events == 2)
      for subscription in [a, b, c] { subscription.dispose() }
    }
  }

  @Test("drive to relays never completes them")
  func driveToRelays() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      let relays = RelayTargets()
      let driver = subject.asDriver(onErrorJustReturn: -1)
      let subscriptions = [
        driver.drive(relays.behavior), driver.drive(relays.optionalBehavior), driver.drive(relays.publish),
      ]
      subject.onNext(5)
      subject.onError(TestError.boom)
      drainMain()
      relays.expectFiveThenMinusOne()
      subscriptions.forEach { $0.dispose() }
      relays.dispose()
    }
  }

  @Test("drive(with:) passes the object without retaining it")
  func driveWithObject() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      expectObjectNotRetained(
        send: { value in
          subject.onNext(value)
          drainMain()
        },
        subscribe: { owner, onNext in
          subject.asDriver(onErrorJustReturn: 0).drive(with: owner, onNext: onNext)
        })
    }
  }

  @Test("drive(onCompleted:onDisposed:) runs both once on completion")
  func driveCompletion() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      expectCompletionAndDisposalOnce(of: subject, deliver: drainMain) { onCompleted, onDisposed in
        subject.asDriver(onErrorJustReturn: 0).drive(onCompleted: onCompleted, onDisposed: onDisposed)
      }
    }
  }

  @Test("asObservable exposes the shared sequence")
  func asObservableShares() {
    withMainLoop { _ in
      let (source, subscriptions) = countingSource([1], completing: false)
      let observable = source.asDriver(onErrorJustReturn: 0).asObservable()
      var received: [Int] = []
      let a = observable.subscribe(onNext: { received.append($0) })
      let b = observable.subscribe(onNext: { received.append($0) })
      drainMain()
      #expect(subscriptions.value == 1)
      #expect(received == [1, 1])
      a.dispose()
      b.dispose()
    }
  }
}
