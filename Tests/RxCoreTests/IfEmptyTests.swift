import RxCore
import RxTesting
import Testing

@Suite("ifEmpty", .resourceCheck)
struct IfEmptyTests {
  @Test("a sequence with values passes through unchanged")
  func withValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let res = scheduler.start { xs.ifEmpty(default: 9) }
    #expect(res.events == [.next(210, 1), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an empty sequence gives the default at its completion")
  func emptyGivesDefault() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let res = scheduler.start { xs.ifEmpty(default: 9) }
    #expect(res.events == [.next(250, 9), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an empty sequence switches to the other, which is released with it")
  func emptySwitches() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.completed(250, Int.self)])
    let ys = scheduler.createColdObservable([.next(10, 5), .error(20, TestError.boom)])
    let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
    #expect(res.events == [.next(260, 5), .error(270, TestError.boom)])
    #expect(ys.subscriptions == [Subscription(250, 270)])
  }

  @Test("an error is not empty: it passes through and the other is never subscribed")
  func errorPassesThrough() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
    let ys = scheduler.createColdObservable([.next(10, 5)])
    let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
    #expect(res.events == [.error(230, TestError.boom)])
    #expect(ys.subscriptions.isEmpty)
  }
}
