import Dispatch
import RxCore
import RxTesting
import Synchronization
import Testing

@Suite("AsyncSubject", .resourceCheck)
struct AsyncSubjectTests {
  /// Subscribes the subject to `xs` from 200 to 1000 and three observers at 300, 400 and 900; the first
  /// leaves at 600, the second at 700, the third at 950. The subject is subscribed as a bare observer,
  /// so the source's subscription lasts until 1000 even when it terminates earlier.
  private func run(
    _ events: [Recorded<Event<Int>>]
  ) -> (xs: TestableObservable<Int>, results: [TestableObserver<Int>]) {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(events)
    let subject = AsyncSubject<Int>()
    let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }
    var subscriptions: [Disposable?] = [nil, nil, nil]
    var source: Disposable?
    scheduler.scheduleAt(200) { source = xs.subscribe(subject) }
    scheduler.scheduleAt(1000) { source?.dispose() }
    for (index, time) in [300, 400, 900].enumerated() {
      scheduler.scheduleAt(time) { subscriptions[index] = subject.subscribe(results[index]) }
    }
    for (index, time) in [600, 700, 950].enumerated() {
      scheduler.scheduleAt(time) { subscriptions[index]?.dispose() }
    }
    scheduler.start()
    return (xs, results)
  }

  @Test("nothing is sent while the source runs without completing")
  func infinite() {
    let (xs, results) = run([.next(70, 1), .next(210, 2), .next(350, 3), .next(520, 4), .next(870, 5)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    for result in results { #expect(result.events.isEmpty) }
  }

  @Test("on completion the last value and completion are sent, also to later subscribers")
  func finite() {
    let (xs, results) = run([
      .next(70, 1), .next(210, 2), .next(350, 3), .next(520, 7), .completed(630), .next(640, 9),
      .completed(650), .error(660, TestError.boom),
    ])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(results[0].events.isEmpty)
    #expect(results[1].events == [.next(630, 7), .completed(630)])
    #expect(results[2].events == [.next(900, 7), .completed(900)])
  }

  @Test("an error is sent without the last value, also to later subscribers")
  func error() {
    let (xs, results) = run([
      .next(70, 1), .next(210, 2), .next(520, 7), .error(630, TestError.boom), .next(640, 9),
      .completed(650),
    ])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(results[0].events.isEmpty)
    #expect(results[1].events == [.error(630, TestError.boom)])
    #expect(results[2].events == [.error(900, TestError.boom)])
  }

  @Test("completing without a value sends only completion")
  func empty() {
    let (xs, results) = run([.next(70, 1), .completed(630), .next(640, 9), .error(660, TestError.boom)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(results[0].events.isEmpty)
    #expect(results[1].events == [.completed(630)])
    #expect(results[2].events == [.completed(900)])
  }

  @Test("every observer gets the value before any gets completion")
  func valueBeforeAnyCompletion() {
    let subject = AsyncSubject<String>()
    var log: [String] = []
    _ = subject.subscribe { log.append("a \($0)") }
    _ = subject.subscribe { log.append("b \($0)") }
    subject.onNext("x")
    subject.onCompleted()
    #expect(log == ["a next(x)", "b next(x)", "a completed", "b completed"])
  }

  @Test("an observer that leaves on the value does not get completion")
  func leaveOnValue() {
    let subject = AsyncSubject<Int>()
    var events: [Event<Int>] = []
    let taken = subject.take(1).subscribe { events.append($0) }
    subject.onNext(1)
    subject.onNext(2)
    subject.onCompleted()
    taken.dispose()
    #expect(events == [.next(2), .completed])
    #expect(!subject.hasObservers)
  }

  @Test("hasObservers follows subscriptions and termination")
  func hasObservers() {
    let subject = AsyncSubject<Int>()
    #expect(!subject.hasObservers)
    let first = subject.subscribe { _ in }
    #expect(subject.hasObservers)
    let second = subject.subscribe { _ in }
    first.dispose()
    #expect(subject.hasObservers)
    second.dispose()
    #expect(!subject.hasObservers)
    _ = subject.subscribe { _ in }
    subject.onCompleted()
    #expect(!subject.hasObservers)
  }

  @Test("a subscriber racing with completion gets the last value and completion exactly once")
  func subscribeWhileCompleting() {
    for _ in 0..<200 {
      let subject = AsyncSubject<Int>()
      let events = Mutex<[Event<Int>]>([])
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        for value in 1...100 { subject.onNext(value) }
        subject.onCompleted()
        done.signal()
      }
      let subscription = subject.subscribe { event in events.withLock { $0.append(event) } }
      #expect(done.wait(timeout: .now() + 10) == .success)
      // The racing `onCompleted` may still be delivering on the writer's thread: wait for it.
      let deadline = DispatchTime.now() + 10
      while events.withLock({ $0.count }) < 2 && DispatchTime.now() < deadline {}
      subscription.dispose()
      #expect(events.withLock { $0 } == [.next(100), .completed])
    }
  }
}
