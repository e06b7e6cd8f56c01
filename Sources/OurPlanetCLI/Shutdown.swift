import Dispatch
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// How a script command ends on SIGINT, SIGTERM, SIGHUP or SIGQUIT: at once, whatever its main
/// thread is doing, with exit status 128+N, after ending the `--exec` child it runs.
///
/// The signals are turned into dispatch sources, so the handling runs on its own thread: the main
/// thread may be blocked in a download, a semaphore or a wait for a child. A state write in
/// progress (``critical(_:)``) finishes first, so the process never dies between the temporary
/// file and its rename. Commands leave the terminal as they found it, so there is nothing to
/// restore. Signals inherited as ignored (`nohup`, a background job) stay ignored.
enum Shutdown {
  /// The signals that end a command.
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// How long a child has between SIGTERM and SIGKILL when a signal ends `watch`.
  static let childGrace: DispatchTimeInterval = .milliseconds(500)

  private static let state = LockedValue(State())
  /// The running `--exec` child, behind a lock of its own: it is held while the child starts, and
  /// starting one reads `state` (the signals it gets back).
  private static let child = LockedValue<Child?>(nil)
  /// Held by a state write, and by the ending for good.
  private static let section = LockedValue(())

  // `@unchecked Sendable`: dispatch sources are thread-safe but not declared Sendable; the state is
  // read and written only under its lock.
  private struct State: @unchecked Sendable {
    var sources: [any DispatchSourceSignal] = []
  }

  /// Starts handling the signals (once).
  static func install() {
    state.withLock { state in
      guard state.sources.isEmpty else { return }
      for number in signals {
        var current = sigaction()
        sigaction(number, nil, &current)
        let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
        if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == ignored { continue }
        // Ignored as a signal, seen by the source: the default action would end the process
        // without the child, and SIGQUIT's would print a crash report.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
        source.setEventHandler { end(number) }
        source.resume()
        state.sources.append(source)
      }
    }
  }

  /// The signals a child must get back at their default action (they are ignored here).
  static var ignoredHere: [Int32] {
    state.withLock { $0.sources.isEmpty ? [] : signals }
  }

  /// Starts the `--exec` child and records it in one step, for the ending to stop it: a signal that
  /// arrives while it starts waits for it to be recorded, so it is never left running on its own.
  static func startChild(_ start: () throws -> Child) rethrows -> Child {
    try child.withLock { running in
      let started = try start()
      running = started
      return started
    }
  }

  /// Forgets the `--exec` child once it ended.
  static func childEnded() {
    child.withLock { $0 = nil }
  }

  /// Runs `body` with the ending held off (a state write).
  static func critical<Result>(_ body: () throws -> Result) rethrows -> Result {
    try section.withLock { _ in try body() }
  }

  private static func end(_ number: Int32) {
    if let running = child.withLock({ $0 }) { running.stop(grace: childGrace) }
    section.withLock { _ in _exit(128 + number) }
  }
}
