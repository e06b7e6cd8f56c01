import Glibc
import Support
import Synchronization

/// Ends the process within ``grace`` of a terminating signal, whatever the main thread is doing.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are relayed to the main loop, which restores the terminal and dies of
/// the signal: but a main thread busy for seconds (a huge screen to lay out, a stuck call) would
/// keep a user's Ctrl-C or a supervisor's SIGTERM waiting. The relay handler therefore also posts a
/// semaphore (`sem_post` is async-signal-safe) that wakes a thread waiting here since start-up; if the
/// process still lives ``grace`` later, that thread restores the terminal itself (unless the session
/// already did) and dies of the signal, so the parent sees the same 128+N status as on the normal
/// path. The thread sleeps in `sem_wait` until then: it costs nothing while the app runs.
enum SignalWatchdog {
  /// How long the main loop has to end the process on its own.
  static let grace: Duration = .milliseconds(800)

  /// What the watchdog needs to put the terminal back, copied when the session starts.
  private struct Restore {
    var ttyFD: Int32
    var termios: Glibc.termios?
    var bytes: [UInt8]
    /// Set once the session has restored the terminal: the watchdog then only ends the process.
    var isDone = false
  }

  private static let restore = LockedValue<Restore?>(nil)

  /// Starts the watching thread (once per process) and records how to restore the terminal.
  ///
  /// Call on the main thread before the relay handlers are installed.
  static func arm(ttyFD: Int32, termios: Glibc.termios?) {
    restore.withLock { $0 = Restore(ttyFD: ttyFD, termios: termios, bytes: []) }
    startThreadOnce()
  }

  /// The bytes that leave curses mode, once curses is up.
  static func setRestoreBytes(_ bytes: [UInt8]) {
    restore.withLock { $0?.bytes = bytes }
  }

  /// The session restored the terminal: a late watchdog must not write to it again.
  static func terminalRestored() {
    restore.withLock { $0?.isDone = true }
  }

  /// Wakes the watchdog for `signal`. Async-signal-safe: an atomic store and `sem_post`.
  static func trigger(_ signal: Int32) {
    if triggeredSignal.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
      .exchanged
    {
      sem_post(semaphore)
    }
  }

  private static func startThreadOnce() {
    guard !threadStarted.exchange(true, ordering: .sequentiallyConsistent) else { return }
    // Initialised here, never first inside a signal handler (a global's first use takes a lock).
    _ = semaphore
    _ = triggeredSignal.load(ordering: .sequentiallyConsistent)
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { _ in SignalWatchdog.watch() }, nil)
    if status == 0 { pthread_detach(thread) }
  }

  private static func watch() -> UnsafeMutableRawPointer? {
    // This thread must never take a terminating signal itself: the relay handler runs elsewhere.
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for number in SignalRelay.relayedSignals { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    while sem_wait(semaphore) != 0 {}  // EINTR only
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let (seconds, attoseconds) = grace.components
    deadline.tv_sec += Int(seconds)
    deadline.tv_nsec += Int(attoseconds / 1_000_000_000)
    if deadline.tv_nsec >= 1_000_000_000 {
      deadline.tv_sec += 1
      deadline.tv_nsec -= 1_000_000_000
    }
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    let signal = triggeredSignal.load(ordering: .sequentiallyConsistent)
    if let saved = restore.withLock({ $0 }), !saved.isDone {
      if var modes = saved.termios { tcsetattr(saved.ttyFD, TCSANOW, &modes) }
      _ = saved.bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: saved.ttyFD) }
    }
    // SIGQUIT's default action would dump core: end with its status, as the session does.
    if signal == SIGQUIT { _exit(128 + signal) }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    kill(getpid(), signal)
    // Blocked here, so delivered to another thread; should the process still be alive, end it.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    _exit(128 + signal)
  }
}

/// The watchdog's wake-up, posted from the relay handler.
nonisolated(unsafe) private let semaphore: UnsafeMutablePointer<sem_t> = {
  let pointer = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
  sem_init(pointer, 0, 0)
  return pointer
}()

/// The first terminating signal received (0: none yet).
private let triggeredSignal = Atomic<Int32>(0)
private let threadStarted = Atomic<Bool>(false)
