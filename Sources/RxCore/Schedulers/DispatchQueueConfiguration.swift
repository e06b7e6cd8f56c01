import Dispatch

/// The Dispatch plumbing shared by the queue-backed schedulers.
struct DispatchQueueConfiguration: @unchecked Sendable {
  // DispatchQueue is thread-safe; the struct is immutable.
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let item = ScheduledItem { action(state) }
    let box = UncheckedSendable(item)
    queue.async { box.value.invoke() }
    return item
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let item = ScheduledItem { action(state) }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let box = UncheckedSendable(item)
    timer.setEventHandler { box.value.invoke() }
    timer.schedule(deadline: DispatchTime.now() + dueTime, leeway: leeway)
    timer.resume()
    let timerBox = UncheckedSendable(timer)
    return Disposables.create {
      box.value.dispose()
      timerBox.value.cancel()
    }
  }

  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let cancel = BooleanDisposable()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let stateBox = PeriodicState(state: state, action: action)
    let box = UncheckedSendable(stateBox)
    timer.setEventHandler {
      if cancel.isDisposed { return }
      box.value.fire()
    }
    timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
    timer.resume()
    let timerBox = UncheckedSendable(timer)
    return Disposables.create {
      cancel.dispose()
      timerBox.value.cancel()
    }
  }
}

/// The state of a periodic timer; only touched from the timer's handler, which Dispatch serialises.
private final class PeriodicState<StateType> {
  private var state: StateType
  private let action: (StateType) -> StateType

  init(state: StateType, action: @escaping (StateType) -> StateType) {
    self.state = state
    self.action = action
  }

  func fire() { state = action(state) }
}
