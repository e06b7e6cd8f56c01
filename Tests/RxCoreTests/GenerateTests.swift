import RxCore
import RxTesting
import Testing

@Suite("generate", .resourceCheck)
struct GenerateTests {
  @Test("one value per scheduled step while the condition holds, then completion")
  func generates() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Observable.generate(initialState: 1, condition: { $0 < 10 }, scheduler: scheduler, iterate: { $0 * 3 })
    }
    #expect(res.events == [.next(201, 1), .next(202, 3), .next(203, 9), .completed(204)])
  }

  @Test("a throwing condition or iterate fails the sequence")
  func throwing() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Observable.generate(
        initialState: 1, condition: { _ in true }, scheduler: scheduler,
        iterate: { value in
          if value == 2 { throw TestError.boom }
          return value + 1
        })
    }
    #expect(res.events == [.next(201, 1), .next(202, 2), .error(203, TestError.boom)])
    let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) {
      Observable.generate(
        initialState: 1, condition: { _ in throw TestError.other }, scheduler: scheduler, iterate: { $0 })
    }
    #expect(res2.events == [.error(1002, TestError.other)])
  }

  @Test("disposal stops it")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 203) {
      Observable.generate(
        initialState: 0, condition: { _ in true }, scheduler: scheduler, iterate: { $0 + 1 })
    }
    #expect(res.events == [.next(201, 0), .next(202, 1)])
  }

  @Test("on the current thread's trampoline it runs to completion during subscription")
  func trampoline() {
    var values: [Int] = []
    _ = Observable.generate(initialState: 0, condition: { $0 < 5 }, iterate: { $0 + 1 })
      .subscribe(onNext: { values.append($0) })
    #expect(values == [0, 1, 2, 3, 4])
  }
}
