import Dispatch
import RxCore
import Testing

@Suite("CurrentThreadScheduler", .resourceCheck)
struct CurrentThreadSchedulerTests {
  @Test("a top-level schedule runs at once; nested schedules run after it, first in first out")
  func trampolineOrder() {
    var log: [String] = []
    let scheduler = CurrentThreadScheduler.instance
    #expect(CurrentThreadScheduler.isScheduleRequired)
    _ = scheduler.schedule(()) { _ in
      log.append("outer start")
      #expect(!CurrentThreadScheduler.isScheduleRequired)
      _ = scheduler.schedule(()) { _ in
        log.append("A")
        _ = scheduler.schedule(()) { _ in
          log.append("C")
          return Disposables.create()
        }
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        log.append("B")
        return Disposables.create()
      }
      log.append("outer end")
      return Disposables.create()
    }
    #expect(log == ["outer start", "outer end", "A", "B", "C"])
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test("disposing a queued action cancels it")
  func cancelQueued() {
    var log: [String] = []
    let scheduler = CurrentThreadScheduler.instance
    _ = scheduler.schedule(()) { _ in
      let queued = scheduler.schedule(()) { _ in
        log.append("cancelled ran")
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        log.append("kept")
        return Disposables.create()
      }
      queued.dispose()
      return Disposables.create()
    }
    #expect(log == ["kept"])
  }

  @Test("100,000 recursive schedules run without growing the stack")
  func deepRecursion() {
    var count = 0
    var firstDepth: UInt = 0
    var deepest: UInt = 0
    func stackAddress() -> UInt {
      var marker = 0
      return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
    _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
      let address = stackAddress()
      if value == 0 { firstDepth = address }
      let distance = address > firstDepth ? address - firstDepth : firstDepth - address
      deepest = max(deepest, distance)
      count += 1
      if value < 99_999 { recurse(value + 1) }
    }
    #expect(count == 100_000)
    #expect(deepest < 16 * 1024)
  }

  @Test("each thread has its own trampoline")
  func perThread() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var otherThreadRequired = false
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      DispatchQueue.global().async {
        otherThreadRequired = CurrentThreadScheduler.isScheduleRequired
        done.signal()
      }
      #expect(done.wait(timeout: .now() + 5) == .success)
      return Disposables.create()
    }
    #expect(otherThreadRequired)
  }

  @Test("Observable.of interleaves with other trampoline work, one step per element")
  func ofInterleaves() {
    var log: [String] = []
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      _ = Observable.of(1, 2, 3).subscribe(onNext: { log.append("of \($0)") })
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.append("other")
        return Disposables.create()
      }
      return Disposables.create()
    }
    #expect(log == ["of 1", "other", "of 2", "of 3"])
  }

  @Test("the queue keeps first in first out while it wraps around and grows past its first 16 slots")
  func queueWrapsAndGrows() {
    var log: [Int] = []
    let scheduler = CurrentThreadScheduler.instance
    func record(_ value: Int, then next: Int? = nil) -> (()) -> Disposable {
      { _ in
        log.append(value)
        if let next { _ = scheduler.schedule((), action: record(next)) }
        return Disposables.create()
      }
    }
    _ = scheduler.schedule(()) { _ in
      // Ten actions that each queue one more make the ring wrap; then forty at once make it grow twice.
      for value in 0..<10 { _ = scheduler.schedule((), action: record(value, then: 100 + value)) }
      _ = scheduler.schedule(()) { _ in
        for value in 200..<240 { _ = scheduler.schedule((), action: record(value)) }
        return Disposables.create()
      }
      return Disposables.create()
    }
    #expect(log == Array(0..<10) + Array(100..<110) + Array(200..<240))
  }
}
