import Synchronization

/// A disposable that disposes another one on a given scheduler (for resources that must be released
/// on a particular thread), like RxSwift's `ScheduledDisposable`.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
  /// Where `disposable` is disposed.
  public let scheduler: ImmediateSchedulerType

  // Set once when disposal runs; `disposable` is taken out under `lock` exactly once.
  private let disposedFlag = Atomic<Bool>(false)
  private let lock = Lock()
  private var disposable: Disposable?

  /// A disposable that disposes `disposable` on `scheduler`.
  public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
    self.scheduler = scheduler
    self.disposable = disposable
  }

  /// Whether the inner disposable has been disposed (which happens on the scheduler, so perhaps some
  /// time after ``dispose()``).
  public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

  /// Schedules the disposal of the inner disposable.
  public func dispose() {
    _ = scheduler.schedule(self) { scheduled in
      scheduled.disposeInner()
      return Disposables.create()
    }
  }

  private func disposeInner() {
    guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let inner = lock.withLock { () -> Disposable? in
      defer { disposable = nil }
      return disposable
    }
    inner?.dispose()
  }
}
