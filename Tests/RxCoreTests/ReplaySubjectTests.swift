import RxCore
import RxTesting
import Testing

@Suite("ReplaySubject", .resourceCheck)
struct ReplaySubjectTests {
  @Test("replays the last bufferSize values, then goes live")
  func replaysBuffer() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    let late = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(110) { subject.onNext(1) }
    scheduler.scheduleAt(120) { subject.onNext(2) }
    scheduler.scheduleAt(130) { subject.onNext(3) }
    scheduler.scheduleAt(200) { _ = subject.subscribe(late) }
    scheduler.scheduleAt(210) { subject.onNext(4) }
    scheduler.start()
    #expect(late.events == [.next(200, 2), .next(200, 3), .next(210, 4)])
  }

  @Test("a subscriber after termination gets the buffer and then the terminal event")
  func afterTermination() {
    let subject = ReplaySubject<String>.create(bufferSize: 3)
    for value in ["a", "b", "c", "d"] { subject.onNext(value) }
    subject.onError(TestError.boom)
    var events: [Event<String>] = []
    _ = subject.subscribe { events.append($0) }
    #expect(events == [.next("b"), .next("c"), .next("d"), .error(TestError.boom)])
  }

  @Test("unbounded replays everything, bufferSize 0 replays nothing")
  func unboundedAndZero() {
    let all = ReplaySubject<Int>.createUnbounded()
    let none = ReplaySubject<Int>.create(bufferSize: 0)
    for value in 1...100 {
      all.onNext(value)
      none.onNext(value)
    }
    var replayed: [Int] = []
    var nothing: [Int] = []
    _ = all.subscribe(onNext: { replayed.append($0) })
    _ = none.subscribe(onNext: { nothing.append($0) })
    #expect(replayed == Array(1...100))
    #expect(nothing.isEmpty)
  }

  @Test("createUnbound (RxSwift's name) replays everything, then the terminal event")
  func createUnbound() {
    let subject = ReplaySubject<String>.createUnbound()
    for value in ["x", "y", "z"] { subject.onNext(value) }
    subject.onCompleted()
    var events: [Event<String>] = []
    _ = subject.subscribe { events.append($0) }
    #expect(events == [.next("x"), .next("y"), .next("z"), .completed])
  }
}
