import RxCore
import RxTesting
import Testing

@Suite("Relays", .resourceCheck)
struct RelayTests {
  @Test("BehaviorRelay holds a value, replays it and accepts new ones")
  func behaviorRelay() {
    let relay = BehaviorRelay(value: 1)
    var received: [Int] = []
    let subscription = relay.subscribe(onNext: { received.append($0) })
    relay.accept(2)
    #expect(relay.value == 2)
    subscription.dispose()
    relay.accept(3)
    #expect(received == [1, 2])
    #expect(relay.value == 3)
  }

  @Test("PublishRelay delivers only live values")
  func publishRelay() {
    let relay = PublishRelay<String>()
    relay.accept("lost")
    var received: [String] = []
    _ = relay.subscribe(onNext: { received.append($0) })
    relay.accept("kept")
    #expect(received == ["kept"])
  }

  @Test("bind(to: relay) forwards values and drops completion, so the relay stays open")
  func bindDropsCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let relay = BehaviorRelay(value: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(100) { _ = relay.subscribe(observer) }
    scheduler.scheduleAt(200) { _ = xs.map { $0 }.bind(to: relay) }
    scheduler.scheduleAt(300) { relay.accept(5) }
    scheduler.start()
    #expect(observer.events == [.next(100, 0), .next(210, 1), .next(220, 2), .next(300, 5)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("bind(to: PublishRelay) forwards values to several relays")
  func bindToPublishRelays() {
    let first = PublishRelay<Int>()
    let second = PublishRelay<Int>()
    var a: [Int] = []
    var b: [Int] = []
    _ = first.subscribe(onNext: { a.append($0) })
    _ = second.subscribe(onNext: { b.append($0) })
    _ = Observable.of(1, 2, 3).bind(to: first, second)
    #expect(a == [1, 2, 3])
    #expect(b == [1, 2, 3])
  }
}
