import Dispatch
import RxCore
import RxTesting
import Testing

@Suite("window(timeSpan:count:scheduler:)", .resourceCheck)
struct WindowTests {
  static let events: [Recorded<Event<Int>>] = [
    .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
    .next(420, 8), .next(470, 9),
  ]

  /// Tags each value with the index of its window.
  static func tagged(_ windows: Observable<Observable<Int>>) -> Observable<String> {
    windows.enumerated().flatMap { index, window in window.map { "\(index) \($0)" } }
  }

  /// Each window as the array of its values, sent when the window closes.
  static func arrays(_ windows: Observable<Observable<Int>>) -> Observable<[Int]> {
    windows.flatMap { $0.toArray().asObservable() }
  }

  @Test("windows close when full or when their span ends; full windows restart the span")
  func basic() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.completed(600)])
    let res = scheduler.start {
      Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
    }
    #expect(
      res.events == [
        .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
        .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test("each window completes at the tick the next one opens; empty spans give empty windows")
  func windowBoundaries() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.completed(600)])
    let res = scheduler.start {
      Self.arrays(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
    }
    #expect(
      res.events == [
        .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
        .next(580, []), .next(600, []), .completed(600),
      ])
  }

  @Test("a window is sent at subscription and at each boundary, before its values")
  func windowTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    let res = scheduler.start {
      xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler).enumerated().map { $0.index }
    }
    #expect(res.events == [.next(200, 0), .next(220, 1), .next(270, 2), .completed(300)])
  }

  @Test("an error fails the open window and the result")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events + [.error(600, TestError.boom)])
    let res = scheduler.start {
      Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
    }
    #expect(
      res.events == [
        .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
        .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"),
        .error(600, TestError.boom),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
    let window = scheduler2.createObserver(Int.self)
    let outer = scheduler2.createObserver(Int.self)
    scheduler2.scheduleAt(200) {
      _ = ys.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler2).subscribe(
        onNext: { _ = $0.subscribe(window) },
        onError: { outer.onError($0) })
    }
    scheduler2.start()
    #expect(window.events == [.next(210, 1), .error(220, TestError.boom)])
    #expect(outer.events == [.error(220, TestError.boom)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
  }

  @Test("disposing everything releases the source at once")
  func disposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(105, 0)] + Self.events + [.completed(600)])
    let res = scheduler.start(disposed: 370) {
      Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
    }
    #expect(
      res.events == [
        .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
        .next(350, "2 6"), .next(370, "2 7"),
      ])
    #expect(xs.subscriptions == [Subscription(200, 370)])
  }

  @Test("disposing the outer sequence with no window subscribed releases the source")
  func outerDisposalWithoutSubscribers() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.events)
    let res = scheduler.start(disposed: 250) {
      xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { _ in 1 }
    }
    #expect(res.events == [.next(200, 1), .next(240, 1)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test("a subscribed window keeps the source alive after the outer is disposed, until it closes")
  func windowOutlivesOuter() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4)])
    let observer = scheduler.createObserver(Int.self)
    var outer: Disposable?
    var windows = 0
    scheduler.scheduleAt(200) {
      outer = xs.window(timeSpan: .seconds(50), count: 10, scheduler: scheduler).subscribe(onNext: { window in
        windows += 1
        if windows == 1 { _ = window.subscribe(observer) }
      })
    }
    scheduler.scheduleAt(230) { outer?.dispose() }
    scheduler.start()
    #expect(observer.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
    #expect(windows == 1)
  }

  @Test("after the outer is disposed, the source lives until the last window subscriber disposes")
  func windowSubscriberDisposes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4)])
    let observer = scheduler.createObserver(Int.self)
    var outer: Disposable?
    var inner: Disposable?
    scheduler.scheduleAt(200) {
      outer = xs.window(timeSpan: .seconds(100), count: 10, scheduler: scheduler).subscribe(onNext: {
        window in
        inner = window.subscribe(observer)
      })
    }
    scheduler.scheduleAt(215) { outer?.dispose() }
    scheduler.scheduleAt(245) { inner?.dispose() }
    scheduler.start()
    #expect(observer.events == [.next(210, 1), .next(220, 2), .next(240, 3)])
    #expect(xs.subscriptions == [Subscription(200, 245)])
  }

  @Test("windows are hot: a late subscriber sees only later values")
  func hotWindows() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    let observer = scheduler.createObserver(Int.self)
    var windows: [Observable<Int>] = []
    scheduler.scheduleAt(200) {
      _ = xs.window(timeSpan: .seconds(1_000), count: 10, scheduler: scheduler).subscribe(onNext: {
        windows.append($0)
      })
    }
    scheduler.scheduleAt(215) { _ = windows[0].subscribe(observer) }
    scheduler.start()
    #expect(observer.events == [.next(220, 2), .next(240, 3), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test("a synchronous source fills windows by count; a window opened by the last value closes empty")
  func synchronousSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Self.arrays(
        Observable.from([1, 2, 3, 4]).window(timeSpan: .seconds(1_000), count: 2, scheduler: scheduler))
    }
    #expect(res.events == [.next(200, [1, 2]), .next(200, [3, 4]), .next(200, []), .completed(200)])
  }

  @Test("a count of zero never fills: windows close on time alone")
  func countZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(260)])
    let res = scheduler.start {
      Self.arrays(xs.window(timeSpan: .seconds(30), count: 0, scheduler: scheduler))
    }
    #expect(res.events == [.next(230, [1, 2]), .next(260, [3]), .completed(260)])
  }

  @Test("on a dispatch scheduler, values from a background range fill windows by count")
  func realScheduler() {
    let scheduler = SerialDispatchQueueScheduler(qos: .default)
    let done = DispatchSemaphore(value: 0)
    let received = UncheckedSendable(WindowResults())
    _ = Self.arrays(
      Observable.from(1...10, scheduler: scheduler).window(
        timeSpan: .seconds(1_000), count: 3, scheduler: scheduler)
    )
    .subscribe(onNext: { received.value.arrays.append($0) }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received.value.arrays == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
  }

  @Test("values from another thread racing a fast timer: every value in one window, in order")
  func concurrentTimer() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    let received = UncheckedSendable(WindowResults())
    let subscription = Self.arrays(
      subject.window(timeSpan: .microseconds(50), count: 7, scheduler: scheduler)
    )
    .subscribe(onNext: { received.value.arrays.append($0) }, onCompleted: { done.signal() })
    let feeder = UncheckedSendable(subject)
    DispatchQueue.global().async {
      for value in 0..<20_000 { feeder.value.onNext(value) }
      feeder.value.onCompleted()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.value.arrays.flatMap { $0 }.sorted() == Array(0..<20_000))
    #expect(received.value.arrays.allSatisfy { $0.count <= 7 && $0 == $0.sorted() })
    subscription.dispose()
  }
}

/// Collects arrays on one thread and hands them to the test after a semaphore.
private final class WindowResults {
  var arrays: [[Int]] = []
}
