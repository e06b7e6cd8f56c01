import Glibc
import Synchronization

/// The session's signal handling: the one place that runs inside signal handlers.
///
/// Two kinds of handler:
/// - *Relayed* signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH) only record
///   themselves and write a byte to the wake-up pipe; the main loop does the real work (restoring the
///   terminal, suspending, resizing) on the main thread, where calling curses is allowed. A second
///   terminating signal while the first is still unhandled means the main loop is stuck: the handler
///   then restores the terminal itself and dies of the signal. A single one is enough too: the
///   handler also wakes ``SignalWatchdog``, which ends the process if the main loop has not within
///   its grace period (a main thread busy for seconds).
/// - *Crash* signals (a Swift runtime trap is SIGILL or SIGTRAP; SIGABRT, SIGSEGV, SIGBUS, SIGFPE)
///   restore the terminal from the handler with async-signal-safe calls only (`tcsetattr`, `write` of
///   bytes prepared in advance), put back the previous handler (the Swift runtime's backtracer, say)
///   and raise the signal again, so the crash proceeds as it would have.
///
/// Everything a handler reads is prepared before the handlers are installed and never changes while
/// they are.
enum SignalRelay {
  /// The signals that end the session. SIGQUIT (Ctrl-\) is one of them: left to the Swift runtime,
  /// its backtracer froze the screen for about 30 s waiting on the terminal.
  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  static let relayedSignals: [Int32] = terminatingSignals + [SIGTSTP, SIGCONT, SIGWINCH]
  static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

