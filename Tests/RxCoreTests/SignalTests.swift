import RxCore
import RxTesting
import Testing

// Every test routes the main scheduler into a mailbox it drains itself (global state, hence serialised
// and exclusive with the other suites that use the main scheduler).
@Suite("Signal", .resourceCheck, .serialized, .mainLoopExclusive)
struct SignalTests {
  // MARK: Sharing without replay

  @Test("subscribers share one source subscription, get nothing on subscribing, and all see the error value")
  func sharingWhenErroring() {
    withMainLoop { _ in
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
      runMainLoop(scheduler, until: 400)
      #expect(observers[0].events == [.next(210, 0), .next(220, 1), .next(230, 2)])
      #expect(observers[1].events == [.next(230, 2), .next(240, 3), .next(250, -1), .completed(250)])
      // After the source ended, a new subscriber starts it again, from the beginning.
      #expect(observers[2].events == [.next(270, 0), .next(280, 1)])
      #expect(xs.subscriptions == [Subscription(200, 250), Subscription(260, 285)])
    }
  }

  @Test("a subscriber arriving after the last value hears only completion")
  func sharingWhenCompleted() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      var signal: Signal<Int>!
      scheduler.scheduleAt(100) { signal = xs.asSignal(onErrorJustReturn: 0) }
      scheduler.scheduleAt(200) { _ = signal.emit(to: early) }
      scheduler.scheduleAt(230) { _ = signal.emit(to: late) }
      runMainLoop(scheduler, until: 300)
      #expect(early.events == [.next(210, 1), .next(220, 2), .completed(250)])
      #expect(late.events == [.completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test("map and filter return signals that share without replay")
  func mapAndFilter() {
    withMainLoop { _ in
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
      runMainLoop(scheduler, until: 300)
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
    withMainLoop { counter in
      let relay = PublishRelay<Int>()
      relay.accept(0)
      let box = UncheckedSendable(relay)
      expectDeliveredOnMainLoop(counter: counter, send: { box.value.accept($0) }) { handler in
        relay.asSignal().emit(onNext: handler)
      }
    }
  }

  @Test("a subscription disposed before the main loop runs receives nothing and releases the source")
  func disposedBeforeDrain() {
    withMainLoop { _ in
      expectNothingAfterDisposingBeforeDrain { subject, handler in
        subject.asSignal(onErrorJustReturn: 0).emit(onNext: handler)
      }
    }
  }

  @Test("asSignal(onErrorSignalWith:) continues with the given signal")
  func onErrorSignalWith() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
      let observer = scheduler.createObserver(Int.self)
      var signal: Signal<Int>!
      scheduler.scheduleAt(100) { signal = xs.asSignal(onErrorSignalWith: Signal.of(42, 43)) }
      scheduler.scheduleAt(200) { _ = signal.emit(to: observer) }
      runMainLoop(scheduler, until: 300)
      #expect(observer.events == [.next(210, 1), .next(220, 42), .next(220, 43), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test("asSignal(onErrorRecover:) continues with the signal made from the error")
  func onErrorRecover() {
    withMainLoop { _ in
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.other)])
      let observer = scheduler.createObserver(String.self)
      var signal: Signal<String>!
      scheduler.scheduleAt(100) {
        signal = xs.asSignal(onErrorRecover: { error in Signal.just("recovered from \(error)") })
      }
      scheduler.scheduleAt(200) { _ = signal.emit(to: observer) }
      runMainLoop(scheduler, until: 300)
      #expect(observer.events == [.next(210, "a"), .next(220, "recovered from other"), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  // MARK: Factories

  @Test("just, empty, never, of, from and deferred deliver through the main loop")
  func factories() {
    withMainLoop { _ in
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
    withMainLoop { _ in
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
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      let relays = RelayTargets()
      let signal = subject.asSignal(onErrorJustReturn: -1)
      let subscriptions = [
        signal.emit(to: relays.behavior, relays.behavior), signal.emit(to: relays.optionalBehavior),
        signal.emit(to: relays.publish), signal.emit(to: relays.optionalPublish),
        signal.emit(to: relays.replay),
        signal.emit(to: relays.optionalReplay),
      ]
      subject.onNext(5)
      subject.onError(TestError.boom)
      drainMain()
      relays.expectFiveThenMinusOne()
      #expect(relays.optionalPublished == [5, -1])
      var replayed: [Int] = []
      var optionalReplayed: [Int?] = []
      var replayCompleted = false
      _ = relays.replay.subscribe(onNext: { replayed.append($0) }, onCompleted: { replayCompleted = true })
      _ = relays.optionalReplay.subscribe(onNext: { optionalReplayed.append($0) })
      #expect(replayed == [5, -1])
      #expect(optionalReplayed == [5, -1])
      #expect(!replayCompleted)
      subscriptions.forEach { $0.dispose() }
      relays.dispose()
    }
  }

  @Test("emit(with:) passes the object without retaining it")
  func emitWithObject() {
    withMainLoop { _ in
      let relay = PublishRelay<Int>()
      expectObjectNotRetained(
        send: { value in
          relay.accept(value)
          drainMain()
        },
        subscribe: { owner, onNext in relay.asSignal().emit(with: owner, onNext: onNext) })
    }
  }

  @Test("emit(onCompleted:onDisposed:) runs both once on completion; emit() subscribes")
  func emitCompletion() {
    withMainLoop { _ in
      let subject = PublishSubject<Int>()
      let bare = subject.asSignal(onErrorJustReturn: 0).emit()
      #expect(subject.hasObservers)
      expectCompletionAndDisposalOnce(of: subject, deliver: drainMain) { onCompleted, onDisposed in
        subject.asSignal(onErrorJustReturn: 0).emit(onCompleted: onCompleted, onDisposed: onDisposed)
      }
      bare.dispose()
    }
  }

  @Test("asObservable exposes the shared sequence; asSignal returns the same signal")
  func asObservableShares() {
    withMainLoop { _ in
      let (source, subscriptions) = countingSource([1], completing: false)
      let signal = source.asSignal(onErrorJustReturn: 0).asSignal()
      var first: [Int] = []
      var second: [Int] = []
      let a = signal.asObservable().subscribe(onNext: { first.append($0) })
      drainMain()
      let b = signal.asObservable().subscribe(onNext: { second.append($0) })
      drainMain()
      #expect(subscriptions.value == 1)
      #expect(first == [1])
      // The second subscriber joined after the value went out, and nothing is replayed.
      #expect(second == [])
      a.dispose()
      b.dispose()
    }
  }
}
