import RxCore
import RxTesting
import Testing

@Suite("bind(onNext:)")
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
