import Dispatch
import RxCore
import Synchronization
import Testing

/// A thread-safe tally for the scheduler tests.
private final class Tally: Sendable {
  private let storage = Atomic<Int>(0)
  var value: Int { storage.load(ordering: .sequentiallyConsistent) }
  func add() { storage.wrappingAdd(1, ordering: .sequentiallyConsistent) }
}

private func seconds(since start: DispatchTime) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// The shared checks, run against each Dispatch-backed scheduler.
private func checkScheduleRelativeFiresAfterDelay(_ scheduler: SchedulerType) {
  let fired = DispatchSemaphore(value: 0)
  let start = DispatchTime.now()
  nonisolated(unsafe) var elapsed = 0.0
  let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(80)) { _ in
    elapsed = seconds(since: start)
    fired.signal()
    return Disposables.create()
  }
  #expect(fired.wait(timeout: .now() + 5) == .success)
  #expect(elapsed >= 0.075)
  disposable.dispose()
}

private func checkDisposingCancels(_ scheduler: SchedulerType) {
  let cancelledRan = Tally()
  let marker = DispatchSemaphore(value: 0)
  let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
    cancelledRan.add()
    cancelledRan.add()
    return Disposables.create()
  }
  let cancelledNow = scheduler.schedule(()) { _ in
    cancelledRan.add()
    return Disposables.create()
  }
  cancelled.dispose()
  cancelledNow.dispose()
  // A later action is the bounded proof that the cancelled one's time has passed.
  _ = scheduler.scheduleRelative((), dueTime: .milliseconds(150)) { _ in
    marker.signal()
    return Disposables.create()
  }
  #expect(marker.wait(timeout: .now() + 5) == .success)
  // The relative action must not run; the immediate one may already have started before the dispose.
  #expect(cancelledRan.value <= 1)
}

private func checkPeriodicRepeats(_ scheduler: SchedulerType) {
  let ticks = Tally()
  let thirdTick = DispatchSemaphore(value: 0)
  let start = DispatchTime.now()
  let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(20), period: .milliseconds(20)) {
    n in
    ticks.add()
    if n == 2 { thirdTick.signal() }
    return n + 1
  }
  #expect(thirdTick.wait(timeout: .now() + 5) == .success)
  #expect(seconds(since: start) >= 0.055)
  periodic.dispose()
  let atDispose = ticks.value
  let marker = DispatchSemaphore(value: 0)
  _ = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
    marker.signal()
    return Disposables.create()
  }
  #expect(marker.wait(timeout: .now() + 5) == .success)
  #expect(ticks.value <= atDispose + 1)
}

@Suite("SerialDispatchQueueScheduler", .resourceCheck)
struct SerialDispatchQueueSchedulerTests {
  let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "serial-scheduler-tests")

  @Test("scheduleRelative fires after its delay") func relative() {
    checkScheduleRelativeFiresAfterDelay(scheduler)
  }
  @Test("disposing cancels pending actions") func cancel() { checkDisposingCancels(scheduler) }
  @Test("schedulePeriodic repeats until disposed") func periodic() { checkPeriodicRepeats(scheduler) }

  @Test("actions run one at a time, in order")
  func serial() {
    let probe = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var order: [Int] = []
    nonisolated(unsafe) var overlapped = false
    for index in 0..<500 {
      _ = scheduler.schedule(index) { index in
        if probe.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue > 1 { overlapped = true }
        order.append(index)
        probe.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        if index == 499 { done.signal() }
        return Disposables.create()
      }
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(order == Array(0..<500))
    #expect(!overlapped)
  }
}

@Suite("ConcurrentDispatchQueueScheduler", .resourceCheck)
struct ConcurrentDispatchQueueSchedulerTests {
  let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)

  @Test("scheduleRelative fires after its delay") func relative() {
    checkScheduleRelativeFiresAfterDelay(scheduler)
  }
  @Test("disposing cancels pending actions") func cancel() { checkDisposingCancels(scheduler) }
  @Test("schedulePeriodic repeats until disposed") func periodic() { checkPeriodicRepeats(scheduler) }

  @Test("schedule runs every action off the calling thread")
  func runsAll() {
    let count = Tally()
    let group = DispatchGroup()
    for _ in 0..<200 {
      group.enter()
      _ = scheduler.schedule(()) { _ in
        count.add()
        group.leave()
        return Disposables.create()
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(count.value == 200)
  }
}

/// Marks the main queue, so a test can tell an action ran there. (Under `swift test` on Linux the main
/// queue may be drained by a worker thread once the runner parks the main thread, so the thread-identity
/// check `MainScheduler.isMainThread` is not what these tests look at.)
private let mainQueueKey: DispatchSpecificKey<String> = {
  let key = DispatchSpecificKey<String>()
  DispatchQueue.main.setSpecific(key: key, value: "main")
  return key
}()

private func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) == "main" }

