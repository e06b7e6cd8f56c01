import RxCore
import RxTesting
import Testing

@Suite("toArray", .resourceCheck)
struct ToArrayTests {
  @Test("sends every value as one array when the source completes")
  func collects() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
    let res = scheduler.start { xs.toArray() }
    #expect(res.events == [.next(250, [1, 2]), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an empty source gives an empty array")
  func empty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.toArray() }
    #expect(res.events == [.next(250, []), .completed(250)])
  }

  @Test("an error drops what was collected")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.toArray() }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal releases the source without a value")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let res = scheduler.start(disposed: 300) { xs.toArray() }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("as a single")
  func single() {
    var result: [String]?
    _ = Observable.of("a", "b").toArray().subscribe(onSuccess: { result = $0 })
    #expect(result == ["a", "b"])
  }
}
