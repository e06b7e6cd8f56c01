import Dispatch

extension MainScheduler {
  /// Traps unless called where the main scheduler runs its actions: on the main thread or on the main
  /// queue.
  ///
  /// Put it at the top of code that must only run there, such as code touching the screen:
  /// ```swift
  /// func redraw() {
  ///   MainScheduler.ensureExecutingOnScheduler()
  ///   // …
  /// }
  /// ```
  ///
  /// - Parameter errorMessage: What to report instead of the default message.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    if !isExecutingOnMain() {
      rxFatalError(
        errorMessage
          ?? "Executing off the main thread. Use MainScheduler.instance.schedule to run work there.")
    }
  }

  /// Traps unless called on the process's main thread itself (stricter than
  /// ``ensureExecutingOnScheduler(errorMessage:)``, which also accepts a main-queue block that a worker
  /// thread runs).
  ///
  /// - Parameter errorMessage: What to report instead of the default message.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    if !isOnMainThread() {
      rxFatalError(errorMessage ?? "Running on a background thread.")
    }
  }
}

/// Marks the main queue, so that a block it runs is recognised even when a worker thread drains it
/// (as `swift test` does on Linux once the runner parks the main thread).
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()

/// `true` on the main thread (where an attached run loop drains the main scheduler) and inside a block
/// the main queue runs.
func isExecutingOnMain() -> Bool {
  isOnMainThread() || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}
