import Foundation
import RxCore

/// Runs each action as a `BlockOperation` on an `OperationQueue`, as RxSwift's scheduler of the same
/// name.
///
/// The queue decides when and how many actions run at once (`maxConcurrentOperationCount`), so this is
/// an ``ImmediateSchedulerType`` only: it has no clock. Disposing what ``schedule(_:action:)`` returns
/// cancels the operation if it has not started (the queue then drops it) and disposes what the action
/// returned if it has run.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue)
/// _ = images.observe(on: scheduler).map(thumbnail).subscribe(onNext: show)
/// ```
public final class OperationQueueScheduler: ImmediateSchedulerType, Sendable {
  /// The queue every action is added to.
  public let operationQueue: OperationQueue
  /// The priority each action's operation gets on that queue.
  public let queuePriority: Operation.QueuePriority

  /// A scheduler that adds its actions to `operationQueue` with `queuePriority`.
  ///
  /// - Parameters:
  ///   - operationQueue: The queue to run actions on.
  ///   - queuePriority: The priority of every operation this scheduler adds (`.normal` by default).
  public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
    self.operationQueue = operationQueue
    self.queuePriority = queuePriority
  }

  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    let result = SingleAssignmentDisposable()
    // The queue runs the block once, on one of its threads; the scheduler contract, not the type
    // system, is what makes handing `action` and `state` there safe (as in RxSwift).
    let work = UncheckedSendable { action(state) }
    let operation = BlockOperation {
      if result.isDisposed { return }
      result.setDisposable(work.value())
    }
    operation.queuePriority = queuePriority
    operationQueue.addOperation(operation)
    return Disposables.create {
      operation.cancel()
      result.dispose()
    }
  }
}
