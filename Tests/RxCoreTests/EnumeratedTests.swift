import RxCore
import RxTesting
import Testing

private struct Indexed: Equatable {
  let index: Int
  let element: String
}

@Suite("enumerated", .resourceCheck)
struct EnumeratedTests {
  @Test("pairs each value with its index from 0")
  func indexes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, "z"), .next(210, "a"), .next(220, "b"), .completed(250),
    ])
    let res = scheduler.start { xs.enumerated().map { Indexed(index: $0.index, element: $0.element) } }
    #expect(
      res.events == [
        .next(210, Indexed(index: 0, element: "a")), .next(220, Indexed(index: 1, element: "b")),
        .completed(250),
      ])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an error passes through; disposal releases the source")
  func errorAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, "a"), .error(230, TestError.boom)])
    let res = scheduler.start { xs.enumerated().map { $0.index } }
    #expect(res.events == [.next(210, 0), .error(230, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    let ys = scheduler.createHotObservable([.next(1010, "a"), .next(1200, "b")])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1100) {
      ys.enumerated().map { $0.index }
    }
    #expect(res2.events == [.next(1010, 0)])
    #expect(ys.subscriptions == [Subscription(1001, 1100)])
  }
}
