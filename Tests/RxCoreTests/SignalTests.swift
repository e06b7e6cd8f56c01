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

// Every test routes the main scheduler into a mailbox it drains itself (global state, hence serialised
// and exclusive with the other suites that use the main scheduler).
@Suite("Signal", .resourceCheck, .serialized, .mainLoopExclusive)
struct SignalTests {
  /// Runs `body` with the main scheduler routed into a mailbox that this test drains itself.
  private func withMainLoop(_ body: () throws -> Void) rethrows {
    MainScheduler.instance.attachRunLoop {}
    defer {
      drainMain()
      MainScheduler.instance.detachRunLoop()
    }
    try body()
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

  // MARK: Sharing without replay

  @Test("subscribers share one source subscription, get nothing on subscribing, and all see the error value")
  func sharingWhenErroring() {
    withMainLoop {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, TestError.boom),
      ])
      let signal = xs.asSignal(onErrorJustReturn: -1)
      let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
      var subscriptions: [Disposable?] = [nil, nil, nil]
      scheduler.scheduleAt(200) { subscriptions[0] = signal.emit(to: observers[0]) }
      scheduler.scheduleAt(225) { subscriptions[1] = signal.emit(to: observers[1]) }
      scheduler.scheduleAt(235) { subscriptions[0]?.dispose() }
      scheduler.scheduleAt(260) { subscriptions[1]?.dispose() }
      scheduler.scheduleAt(260) { subscriptions[2] = signal.emit(to: observers[2]) }
      scheduler.scheduleAt(285) { subscriptions[2]?.dispose() }
      run(scheduler, until: 400)
      #expect(observers[0].events == [.next(210, 0), .next(220, 1), .next(230, 2)])
      #expect(observers[1].events == [.next(230, 2), .next(240, 3), .next(250, -1), .completed(250)])
      // After the source ended, a new subscriber starts it again, from the beginning.
      #expect(observers[2].events == [.next(270, 0), .next(280, 1)])
      #expect(xs.subscriptions == [Subscription(200, 250), Subscription(260, 285)])
    }
  }

  @Test("a subscriber arriving after the last value hears only completion")
  func sharingWhenCompleted() {
    withMainLoop {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      var signal: Signal<Int>!
      scheduler.scheduleAt(100) { signal = xs.asSignal(onErrorJustReturn: 0) }
      scheduler.scheduleAt(200) { _ = signal.emit(to: early) }
      scheduler.scheduleAt(230) { _ = signal.emit(to: late) }
      run(scheduler, until: 300)
      #expect(early.events == [.next(210, 1), .next(220, 2), .completed(250)])
      #expect(late.events == [.completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test("map and filter return signals that share without replay")
  func mapAndFilter() {
    withMainLoop {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)])
      let first = scheduler.createObserver(String.self)
      let second = scheduler.createObserver(String.self)
      var signal: Signal<String>!
      scheduler.scheduleAt(100) {
        signal = xs.asSignal(onErrorJustReturn: 0).filter { $0 % 2 == 0 }.map { "v\($0)" }
      }
      var subscriptions: [Disposable] = []
      scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: first)) }
      scheduler.scheduleAt(225) { subscriptions.append(signal.emit(to: second)) }
      run(scheduler, until: 300)
      #expect(first.events == [.next(220, "v2"), .next(240, "v4")])
      #expect(second.events == [.next(240, "v4")])
      #expect(xs.subscriptions == [Subscription(200)])
      // The hot source never ends, so it keeps its subscribers until they are disposed.
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  // MARK: Main-scheduler delivery

  @Test("values accepted by a relay on a background thread are emitted by the main loop, in order")
  func publishRelayOnMainLoop() {
    withMainLoop {
      let relay = PublishRelay<Int>()
      relay.accept(0)
      var received: [Int] = []
      var threads: [pthread_t] = []
      let subscription = relay.asSignal().emit(onNext: {
        received.append($0)
        threads.append(pthread_self())
      })
      let sent = DispatchSemaphore(value: 0)
      let box = UncheckedSendable(relay)
      DispatchQueue.global().async {
        for value in 1...3 { box.value.accept(value) }
        sent.signal()
      }
      #expect(sent.wait(timeout: .now() + 10) == .success)
      #expect(received == [])
      drainMain()
      #expect(received == [1, 2, 3])
      let me = pthread_self()
      #expect(threads.allSatisfy { pthread_equal($0, me) != 0 })
      subscription.dispose()
    }
  }

  @Test("a subscription disposed before the main loop runs receives nothing and releases the source")
  func disposedBeforeDrain() {
    withMainLoop {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.asSignal(onErrorJustReturn: 0).emit(onNext: { received.append($0) })
      subject.onNext(1)
      subscription.dispose()
      drainMain()
      #expect(received == [])
      #expect(!subject.hasObservers)
    }
  }

  // MARK: Never errors

  @Test("asSignal(onErrorSignalWith:) continues with the given signal")
  func onErrorSignalWith() {
    withMainLoop {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
      let observer = scheduler.createObserver(Int.self)
      var signal: Signal<Int>!
      scheduler.scheduleAt(100) { signal = xs.asSignal(onErrorSignalWith: Signal.of(42, 43)) }
      scheduler.scheduleAt(200) { _ = signal.emit(to: observer) }
      run(scheduler, until: 300)
      #expect(observer.events == [.next(210, 1), .next(220, 42), .next(220, 43), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test("asSignal(onErrorRecover:) continues with the signal made from the error")
  func onErrorRecover() {
    withMainLoop {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.other)])
      let observer = scheduler.createObserver(String.self)
      var signal: Signal<String>!
      scheduler.scheduleAt(100) {
        signal = xs.asSignal(onErrorRecover: { error in Signal.just("recovered from \(error)") })
      }
      scheduler.scheduleAt(200) { _ = signal.emit(to: observer) }
      run(scheduler, until: 300)
      #expect(observer.events == [.next(210, "a"), .next(220, "recovered from other"), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  // MARK: Factories

  @Test("just, empty, never, of, from and deferred deliver through the main loop")
  func factories() {
    withMainLoop {
      var results: [[Int]] = []
      var completions = 0
      let record = { (signal: Signal<Int>) in
        let index = results.count
        results.append([])
        _ = signal.emit(onNext: { results[index].append($0) }, onCompleted: { completions += 1 })
      }
      var deferredCalls = 0
      let deferred = Signal<Int>.deferred {
        deferredCalls += 1
        return Signal.just(9)
      }
      #expect(deferredCalls == 0)
      record(Signal.just(1))
      record(Signal.empty())
      record(Signal.of(2, 3))
      record(Signal.from([4, 5]))
      record(Signal.from(6...7))
      record(Signal.from(optional: 8))
      record(Signal.from(optional: nil))
      record(deferred)
      var neverDisposed = false
      let never = Signal<Int>.never().emit(
        onNext: { _ in completions += 100 }, onCompleted: { completions += 1 },
        onDisposed: { neverDisposed = true })
      // Nothing is emitted before the main loop runs.
      #expect(results.joined().isEmpty)
      drainMain()
      #expect(results == [[1], [], [2, 3], [4, 5], [6, 7], [8], [], [9]])
      #expect(completions == 8)
      #expect(deferredCalls == 1)
      #expect(!neverDisposed)
      never.dispose()
      #expect(neverDisposed)
    }
  }

  // MARK: emit(...)

  @Test("emit to observers and to observers of optionals")
  func emitToObservers() {
    withMainLoop {
      let relay = PublishRelay<Int>()
      let signal = relay.asSignal()
      var plain: [Int] = []
      var optional: [Int?] = []
      let a = signal.emit(
        to: AnyObserver<Int> { if case .next(let value) = $0 { plain.append(value) } },
        AnyObserver<Int> { if case .next(let value) = $0 { plain.append(value * 10) } })
      let b = signal.emit(to: AnyObserver<Int?> { if case .next(let value) = $0 { optional.append(value) } })
      relay.accept(1)
      drainMain()
      #expect(plain == [1, 10])
      #expect(optional == [1])
      // An observer of optionals takes a just signal without ambiguity.
      var fromJust: [Int?] = []
      _ = Signal.just(2).emit(
        to: AnyObserver<Int?> { if case .next(let value) = $0 { fromJust.append(value) } })
      drainMain()
      #expect(fromJust == [2])
      a.dispose()
      b.dispose()
    }
  }

  @Test("emit to behaviour, publish and replay relays, plain and optional; completion is dropped")
  func emitToRelays() {
    withMainLoop {
      let subject = PublishSubject<Int>()
      let behavior = BehaviorRelay(value: 0)
      let optionalBehavior = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int>()
      let optionalPublish = PublishRelay<Int?>()
      let replay = ReplayRelay<Int>.create(bufferSize: 5)
      let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
      var published: [Int] = []
      var optionalPublished: [Int?] = []
      let watches = [
        publish.subscribe(onNext: { published.append($0) }),
        optionalPublish.subscribe(onNext: { optionalPublished.append($0) }),
      ]
      let signal = subject.asSignal(onErrorJustReturn: -1)
      let subscriptions = [
        signal.emit(to: behavior, behavior), signal.emit(to: optionalBehavior), signal.emit(to: publish),
        signal.emit(to: optionalPublish), signal.emit(to: replay), signal.emit(to: optionalReplay),
      ]
      subject.onNext(5)
      subject.onError(TestError.boom)
      drainMain()
      #expect(behavior.value == -1)
      #expect(optionalBehavior.value == -1)
      #expect(published == [5, -1])
      #expect(optionalPublished == [5, -1])
      var replayed: [Int] = []
      var optionalReplayed: [Int?] = []
      var replayCompleted = false
      _ = replay.subscribe(onNext: { replayed.append($0) }, onCompleted: { replayCompleted = true })
      _ = optionalReplay.subscribe(onNext: { optionalReplayed.append($0) })
      #expect(replayed == [5, -1])
      #expect(optionalReplayed == [5, -1])
      #expect(!replayCompleted)
      (subscriptions + watches).forEach { $0.dispose() }
    }
  }

  @Test("emit(with:) passes the object without retaining it")
  func emitWithObject() {
    final class Owner { var values: [Int] = [] }
    withMainLoop {
      let relay = PublishRelay<Int>()
      var owner: Owner? = Owner()
      weak let weakOwner = owner
      var seen: [Int] = []
      let subscription = relay.asSignal().emit(
        with: owner!,
        onNext: { object, value in
          object.values.append(value)
          seen = object.values
        })
      relay.accept(1)
      drainMain()
      owner = nil
      #expect(weakOwner == nil)
      relay.accept(2)
      drainMain()
      #expect(seen == [1])
      subscription.dispose()
    }
  }

  @Test("emit(onCompleted:onDisposed:) runs both once on completion; emit() subscribes")
  func emitCompletion() {
    withMainLoop {
      let subject = PublishSubject<Int>()
      var completed = 0
      var disposed = 0
      _ = subject.asSignal(onErrorJustReturn: 0).emit(
        onCompleted: { completed += 1 }, onDisposed: { disposed += 1 })
      let bare = subject.asSignal(onErrorJustReturn: 0).emit()
      #expect(subject.hasObservers)
      subject.onCompleted()
      drainMain()
      #expect(completed == 1)
      #expect(disposed == 1)
      bare.dispose()
    }
  }

  @Test("asObservable exposes the shared sequence; asSignal returns the same signal")
  func asObservableShares() {
    withMainLoop {
      var subscriptions = 0
      let source = Observable<Int>.create { observer in
        subscriptions += 1
        observer.onNext(1)
        return Disposables.create()
      }
      let signal = source.asSignal(onErrorJustReturn: 0).asSignal()
      var first: [Int] = []
      var second: [Int] = []
      let a = signal.asObservable().subscribe(onNext: { first.append($0) })
      drainMain()
      let b = signal.asObservable().subscribe(onNext: { second.append($0) })
      drainMain()
      #expect(subscriptions == 1)
      #expect(first == [1])
      // The second subscriber joined after the value went out, and nothing is replayed.
      #expect(second == [])
      a.dispose()
      b.dispose()
    }
  }
}
