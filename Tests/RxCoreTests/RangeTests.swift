import RxCore
import RxTesting
import Testing

@Suite("range and repeatElement", .resourceCheck)
struct RangeTests {
  @Test("range emits count integers from start, then completes")
  func range() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.range(start: 5, count: 3) }
    #expect(res.events == [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
  }

  @Test("an empty range completes at once; a range ending at the type's maximum does not overflow")
  func edges() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(scheduler.start { Observable<Int>.range(start: 1, count: 0) }.events == [.completed(200)])
    var values: [Int8] = []
    _ = Observable<Int8>.range(start: 126, count: 2).subscribe(onNext: { values.append($0) })
    #expect(values == [126, 127])
  }

  @Test("range on a scheduler emits one value per step")
  func rangeOnScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.range(start: 0, count: 2, scheduler: scheduler) }
    #expect(res.events == [.next(201, 0), .next(202, 1), .completed(203)])
  }

  @Test("repeatElement repeats until something ends it")
  func repeatElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.repeatElement("a", scheduler: scheduler).take(3) }
    #expect(res.events == [.next(201, "a"), .next(202, "a"), .next(203, "a"), .completed(203)])
  }
}
