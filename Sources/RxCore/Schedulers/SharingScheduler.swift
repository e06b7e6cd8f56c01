/// Makes the scheduler every new ``Driver`` and ``Signal`` delivers on: a new ``MainScheduler`` each
/// time, as in RxCocoa, so that each shared sequence counts its own queued actions.
///
/// Tests can swap it for a virtual-time scheduler with ``mock(scheduler:action:)``.
public enum SharingScheduler {
  // The factory is process-wide; `mock` swaps it for the duration of a test.
  private static let factory = LockedValue<UncheckedSendable<() -> SchedulerType>>(
    UncheckedSendable({ MainScheduler() }))

  /// The factory of the scheduler a new shared sequence uses (by default, a new ``MainScheduler``).
  public static var make: () -> SchedulerType {
    factory.withLock { $0.value }
  }

  /// Runs `action` with every shared sequence made in it delivering on `scheduler`.
  ///
  /// Meant for tests; don't use it in release code.
  public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
    try mock(makeScheduler: { scheduler }, action: action)
  }

  /// Runs `action` with every shared sequence made in it delivering on a scheduler `makeScheduler`
  /// makes.
  ///
  /// Meant for tests; don't use it in release code.
  public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void)
    rethrows
  {
    let original = factory.withLock { box -> UncheckedSendable<() -> SchedulerType> in
      defer { box = UncheckedSendable(makeScheduler) }
      return box
    }
    defer { factory.withLock { $0 = original } }
    try action()
  }
}
