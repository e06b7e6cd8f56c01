import RxCore
import RxTesting
import Testing

@Suite("interval and timer", .resourceCheck)
struct TimerTests {
  @Test("interval counts up once per period from one period after subscription")
  func intervalBasic() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
    #expect(
      res.events == [
        .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5),
        .next(900, 6),
      ])
  }

  @Test("interval stops at disposal")
  func intervalDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 450) {
      Observable<Int64>.interval(.seconds(100), scheduler: scheduler)
    }
    #expect(res.events == [.next(300, Int64(0)), .next(400, 1)])
  }

  @Test("interval works with other integer types")
  func intervalOtherTypes() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 235) {
      Observable<UInt8>.interval(.seconds(10), scheduler: scheduler)
    }
    #expect(res.events == [.next(210, UInt8(0)), .next(220, 1), .next(230, 2)])
  }

  @Test("interval with a zero period ticks every virtual tick")
  func intervalZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 205) { Observable<Int>.interval(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3)])
  }

  @Test("timer emits 0 and completes at the due time")
  func timerOneShot() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
    #expect(res.events == [.next(500, 0), .completed(500)])
  }

  @Test("timer with a zero due time fires one tick later")
  func timerZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(201, 0), .completed(201)])
  }

  @Test("timer disposed before its due time sends nothing")
  func timerDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.timer(.seconds(1000), scheduler: scheduler) }
    #expect(res.events.isEmpty)
  }

  @Test("periodic timer starts after the due time, then repeats every period")
  func timerPeriodic() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 500) {
      Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
    }
    #expect(res.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
  }

  @Test("timer in milliseconds on a millisecond-resolution scheduler")
  func timerResolution() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let res = scheduler.start { Observable<Int>.timer(.milliseconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(230, 0), .completed(230)])
  }
}
