import Foundation
import RxCore
import Testing

@Suite("VirtualTimeScheduler and HistoricalScheduler", .resourceCheck)
struct VirtualTimeSchedulerTests {
  private func at(_ seconds: Double) -> RxTime { RxTime(timeIntervalSince1970: seconds) }

  @Test("start runs the actions in time order, ties in scheduling order, moving the clock to each")
  func startOrder() {
    let scheduler = HistoricalScheduler()
    var log: [String] = []
    func record(_ name: String) -> (()) -> Disposable {
      { _ in
        log.append("\(name)@\(scheduler.now.timeIntervalSince1970)")
        return Disposables.create()
      }
    }
    _ = scheduler.scheduleRelative((), dueTime: .seconds(20), action: record("c"))
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10), action: record("a"))
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10), action: record("b"))
    _ = scheduler.schedule((), action: record("now"))
    scheduler.start()
    #expect(log == ["now@0.0", "a@10.0", "b@10.0", "c@20.0"])
    #expect(scheduler.clock == at(20))
  }

  @Test("a disposed action does not run, and an action can schedule more")
  func disposeAndNest() {
    let scheduler = HistoricalScheduler(initialClock: at(100))
    var log: [Double] = []
    let cancelled = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
      log.append(-1)
      return Disposables.create()
    }
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 1) { _ in
      log.append(scheduler.now.timeIntervalSince1970)
      return scheduler.scheduleRelativeVirtual((), dueTime: 2) { _ in
        log.append(scheduler.now.timeIntervalSince1970)
        return Disposables.create()
      }
    }
    cancelled.dispose()
    scheduler.start()
    #expect(log == [101, 103])
  }

  @Test("advanceTo runs only what is due by then and leaves the clock there; sleep only moves it")
  func advanceAndSleep() {
    let scheduler = HistoricalScheduler()
    var ran: [Double] = []
    for time in [1.0, 5.0, 9.0] {
      _ = scheduler.scheduleAbsoluteVirtual((), time: at(time)) { _ in
        ran.append(time)
        return Disposables.create()
      }
    }
    scheduler.advanceTo(at(5))
    #expect(ran == [1, 5])
    #expect(scheduler.clock == at(5))
    scheduler.sleep(10)
    #expect(scheduler.clock == at(15))
    #expect(ran == [1, 5])
    scheduler.start()
    #expect(ran == [1, 5, 9])
    #expect(scheduler.clock == at(15))
  }

  @Test("stop ends start after the current action")
  func stop() {
    let scheduler = HistoricalScheduler()
    var ran = 0
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 1) { _ in
      ran += 1
      scheduler.stop()
      return Disposables.create()
    }
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 2) { _ in
      ran += 1
      return Disposables.create()
    }
    scheduler.start()
    #expect(ran == 1)
    scheduler.start()
    #expect(ran == 2)
  }

  @Test("time-based operators run in historical time")
  func operators() {
    let scheduler = HistoricalScheduler()
    var log: [String] = []
    _ = Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(3)
      .subscribe(
        onNext: { log.append("\($0)@\(scheduler.now.timeIntervalSince1970)") },
        onCompleted: { log.append("done@\(scheduler.now.timeIntervalSince1970)") })
    scheduler.start()
    #expect(log == ["0@10.0", "1@20.0", "2@30.0", "done@30.0"])
  }

  @Test("RxTime is Date: a HistoricalScheduler starts at a Date, tells now and advances by dates")
  func historicalOnDates() {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let scheduler = HistoricalScheduler(initialClock: start)
    let now: Date = scheduler.now
    #expect(now == start)
    var ranAt: [Date] = []
    _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
      ranAt.append(scheduler.now)
      return Disposables.create()
    }
    scheduler.advanceTo(start.addingTimeInterval(10))
    #expect(ranAt.isEmpty)
    #expect(scheduler.clock == start.addingTimeInterval(10))
    scheduler.advanceTo(start.addingTimeInterval(60))
    #expect(ranAt == [start.addingTimeInterval(30)])
    #expect(scheduler.now == start.addingTimeInterval(60))
  }

  @Test("the historical converter keeps dates as they are and moves them by seconds")
  func historicalConverter() {
    let converter = HistoricalSchedulerTimeConverter()
    let date = Date(timeIntervalSince1970: 1_000)
    #expect(converter.convertToVirtualTime(date) == date)
    #expect(converter.convertFromVirtualTime(date) == date)
    #expect(converter.offsetVirtualTime(date, offset: 2.5) == Date(timeIntervalSince1970: 1_002.5))
    #expect(converter.convertToVirtualTimeInterval(4) == 4)
    #expect(converter.compareVirtualTime(date, date.addingTimeInterval(1)) == .lessThan)
  }

  @Test("the real schedulers tell the wall clock as a Date")
  func realNow() {
    let before = Date()
    let now = SerialDispatchQueueScheduler(qos: .default).now
    #expect(now >= before && now <= Date())
  }
}
