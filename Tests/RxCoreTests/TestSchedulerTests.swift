import RxCore
import RxTesting
import Testing

@Suite("TestScheduler", .resourceCheck)
struct TestSchedulerTests {
  @Test("scheduleAt runs actions in time order, ties in scheduling order, with the clock set")
  func timeOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
    scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
    scheduler.scheduleAt(30) { log.append("d@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
    scheduler.start()
    #expect(log == ["a@10", "b@20", "c@30", "d@30"])
    #expect(scheduler.clock == 30)
  }

  @Test("advanceTo runs what is due up to that time, then sets the clock")
  func advanceTo() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(10) { log.append(10) }
    scheduler.scheduleAt(20) { log.append(20) }
    scheduler.scheduleAt(30) { log.append(30) }
    scheduler.advanceTo(20)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 20)
    scheduler.advanceTo(25)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 25)
    scheduler.advanceTo(100)
    #expect(log == [10, 20, 30])
    #expect(scheduler.clock == 100)
  }

  @Test("stop ends start after the current action; start resumes")
  func stop() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(10) { log.append(10) }
    scheduler.scheduleAt(20) {
      log.append(20)
      scheduler.stop()
    }
    scheduler.scheduleAt(30) { log.append(30) }
    scheduler.start()
    #expect(log == [10, 20])
    #expect(scheduler.clock == 20)
    scheduler.start()
    #expect(log == [10, 20, 30])
  }

  @Test("sleep moves the clock without running anything; overdue work runs at the later clock")
  func sleep() {
    let scheduler = TestScheduler(initialClock: 0)
    var ranAt: [Int] = []
    scheduler.scheduleAt(10) { ranAt.append(scheduler.clock) }
    scheduler.sleep(50)
    #expect(scheduler.clock == 50)
    #expect(ranAt.isEmpty)
    scheduler.start()
    #expect(ranAt == [50])
  }

  @Test("schedule runs one tick later with the processing delay, at once without it")
  func processingDelay() {
    let delayed = TestScheduler(initialClock: 0)
    var delayedAt = -1
    delayed.scheduleAt(100) {
      _ = delayed.schedule(()) { _ in
        delayedAt = delayed.clock
        return Disposables.create()
      }
    }
    delayed.start()
    #expect(delayedAt == 101)

    let immediate = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    var immediateAt = -1
    immediate.scheduleAt(100) {
      _ = immediate.schedule(()) { _ in
        immediateAt = immediate.clock
        return Disposables.create()
      }
    }
    immediate.start()
    #expect(immediateAt == 100)
  }

  @Test("scheduleRelative converts intervals with the resolution")
  func relative() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(100) {
      _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(2_000)) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(log == [102, 105])

    let fine = TestScheduler(initialClock: 0, resolution: 0.01)
    var fineAt = -1
    _ = fine.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
      fineAt = fine.clock
      return Disposables.create()
    }
    fine.start()
    #expect(fineAt == 5)
  }

  @Test("disposing a scheduled action cancels it")
  func cancel() {
    let scheduler = TestScheduler(initialClock: 0)
    var ran = false
    let disposable = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      ran = true
      return Disposables.create()
    }
    disposable.dispose()
    scheduler.start()
    #expect(!ran)
  }

  @Test("now follows the virtual clock")
  func now() {
    let scheduler = TestScheduler(initialClock: 0)
    scheduler.advanceTo(42)
    #expect(scheduler.now.timeIntervalSince1970 == 42)
  }

  @Test("start uses 100 / 200 / 1000 by default, and custom times when given")
  func startTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    var createdAt = -1
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(500, 1)])
    let res = scheduler.start { () -> TestableObservable<Int> in
      createdAt = scheduler.clock
      return xs
    }
    #expect(createdAt == 100)
    #expect(res.events == [.next(500, 1)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])

    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = scheduler2.createHotObservable([Recorded<Event<Int>>.next(500, 1)])
    let res2 = scheduler2.start(created: 10, subscribed: 20, disposed: 30) { ys }
    #expect(res2.events.isEmpty)
    #expect(ys.subscriptions == [Subscription(20, 30)])
  }

  @Test("cold observables replay per subscription; hot ones share absolute times")
  func hotAndCold() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
    let hot = scheduler.createHotObservable([.next(215, "h"), .next(315, "i")])
    let first = scheduler.createObserver(String.self)
    let second = scheduler.createObserver(String.self)
    scheduler.scheduleAt(200) { _ = cold.subscribe(first) }
    scheduler.scheduleAt(300) { _ = cold.subscribe(second) }
    scheduler.scheduleAt(300) { _ = hot.subscribe(first) }
    scheduler.start()
    #expect(first.events == [.next(210, "a"), .completed(220), .next(315, "i")])
    #expect(second.events == [.next(310, "a"), .completed(320)])
    #expect(cold.subscriptions == [Subscription(200), Subscription(300)])
  }
}
