extension ImmediateSchedulerType {
  /// Schedules `action`, which may schedule itself again through its second argument.
  ///
  /// Example:
  /// ```swift
  /// scheduler.scheduleRecursive(0) { n, recurse in
  ///   print(n)
  ///   if n < 3 { recurse(n + 1) }
  /// }
  /// ```
  public func scheduleRecursive<State>(
    _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> Disposable {
    let recursive = RecursiveImmediateRunner(scheduler: self, action: action)
    recursive.schedule(state)
    return recursive
  }
}

/// Tracks the pending steps of a recursive schedule so that disposing cancels all of them.
private final class RecursiveImmediateRunner<Scheduler: ImmediateSchedulerType, State>: Disposable,
  @unchecked Sendable
{
  // `group` is thread-safe; the other fields are immutable.
  private let scheduler: Scheduler
  private let action: (State, (State) -> Void) -> Void
  private let group = CompositeDisposable()

  init(scheduler: Scheduler, action: @escaping (State, (State) -> Void) -> Void) {
    self.scheduler = scheduler
    self.action = action
  }

  func schedule(_ state: State) {
    guard !group.isDisposed else { return }
    let step = StepState()
    let disposable = scheduler.schedule(state) { [self] state in
      step.markRan(in: group)
      if !group.isDisposed { action(state, self.schedule) }
      return Disposables.create()
    }
    step.register(disposable, in: group)
  }

  func dispose() { group.dispose() }

  /// Removes a step's disposable from the group once it ran, whichever of run and register comes first.
  private final class StepState: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = LockedValue<(ran: Bool, key: CompositeDisposable.DisposeKey?)>((false, nil))

    func markRan(in group: CompositeDisposable) {
      let key = lock.withLock { state -> CompositeDisposable.DisposeKey? in
        state.ran = true
        return state.key
      }
      if let key { group.remove(for: key) }
    }

    func register(_ disposable: Disposable, in group: CompositeDisposable) {
      let ran = lock.withLock { $0.ran }
      if ran { return }
      let key = group.insert(disposable)
      let ranMeanwhile = lock.withLock { state -> Bool in
        state.key = key
        return state.ran
      }
      if ranMeanwhile, let key { group.remove(for: key) }
    }
  }
}