  /// Saves the terminal's modes and installs the relaying handlers. Call before curses starts, so
  /// curses sees the signals handled and leaves them to us.
  ///
  /// - Parameters:
  ///   - wakeFD: the write end of the wake-up pipe (non-blocking).
  ///   - ttyFD: the terminal, for the emergency restore.
  static func install(wakeFD: Int32, ttyFD: Int32) {
    _ = pendingSignals.load(ordering: .relaxed)  // initialise the global before any handler can run
    var saved = termios()
    let hasTermios = tcgetattr(ttyFD, &saved) == 0
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalCount))
    previous.initialize(repeating: sigaction(), count: Int(signalCount))
    for signal in relayedSignals + crashSignals {
      previous[Int(signal)] = currentAction(for: signal)
    }
    handlerState = HandlerState(
      wakeFD: wakeFD, ttyFD: ttyFD, termios: saved, hasTermios: hasTermios, previousActions: previous)
    SignalWatchdog.arm(ttyFD: ttyFD, termios: hasTermios ? saved : nil)
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in relayedSignals where !isIgnoredTermination(previous[Int(signal)], signal: signal) {
      setHandler(relayHandler, for: signal, flags: SA_RESTART)
      sigaddset(&handled, signal)
    }
    // A program can start with signals blocked (inherited from its parent); these must get through.
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// A terminating signal the program was started with ignored (`nohup`, a background job) stays
  /// ignored, as shells and well-behaved programs do.
  private static func isIgnoredTermination(_ action: sigaction, signal: Int32) -> Bool {
    guard terminatingSignals.contains(signal) else { return false }
    let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    return handler == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Installs the crash handlers once curses is up and the bytes that leave it are known.
  ///
  /// - Parameters:
  ///   - restoreBytes: what to write to the terminal to leave curses mode (from terminfo).
  ///   - crashMessage: a line for the user after a crash.
  static func armCrashRestore(restoreBytes: [UInt8], crashMessage: String) {
    handlerState.restore = HandlerBuffer(restoreBytes)
    SignalWatchdog.setRestoreBytes(restoreBytes)
    handlerState.message = HandlerBuffer(Array(crashMessage.utf8))
    handlerState.nullFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    for signal in crashSignals {
      setHandler(crashHandler, for: signal, flags: 0)
    }
  }

  /// Puts back the handlers that were there before `install`.
  static func uninstall() {
    guard let previous = handlerState.previousActions else { return }
    SignalWatchdog.terminalRestored()
    for signal in relayedSignals + crashSignals {
      sigaction(signal, previous + Int(signal), nil)
    }
    _ = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
    var state = handlerState
    handlerState = HandlerState()
    state.restore.free()
    state.message.free()
    if state.nullFD >= 0 { close(state.nullFD) }
    previous.deallocate()
  }

  /// Takes the signals received since the last call.
  static func takePending() -> Set<Int32> {
    let bits = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
    guard bits != 0 else { return [] }
    return Set((1..<Int32(UInt64.bitWidth)).filter { bits & (1 << UInt64($0)) != 0 })
  }

  /// Stops the process with the default SIGTSTP action; returns once it is continued.
  static func stopProcess() {
    var previous = setHandler(nil, for: SIGTSTP, flags: 0)
    defer { sigaction(SIGTSTP, &previous, nil) }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(SIGTSTP)
  }

  /// Ends the process the way `signal` would have, after the terminal has been restored.
  ///
  /// SIGQUIT ends it with status 128+3 instead, as the script commands do: its default action would
  /// dump core, and a crash report is not what Ctrl-\ asks for.
  static func dieOf(_ signal: Int32) -> Never {
    if signal == SIGQUIT { _exit(128 + signal) }
    _ = setHandler(nil, for: signal, flags: 0)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(signal)
    _exit(128 + signal)
  }

  // MARK: - Handler plumbing

  @discardableResult
  private static func setHandler(
    _ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32, flags: Int32
  ) -> sigaction {
    var action = sigaction()
    if let handler {
      action.__sigaction_handler.sa_handler = handler
    } else {
      action.__sigaction_handler.sa_handler = SIG_DFL
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    var previous = sigaction()
    sigaction(signal, &action, &previous)
    return previous
  }

  private static func currentAction(for signal: Int32) -> sigaction {
    var current = sigaction()
    sigaction(signal, nil, &current)
    return current
  }
}

/// Bytes a signal handler may write: allocated before the handlers are installed, freed after they
/// are removed, never resized.
struct HandlerBuffer {
  var pointer: UnsafeMutablePointer<UInt8>?
  var count: Int

  init() {
    pointer = nil
    count = 0
  }

  init(_ bytes: [UInt8]) {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    storage.initialize(from: bytes, count: bytes.count)
    pointer = storage
    count = bytes.count
  }

  mutating func free() {
    pointer?.deallocate()
    pointer = nil
    count = 0
  }

  /// Writes the bytes to `fd` with `write(2)` only (async-signal-safe).
  func write(to fd: Int32) {
    guard let pointer, fd >= 0 else { return }
    var offset = 0
    while offset < count {
      let written = Glibc.write(fd, pointer + offset, count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

/// What the handlers read; see `SignalRelay`.
struct HandlerState {
  var wakeFD: Int32 = -1
  var ttyFD: Int32 = -1
  var termios = Glibc.termios()
  var hasTermios = false
  /// The dispositions replaced by `install`, indexed by signal number (`signalCount` entries).
  var previousActions: UnsafeMutablePointer<sigaction>?
  var restore = HandlerBuffer()
  var message = HandlerBuffer()
  /// /dev/null, to take the terminal away from a crash reporter that would wait for a key on it.
  var nullFD: Int32 = -1
}

/// Signal numbers are below this (Linux's NSIG).
let signalCount: Int32 = 65

/// Written on the main thread only while no handler is installed; read by the handlers.
nonisolated(unsafe) private var handlerState = HandlerState()

/// Signals received and not yet handled by the main loop, one bit per signal number.
private let pendingSignals = Atomic<UInt64>(0)

/// Restores the terminal with async-signal-safe calls only.
private func restoreTerminalFromHandler() {
  let state = handlerState
  if state.hasTermios {
    var saved = state.termios
    tcsetattr(state.ttyFD, TCSANOW, &saved)
  }
  state.restore.write(to: state.ttyFD)
}

private let relayHandler: @convention(c) (Int32) -> Void = { signal in
  let savedErrno = errno
  defer { errno = savedErrno }
  let bit = UInt64(1) << UInt64(signal)
  let previous = pendingSignals.bitwiseOr(bit, ordering: .sequentiallyConsistent).oldValue
  // Compared one by one: a handler must not touch a lazily made global such as an array.
  let terminates = signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT
  if previous & bit != 0 && terminates {
    // The main loop has not picked up the first one: it is stuck, so do its job here.
    restoreTerminalFromHandler()
    if signal == SIGQUIT { _exit(128 + signal) }  // as `dieOf`: no core dump
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    raise(signal)
    return
  }
  var byte: UInt8 = 1
  _ = write(handlerState.wakeFD, &byte, 1)
  if terminates { SignalWatchdog.trigger(signal) }
}

private let crashHandler: @convention(c) (Int32) -> Void = { signal in
  restoreTerminalFromHandler()
  let state = handlerState
  state.message.write(to: state.ttyFD)
  // The Swift backtracer offers an interactive prompt when standard input is a terminal; with the
  // screen already restored the user would only see a terminal frozen for its timeout.
  if state.nullFD >= 0 { dup2(state.nullFD, STDIN_FILENO) }
  // Hand the signal back to whoever had it before (the Swift backtracer, or the default action),
  // then raise it: it is delivered when this handler returns.
  if let previous = state.previousActions, signal > 0, signal < signalCount {
    sigaction(signal, previous + Int(signal), nil)
  } else {
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&fallback.sa_mask)
    sigaction(signal, &fallback, nil)
  }
  raise(signal)
}
