import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("BehaviorSubject", .resourceCheck)
struct BehaviorSubjectTests {
  @Test("a new subscriber gets the current value first, then live values")
  func currentValueFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = BehaviorSubject(value: 0)
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(100) { _ = subject.subscribe(first) }
    scheduler.scheduleAt(150) { subject.onNext(1) }
    scheduler.scheduleAt(160) { subject.onNext(2) }
    scheduler.scheduleAt(200) { _ = subject.subscribe(second) }
    scheduler.scheduleAt(210) { subject.onNext(3) }
    scheduler.scheduleAt(300) { subject.onCompleted() }
    scheduler.start()
    #expect(first.events == [.next(100, 0), .next(150, 1), .next(160, 2), .next(210, 3), .completed(300)])
    #expect(second.events == [.next(200, 2), .next(210, 3), .completed(300)])
  }

  @Test("after termination a subscriber gets only the terminal event")
  func afterTermination() {
    let subject = BehaviorSubject(value: 1)
    subject.onNext(2)
    subject.onError(TestError.boom)
    var events: [Event<Int>] = []
    _ = subject.subscribe { events.append($0) }
    #expect(events == [.error(TestError.boom)])
  }

  @Test("value() returns the latest, throws the terminal error, and RxError.disposed after dispose")
  func valueAccess() throws {
    let subject = BehaviorSubject(value: "a")
    #expect(try subject.value() == "a")
    subject.onNext("b")
    #expect(try subject.value() == "b")
    subject.onCompleted()
    #expect(try subject.value() == "b")

    let failed = BehaviorSubject(value: 1)
    failed.onError(TestError.other)
    #expect(throws: TestError.other) { try failed.value() }

    let disposed = BehaviorSubject(value: 1)
    disposed.dispose()
    #expect(throws: RxError.self) { try disposed.value() }
  }

  @Test("a subscriber racing with writers sees an increasing sequence starting from a real value")
  func subscribeWhileWriting() {
    let subject = BehaviorSubject(value: 0)
    let writerDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for value in 1...20_000 { subject.onNext(value) }
      writerDone.signal()
    }
    var monotonic = true
    var last = -1
    var seen = 0
    let lock = Mutex<Void>(())
    let subscription = subject.subscribe(onNext: { value in
      lock.withLock { _ in
        if value <= last { monotonic = false }
        last = value
        seen += 1
      }
    })
    #expect(writerDone.wait(timeout: .now() + 10) == .success)
    subscription.dispose()
    lock.withLock { _ in
      #expect(monotonic)
      #expect(seen >= 1)
      #expect(last == 20_000)
    }
  }
}
