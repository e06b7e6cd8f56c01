import RxCore
import RxTesting
import Testing

@Suite("bind(onNext:), bind(with:onNext:), bind(to:_:)", .resourceCheck)
struct BindTests {
  @Test("calls onNext for each value and releases the source on completion")
  func values() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
    var received: [(TestTime, Int)] = []
    var subscription: Disposable?
    scheduler.scheduleAt(200) { subscription = xs.bind(onNext: { received.append((scheduler.clock, $0)) }) }
    scheduler.scheduleAt(1000) { subscription?.dispose() }
    scheduler.start()
    #expect(received.map(\.0) == [210, 220])
    #expect(received.map(\.1) == [1, 2])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposing stops the values and releases the source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
    var received: [Int] = []
    var subscription: Disposable?
    scheduler.scheduleAt(200) { subscription = xs.bind(onNext: { received.append($0) }) }
    scheduler.scheduleAt(250) { subscription?.dispose() }
    scheduler.start()
    #expect(received == [1])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("bind(with:) passes the object with each value, and stops passing once it is gone")
  func withObject() {
    final class Target { var received: [Int] = [] }
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    var target: Target? = Target()
    weak let watched = target
    var seen: [Int] = []
    scheduler.scheduleAt(200) {
      _ = xs.bind(with: target!) { target, value in
        target.received.append(value)
        seen = target.received
      }
    }
    scheduler.scheduleAt(230) { target = nil }
    scheduler.start()
    #expect(watched == nil)
    #expect(seen == [1, 2])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("bind(to:_:) applies a curried binder to the sequence and the argument")
  func curried() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.createObserver(Int.self)
    func scaled(_ source: TestableObservable<Int>) -> (Int) -> Disposable {
      { factor in source.map { $0 * factor }.subscribe(observer) }
    }
    scheduler.scheduleAt(200) { _ = xs.bind(to: scaled, 10) }
    scheduler.start()
    #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  // Release builds print the error instead.
  #if DEBUG
    @Test("an error is a programming error: it traps in debug builds")
    func errorTraps() async {
      await #expect(processExitsWith: .failure) {
        _ = Observable<Int>.error(TestError.boom).bind(onNext: { _ in })
      }
    }
  #endif
}