@Suite("MainScheduler", .resourceCheck, .mainLoopExclusive)
struct MainSchedulerTests {
  @Test("schedule from a background thread runs on the main thread")
  func scheduleFromBackground() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var onMain = false
    _ = mainQueueKey
    DispatchQueue.global().async {
      _ = MainScheduler.instance.schedule(()) { _ in
        onMain = onMainQueue()
        done.signal()
        return Disposables.create()
      }
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(onMain)
  }

  @Test("scheduleRelative fires after its delay on the main thread")
  func relative() {
    let fired = DispatchSemaphore(value: 0)
    _ = mainQueueKey
    let start = DispatchTime.now()
    nonisolated(unsafe) var elapsed = 0.0
    nonisolated(unsafe) var onMain = false
    _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
      elapsed = seconds(since: start)
      onMain = onMainQueue()
      fired.signal()
      return Disposables.create()
    }
    #expect(fired.wait(timeout: .now() + 5) == .success)
    #expect(elapsed >= 0.055)
    #expect(onMain)
  }

  @Test("asyncInstance queues even when called from a main scheduler action")
  func asyncInstanceAlwaysQueues() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var log: [String] = []
    _ = MainScheduler.asyncInstance.schedule(()) { _ in
      _ = MainScheduler.asyncInstance.schedule(()) { _ in
        log.append("action")
        done.signal()
        return Disposables.create()
      }
      log.append("after schedule")
      return Disposables.create()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(log == ["after schedule", "action"])
  }

  @Test("disposing cancels; schedulePeriodic repeats until disposed")
  func cancelAndPeriodic() {
    checkDisposingCancels(MainScheduler.asyncInstance)
    checkPeriodicRepeats(MainScheduler.instance)
  }
}

@Suite("ConcurrentMainScheduler", .resourceCheck, .mainLoopExclusive)
struct ConcurrentMainSchedulerTests {
  let scheduler = ConcurrentMainScheduler.instance

  @Test("schedule from a background thread runs on the main queue")
  func scheduleFromBackground() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var onMain = false
    _ = mainQueueKey
    DispatchQueue.global().async {
      _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
        onMain = onMainQueue()
        done.signal()
        return Disposables.create()
      }
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(onMain)
  }

  @Test("on the main queue the action runs in place, also inside a main scheduler action")
  func runsInPlaceOnMain() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var log: [String] = []
    _ = MainScheduler.asyncInstance.schedule(()) { _ in
      _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
        log.append("action")
        return Disposables.create()
      }
      log.append("after schedule")
      done.signal()
      return Disposables.create()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(log == ["action", "after schedule"])
  }

  @Test("disposing before the main queue gets to the action cancels it")
  func cancelBeforeRun() {
    let release = DispatchSemaphore(value: 0)
    let blocked = DispatchSemaphore(value: 0)
    let marker = DispatchSemaphore(value: 0)
    let ran = Tally()
    DispatchQueue.main.async {
      blocked.signal()
      _ = release.wait(timeout: .now() + 5)
    }
    #expect(blocked.wait(timeout: .now() + 5) == .success)
    let cancelled = scheduler.schedule(()) { _ in
      ran.add()
      return Disposables.create()
    }
    cancelled.dispose()
    _ = scheduler.schedule(()) { _ in
      marker.signal()
      return Disposables.create()
    }
    release.signal()
    #expect(marker.wait(timeout: .now() + 5) == .success)
    #expect(ran.value == 0)
  }

  @Test("scheduleRelative fires after its delay") func relative() {
    checkScheduleRelativeFiresAfterDelay(scheduler)
  }
  @Test("disposing cancels pending actions") func cancel() { checkDisposingCancels(scheduler) }
  @Test("schedulePeriodic repeats until disposed") func periodic() { checkPeriodicRepeats(scheduler) }
}

@Suite("MainScheduler.ensureExecutingOnScheduler", .resourceCheck, .mainLoopExclusive)
struct EnsureExecutingOnSchedulerTests {
  @Test("passes inside a main scheduler action")
  func passesOnMain() {
    let done = DispatchSemaphore(value: 0)
    _ = MainScheduler.asyncInstance.schedule(()) { _ in
      MainScheduler.ensureExecutingOnScheduler()
      done.signal()
      return Disposables.create()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
  }

  @Test("traps on a background thread")
  func trapsInBackground() async {
    await #expect(processExitsWith: .failure) {
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        MainScheduler.ensureExecutingOnScheduler()
        done.signal()
      }
      _ = done.wait(timeout: .now() + 5)
    }
  }
}
