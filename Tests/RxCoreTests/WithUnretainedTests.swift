import RxCore
import RxTesting
import Testing

private final class Owner {
  let name: String
  init(_ name: String) { self.name = name }
}

@Suite("withUnretained", .resourceCheck)
struct WithUnretainedTests {
  @Test("combines each value with the object, without retaining it")
  func combines() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let owner = Owner("o")
    let res = scheduler.start { xs.withUnretained(owner) { "\($0.name)\($1)" } }
    #expect(res.events == [.next(210, "o1"), .next(220, "o2"), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    withExtendedLifetime(owner) {}
  }

  @Test("completes at the first value after the object is gone, and releases the source")
  func completesWhenGone() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
    var owner: Owner? = Owner("o")
    weak let weakOwner = owner
    scheduler.scheduleAt(220) { owner = nil }
    let res = scheduler.start {
      xs.withUnretained(weakOwner!).map { pair in pair.0.name + String(pair.1) }
    }
    #expect(res.events == [.next(210, "o1"), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("an error passes through; the Infallible overload works the same")
  func errorAndInfallible() {
    let scheduler = TestScheduler(initialClock: 0)
    let owner = Owner("o")
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let res = scheduler.start { xs.withUnretained(owner).map { $0.1 } }
    #expect(res.events == [.next(210, 1), .error(220, TestError.boom)])
    var names: [String] = []
    _ = Infallible.of(1, 2).withUnretained(owner).subscribe(onNext: { names.append("\($0.name)\($1)") })
    #expect(names == ["o1", "o2"])
  }
}
