import Dispatch
import RxCore
import RxTesting
import Testing

@Suite("buffer(timeSpan:count:scheduler:)", .resourceCheck)
struct BufferTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
    .next(420, 8), .next(470, 9),
  ]

  @Test("full arrays restart the span; empty spans send empty arrays; completion sends what is left")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.completed(600)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(
      res.events == [
        .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
        .next(580, []), .next(600, []), .completed(600),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test("an error is forwarded at once and drops what was collected")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.next(590, 10), .error(600, TestError.boom)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(
      res.events == [
        .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
        .next(580, []), .error(600, TestError.boom),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test("disposal stops the arrays and the timer")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.completed(600)])
    let res = scheduler.start(disposed: 370) {
      xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
    }
    #expect(res.events == [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
    #expect(xs.subscriptions == [Subscription(200, 370)])
  }

  @Test("completion with values collected sends them, then completes at the same tick")
  func completionWithRemainder() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
    #expect(res.events == [.next(230, [1, 2]), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("an empty source sends an empty array per span and one more on completion")
  func emptySource() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(20), count: 5, scheduler: scheduler) }
    #expect(res.events == [.next(220, []), .next(240, []), .next(250, []), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("an immediate error sends no array")
  func immediateError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.boom)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(20), count: 5, scheduler: scheduler) }
    #expect(res.events == [.error(210, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test("a count of one sends each value alone and keeps restarting the span")
  func countOne() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .completed(300)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(20), count: 1, scheduler: scheduler) }
    #expect(
      res.events == [
        .next(210, [1]), .next(225, [2]), .next(245, []), .next(265, []), .next(285, []), .next(300, []),
        .completed(300),
      ])
  }

  @Test("a count of zero never fills: arrays are sent on time alone")
  func countZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(260)])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(30), count: 0, scheduler: scheduler) }
    #expect(res.events == [.next(230, [1, 2]), .next(260, [3]), .completed(260)])
  }

  @Test("a synchronous source fills arrays by count before any time passes")
  func synchronousSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Observable.from([1, 2, 3, 4, 5]).buffer(timeSpan: .seconds(1_000), count: 2, scheduler: scheduler)
    }
    #expect(res.events == [.next(200, [1, 2]), .next(200, [3, 4]), .next(200, [5]), .completed(200)])
  }

  @Test("on a dispatch scheduler, values from a background range fill arrays by count")
  func realScheduler() {
    let scheduler = SerialDispatchQueueScheduler(qos: .default)
    let done = DispatchSemaphore(value: 0)
    let received = UncheckedSendable(ResultBox())
    _ = Observable.from(1...10, scheduler: scheduler)
      .buffer(timeSpan: .seconds(1_000), count: 3, scheduler: scheduler)
      .subscribe(
        onNext: { received.value.arrays.append($0) },
        onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received.value.arrays == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
  }

  @Test("values from another thread racing a fast timer: nothing lost or reordered, never re-entered")
  func concurrentTimer() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let subject = PublishSubject<Int>()
    let probe = ConcurrencyProbe()
    let done = DispatchSemaphore(value: 0)
    let received = UncheckedSendable(ResultBox())
    let subscription = subject.buffer(timeSpan: .microseconds(50), count: 7, scheduler: scheduler).subscribe(
      onNext: { array in
        probe.enter()
        received.value.arrays.append(array)
        probe.exit()
      },
      onCompleted: { done.signal() })
    let feeder = UncheckedSendable(subject)
    DispatchQueue.global().async {
      for value in 0..<20_000 { feeder.value.onNext(value) }
      feeder.value.onCompleted()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.value.arrays.flatMap { $0 } == Array(0..<20_000))
    #expect(received.value.arrays.allSatisfy { $0.count <= 7 })
    #expect(probe.maxInFlight.load(ordering: .relaxed) == 1)
    subscription.dispose()
  }
}

/// Collects arrays on one thread and hands them to the test after a semaphore.
private final class ResultBox {
  var arrays: [[Int]] = []
}
