import Foundation

extension Process {
  /// Ends the process: SIGTERM, then SIGKILL if it still runs after `grace`, and waits for it.
  ///
  /// A child can inherit a signal mask that blocks SIGTERM from the thread that spawned it, so SIGTERM
  /// alone may never arrive; a test must not hang on it.
  package func stop(grace: Duration = .seconds(5)) {
    guard isRunning else { return }
    terminate()
    let deadline = ContinuousClock.now + grace
    while isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if isRunning { kill(processIdentifier, SIGKILL) }
    waitUntilExit()
  }
}
