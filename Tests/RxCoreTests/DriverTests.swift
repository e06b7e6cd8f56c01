import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts the wake-ups the main scheduler sends to the attached loop.
private final class WakeCounter: Sendable {
  let count = Atomic<Int>(0)
}

private struct Point: Equatable {
  let x: Int
}

// The main scheduler's run-loop hook is global state: every test that attaches it lives in this one
// serialised suite and detaches it before returning.
@Suite("Driver", .resourceCheck, .serialized, .mainLoopExclusive)
struct DriverTests {
  /// Runs `body` with the main scheduler routed into a mailbox that this test drains itself.
  private func withMainLoop(_ body: (WakeCounter) throws -> Void) rethrows {
    let counter = WakeCounter()
    MainScheduler.instance.attachRunLoop { counter.count.add(1, ordering: .relaxed) }
    defer {
      drainMain()
      MainScheduler.instance.detachRunLoop()
    }
    try body(counter)
  }

  /// Runs everything queued on the main scheduler, including what that work queues.
  private func drainMain() {
    while MainScheduler.instance.drain() > 0 {}
  }

  /// Advances virtual time one tick at a time, running the main loop after each tick.
  private func run(_ scheduler: TestScheduler, until end: TestTime) {
    while scheduler.clock < end {
      scheduler.advanceTo(scheduler.clock + 1)
      drainMain()
    }
  }

  // MARK: Main-scheduler delivery

  @Test("values sent from a background thread are delivered by the main loop, in order")
  func deliversOnMainLoop() {
    withMainLoop { counter in
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      var threads: [pthread_t] = []
      let subscription = subject.asDriver(onErrorJustReturn: -1).drive(onNext: {
        received.append($0)
        threads.append(pthread_self())
      })
      let wakeUpsBefore = counter.count.load(ordering: .relaxed)
      let sent = DispatchSemaphore(value: 0)
      let box = UncheckedSendable(subject)
      DispatchQueue.global().async {
        for value in 1...3 { box.value.onNext(value) }
        sent.signal()
      }
      #expect(sent.wait(timeout: .now() + 10) == .success)
      #expect(received == [])
      #expect(counter.count.load(ordering: .relaxed) > wakeUpsBefore)
      drainMain()
      #expect(received == [1, 2, 3])
      let me = pthread_self()
      #expect(threads.allSatisfy { pthread_equal($0, me) != 0 })
      subscription.dispose()
    }
  }

  @Test("a subscription disposed before the main loop runs receives nothing")
  func disposedBeforeDrain() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.asDriver(onErrorJustReturn: 0).drive(onNext: { received.append($0) })
      subject.onNext(1)
      subscription.dispose()
      drainMain()
      #expect(received == [])
      #expect(!subject.hasObservers)
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
      run(scheduler, until: 300)
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
      run(scheduler, until: 300)
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
      run(scheduler, until: 300)
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
      run(scheduler, until: 500)
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
      run(scheduler, until: 300)
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
      let behavior = BehaviorRelay(value: 0)
      let optionalBehavior = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int>()
      var published: [Int] = []
      let watch = publish.subscribe(onNext: { published.append($0) })
      let driver = subject.asDriver(onErrorJustReturn: -1)
      let subscriptions = [driver.drive(behavior), driver.drive(optionalBehavior), driver.drive(publish)]
      subject.onNext(5)
      subject.onError(TestError.boom)
      drainMain()
      #expect(behavior.value == -1)
      #expect(optionalBehavior.value == -1)
      #expect(published == [5, -1])
      subscriptions.forEach { $0.dispose() }
      watch.dispose()
    }
  }

  @Test("drive(with:) passes the object without retaining it")
  func driveWithObject() {
    final class Owner { var values: [Int] = [] }
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      var owner: Owner? = Owner()
      weak let weakOwner = owner
      var seen: [Int] = []
      let subscription = subject.asDriver(onErrorJustReturn: 0).drive(
        with: owner!,
        onNext: { object, value in
          object.values.append(value)
          seen = object.values
        })
      subject.onNext(1)
      drainMain()
      owner = nil
      #expect(weakOwner == nil)
      subject.onNext(2)
      drainMain()
      #expect(seen == [1])
      subscription.dispose()
    }
  }

  @Test("drive(onCompleted:onDisposed:) runs both once on completion")
  func driveCompletion() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      var completed = 0
      var disposed = 0
      _ = subject.asDriver(onErrorJustReturn: 0).drive(
        onCompleted: { completed += 1 }, onDisposed: { disposed += 1 })
      subject.onCompleted()
      drainMain()
      #expect(completed == 1)
      #expect(disposed == 1)
    }
  }

  @Test("asObservable exposes the shared sequence")
  func asObservableShares() {
    withMainLoop { _ in
      var subscriptions = 0
      let source = Observable<Int>.create { observer in
        subscriptions += 1
        observer.onNext(1)
        return Disposables.create()
      }
      let observable = source.asDriver(onErrorJustReturn: 0).asObservable()
      var received: [Int] = []
      let a = observable.subscribe(onNext: { received.append($0) })
      let b = observable.subscribe(onNext: { received.append($0) })
      drainMain()
      #expect(subscriptions == 1)
      #expect(received == [1, 1])
      a.dispose()
      b.dispose()
    }
  }
}
