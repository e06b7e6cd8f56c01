import RxCore
import RxTesting
import Testing

@Suite("ignoreElements", .resourceCheck)
struct IgnoreElementsTests {
  @Test("drops the values and passes the completion on; the result is Observable<Never>")
  func completes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let res = scheduler.start { () -> Observable<Never> in xs.ignoreElements() }
    #expect(res.events.count == 1)
    #expect(res.events.first?.time == 250)
    #expect(res.events.first?.value.isCompleted == true)
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("passes an error on")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
    let res = scheduler.start { xs.ignoreElements() }
    #expect(res.events.count == 1)
    #expect(res.events.first?.time == 230)
    #expect(res.events.first?.value.error as? TestError == .boom)
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("disposal releases the source")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let res = scheduler.start(disposed: 300) { xs.ignoreElements() }
    #expect(res.events.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("asCompletable turns it into a completable")
  func asCompletable() {
    var log: [String] = []
    _ = Observable.of(1, 2).ignoreElements().asCompletable().subscribe(
      onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
    #expect(log == ["completed", "disposed"])
  }
}
