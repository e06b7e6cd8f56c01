import Foundation
import RxBlocking
import RxCore
import RxFoundation
import Testing

@Suite("OperationQueueScheduler", .resourceCheck)
struct OperationQueueSchedulerTests {
  @Test("each action is a BlockOperation on the queue, with the scheduler's priority")
  func runsAsAnOperation() throws {
    let queue = OperationQueue()
    queue.isSuspended = true
    let log = Log()
    let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
    _ = scheduler.schedule("a") { state in
      log.append("\(state) on the queue: \(OperationQueue.current === queue)")
      return Disposables.create()
    }
    let operation = try #require(queue.operations.first)
    #expect(operation is BlockOperation)
    #expect(operation.queuePriority == .high)
    #expect(log.entries.isEmpty)
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.entries == ["a on the queue: true"])
    #expect(OperationQueueScheduler(operationQueue: queue).queuePriority == .normal)
  }

  @Test("disposing before the operation starts cancels it, and the action never runs")
  func disposeBeforeRunCancels() throws {
    let queue = OperationQueue()
    queue.isSuspended = true
    let log = Log()
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let scheduled = scheduler.schedule(()) { _ in
      log.append("ran")
      return Disposables.create()
    }
    let operation = try #require(queue.operations.first)
    scheduled.dispose()
    #expect(operation.isCancelled)
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.entries.isEmpty)
  }

  @Test("disposing after the action ran disposes what the action returned")
  func disposeAfterRun() {
    let queue = OperationQueue()
    let log = Log()
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let scheduled = scheduler.schedule(()) { _ in
      log.append("ran")
      return Disposables.create { log.append("disposed") }
    }
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.entries == ["ran"])
    scheduled.dispose()
    #expect(log.entries == ["ran", "disposed"])
  }

  @Test("a serial queue keeps observe(on:) in order; subscribe(on:) subscribes on the queue")
  func asObserveAndSubscribeScheduler() throws {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let values = try Observable.from(Array(0..<200)).observe(on: scheduler)
      .toBlocking(timeout: 30).toArray()
    #expect(values == Array(0..<200))
    let subscribedOnQueue = try Observable<Bool>.deferred { .just(OperationQueue.current === queue) }
      .subscribe(on: scheduler).toBlocking(timeout: 30).single()
    #expect(subscribedOnQueue)
  }
}

/// What the actions did, appended on the queue's threads and read on the test's.
private final class Log: @unchecked Sendable {
  // `items` is only touched with `lock` held.
  private let lock = NSLock()
  private var items: [String] = []

  func append(_ entry: String) {
    lock.lock()
    items.append(entry)
    lock.unlock()
  }

  var entries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
