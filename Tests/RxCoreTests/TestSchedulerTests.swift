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

/// The scheduler as RxTest's: a `VirtualTimeScheduler` over `TestSchedulerVirtualTimeConverter`.
@Suite("TestScheduler as a VirtualTimeScheduler", .resourceCheck)
struct TestSchedulerVirtualTimeTests {
  /// Code written against the engine alone, as a library would take a virtual-time scheduler.
  private func runTwoSteps<Converter>(
    on scheduler: VirtualTimeScheduler<Converter>, first: Converter.VirtualTimeIntervalUnit,
    second: Converter.VirtualTimeIntervalUnit, log: @escaping (RxTime) -> Void
  ) {
    _ = scheduler.scheduleRelativeVirtual((), dueTime: first) { _ in
      log(scheduler.now)
      return scheduler.scheduleRelativeVirtual((), dueTime: second) { _ in
        log(scheduler.now)
        return Disposables.create()
      }
    }
    scheduler.start()
  }

  @Test("a TestScheduler goes where a VirtualTimeScheduler is expected, on the same clock")
  func passedAsVirtualTimeScheduler() {
    let scheduler = TestScheduler(initialClock: 100, resolution: 0.5)
    let xs = scheduler.createColdObservable([.next(3, "a")])
    let observer = scheduler.createObserver(String.self)
    scheduler.scheduleAt(104) { _ = xs.subscribe(observer) }
    var seen: [Double] = []
    runTwoSteps(on: scheduler, first: 2, second: 5) { seen.append($0.timeIntervalSince1970) }
    // 102 and 107 ticks of half a second; the cold event is on the same engine's queue.
    #expect(seen == [51, 53.5])
    #expect(observer.events == [.next(107, "a")])
    #expect(scheduler.clock == 107)

    let engine: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> = scheduler
    engine.advanceTo(110)
    #expect(scheduler.clock == 110)
    engine.sleep(5)
    #expect(scheduler.clock == 115)
  }

  @Test("the engine's schedule keeps the processing delay a TestScheduler adds")
  func adjustThroughTheEngine() {
    let scheduler = TestScheduler(initialClock: 0)
    let engine: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> = scheduler
    var ranAt = -1
    _ = engine.scheduleAbsoluteVirtual((), time: 10) { _ in
      _ = engine.schedule(()) { _ in
        ranAt = engine.clock
        return Disposables.create()
      }
      return Disposables.create()
    }
    engine.start()
    #expect(ranAt == 11)
  }

  @Test(
    "the converter rounds to the nearest tick, halves up, as RxTest's",
    arguments: [(1.24, 2), (1.25, 3), (1.3, 3), (0.0, 0), (-0.1, 0), (5.0, 10)])
  func converterRounding(seconds: Double, ticks: Int) {
    let converter = TestSchedulerVirtualTimeConverter(resolution: 0.5)
    #expect(converter.convertToVirtualTime(RxTime(timeIntervalSince1970: seconds)) == ticks)
    #expect(converter.convertToVirtualTimeInterval(seconds) == ticks)
  }

  @Test("the converter's other directions, offsets and comparisons")
  func converterRest() {
    let converter = TestSchedulerVirtualTimeConverter(resolution: 0.25)
    #expect(converter.convertFromVirtualTime(6) == RxTime(timeIntervalSince1970: 1.5))
    #expect(converter.convertFromVirtualTimeInterval(6) == 1.5)
    #expect(converter.offsetVirtualTime(10, offset: 5) == 15)
    #expect(converter.offsetVirtualTime(10, offset: -5) == 5)
    #expect(converter.compareVirtualTime(1, 2) == .lessThan)
    #expect(converter.compareVirtualTime(2, 2) == .equal)
    #expect(converter.compareVirtualTime(3, 2) == .greaterThan)
  }

  @Test("times past Int's range saturate instead of trapping, so .never is never due")
  func converterSaturates() {
    let converter = TestSchedulerVirtualTimeConverter(resolution: 1)
    #expect(converter.convertToVirtualTime(RxTime(timeIntervalSince1970: .infinity)) == Int.max)
    #expect(converter.convertToVirtualTimeInterval(-1e300) == Int.min)
    #expect(converter.offsetVirtualTime(Int.max, offset: 1) == Int.max)

    let scheduler = TestScheduler(initialClock: 0)
    var ran = false
    _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
      ran = true
      return Disposables.create()
    }
    scheduler.advanceTo(1_000_000)
    #expect(!ran)
  }

  @Test("scheduleRelative with resolution: now plus the interval, rounded to a tick")
  func relativeWithResolution() {
    let scheduler = TestScheduler(initialClock: 7, resolution: 0.1)
    var ranAt: [Int] = []
    for delay in [149, 151, 0] {
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(delay)) { _ in
        ranAt.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    // 0.7 s + 0.149 s is tick 8.49 -> 8; + 0.151 s is 8.51 -> 9; now runs a tick later, at 8.
    #expect(ranAt == [8, 8, 9])
  }

  @Test(
    "simulateProcessingDelay: work for now or the past moves one tick on only when it is set",
    arguments: [true, false])
  func processingDelayForPastWork(delay: Bool) {
    let scheduler = TestScheduler(initialClock: 50, simulateProcessingDelay: delay)
    var log: [String] = []
    _ = scheduler.scheduleRelative((), dueTime: .seconds(-10)) { _ in
      log.append("past@\(scheduler.clock)")
      return Disposables.create()
    }
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 0) { _ in
      log.append("virtual@\(scheduler.clock)")
      return Disposables.create()
    }
    _ = scheduler.schedule(()) { _ in
      log.append("now@\(scheduler.clock)")
      return Disposables.create()
    }
    scheduler.start()
    // scheduleRelativeVirtual is never adjusted, as in RxTest; the other two follow the flag.
    if delay {
      #expect(log == ["virtual@50", "past@51", "now@51"])
    } else {
      #expect(log == ["past@50", "virtual@50", "now@50"])
    }
  }
}
