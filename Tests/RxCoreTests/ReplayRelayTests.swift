import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("ReplayRelay", .resourceCheck)
struct ReplayRelayTests {
  @Test("replays the last bufferSize values to a new subscriber, then sends live ones")
  func replaysBuffer() {
    let scheduler = TestScheduler(initialClock: 0)
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var lateSubscription: Disposable?
    scheduler.scheduleAt(100) { _ = relay.subscribe(early) }
    scheduler.scheduleAt(210) { relay.accept(1) }
    scheduler.scheduleAt(220) { relay.accept(2) }
    scheduler.scheduleAt(230) { relay.accept(3) }
    scheduler.scheduleAt(240) { lateSubscription = relay.subscribe(late) }
    scheduler.scheduleAt(250) { relay.accept(4) }
    scheduler.scheduleAt(260) { lateSubscription?.dispose() }
    scheduler.scheduleAt(270) { relay.accept(5) }
    scheduler.start()
    #expect(early.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(270, 5)])
    #expect(late.events == [.next(240, 2), .next(240, 3), .next(250, 4)])
  }

  @Test("createUnbound replays everything")
  func unbound() {
    let relay = ReplayRelay<String>.createUnbound()
    for value in ["a", "b", "c"] { relay.accept(value) }
    var received: [String] = []
    _ = relay.subscribe(onNext: { received.append($0) })
    #expect(received == ["a", "b", "c"])
  }

  @Test("bind(to:) forwards values and drops completion, so the relay stays open")
  func bindDropsCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let relay = ReplayRelay<Int>.create(bufferSize: 1)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = xs.bind(to: relay) }
    scheduler.scheduleAt(240) { _ = relay.subscribe(observer) }
    scheduler.scheduleAt(300) { relay.accept(5) }
    scheduler.start()
    #expect(observer.events == [.next(240, 2), .next(300, 5)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("bind(to:) relays of optionals, from an Infallible and from a Driver-free chain")
  func bindOptional() {
    let relay = ReplayRelay<Int?>.createUnbound()
    _ = Observable.of(1, 2).bind(to: relay)
    let other = ReplayRelay<Int>.createUnbound()
    _ = Infallible.of(7).bind(to: other)
    var received: [Int?] = []
    _ = relay.subscribe(onNext: { received.append($0) })
    var others: [Int] = []
    _ = other.subscribe(onNext: { others.append($0) })
    #expect(received == [1, 2])
    #expect(others == [7])
  }

  @Test(
    "threads: concurrent accepts and a concurrent subscriber see every value once, in each thread's order")
  func concurrentAccepts() {
    let relay = ReplayRelay<Int>.createUnbound()
    let threads = 4
    let perThread = 5_000
    let received = Mutex<[Int]>([])
    let subscribed = DispatchSemaphore(value: 0)
    let subscriber = UncheckedSendable(relay)
    DispatchQueue.global().async {
      _ = subscriber.value.subscribe(onNext: { value in received.withLock { $0.append(value) } })
      subscribed.signal()
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread { subscriber.value.accept(thread * perThread + index) }
    }
    #expect(subscribed.wait(timeout: .now() + 30) == .success)
    let values = received.withLock { $0 }
    #expect(values.count == threads * perThread)
    #expect(Set(values).count == threads * perThread)
    for thread in 0..<threads {
      let own = values.filter { $0 / perThread == thread }
      #expect(own == Array(thread * perThread..<(thread + 1) * perThread))
    }
  }
}
