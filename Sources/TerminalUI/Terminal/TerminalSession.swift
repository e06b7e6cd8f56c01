import Glibc
import RxCore
import Synchronization

/// The terminal, owned by the app from start to finish: set-up, the main loop, and restoring the
/// terminal on every way out.
///
/// Creating a session puts the terminal in curses mode (UTF-8 when the locale has it, colours unless
/// `NO_COLOR` or `noColor`, 24-bit ones when `COLORTERM` says so and the theme has RGB colours), sends standard output and error to the log, and installs signal
/// handlers. `run(render:)` then owns the main thread until `stop()`, a terminating signal, or the
/// terminal going away: it waits on the terminal and a wake-up pipe, publishes keys on `keys`, runs
/// the work `MainScheduler` queued, and redraws when something changed. `close()` (or `deinit`)
/// restores the terminal. Ctrl-Z suspends and resumes, a resize re-lays out, Ctrl-L repaints, and a
/// crash restores the terminal from its signal handler.
///
/// Every method must be called on the main thread, except `setNeedsRedraw()` and `stop()`.
///
/// ```swift
/// let session = try TerminalSession(options: TerminalOptions(logPath: log))
/// session.keys.subscribe(onNext: { key in
///   if key == .char("q") { session.stop() }
///   if list.handle(key: key) { session.setNeedsRedraw() }
/// }).disposed(by: bag)
/// let ending = session.run { buffer in
///   list.render(into: &buffer, rect: buffer.bounds)
/// }
/// session.close()
/// TerminalSession.exit(for: ending)
/// ```
package final class TerminalSession {
  /// The options the session started with.
  package let options: TerminalOptions
  /// The glyphs this terminal can show (ASCII when the locale is not UTF-8).
  package let symbols: Symbols
  /// Whether colours are drawn.
  package let colorsEnabled: Bool
  /// Whether colours go out as 24-bit RGB values (else as the nearest palette entries).
  package let isDirectColor: Bool
  /// How pictures are drawn here: 24-bit, 256 or 8 colours; `nil` without colours.
  package let imageDepth: ImageView.ColorDepth?
  /// The styles the app draws with: `options.theme`.
  package var theme: Theme { options.theme }
  /// The screen size as of the last redraw or resize.
  package private(set) var size: Size
  /// While set, the screen redraws every `animationIntervalMilliseconds` and `animationTick` advances;
  /// set it while a spinner should turn.
  package var isAnimating = false {
    didSet { if isAnimating != oldValue { setNeedsRedraw() } }
  }
  /// Counts animation frames; a `StatusLine` takes its spinner frame from it.
  package private(set) var animationTick = 0
  /// Key presses (and `.resize`), delivered on the main thread while `run(render:)` runs.
  package var keys: Observable<Key> { keySubject.asObservable() }

  private let keySubject = PublishSubject<Key>()
  private let screen: CursesScreen
  private let wakePipe: WakePipe
  private let redirection: OutputRedirection
  /// curses' own duplicate of the terminal (standard output points at the log meanwhile).
  private let terminalFD: Int32
  private let needsRedraw = Atomic<Bool>(true)
  private let stopRequested = Atomic<Bool>(false)
  private var isRunning = false
  private var isClosed = false
  private var lastTick = ContinuousClock.now

  private static let isActive = Atomic<Bool>(false)
  private static let idleTimeoutMilliseconds: Int32 = 1000
  /// Readable-but-no-key wake-ups in a row after which the input is considered dead (a last guard
  /// against spinning on a terminal that reports neither a hang-up nor an error).
  private static let deadInputLimit = 64

  /// Starts curses on the terminal.
  ///
  /// - Parameter options: log file, colours, minimum size, timing.
  /// - Throws: `TerminalError.notATerminal` without a terminal on standard input and output,
  ///   `.unsupportedTerminal` for an unknown `TERM`, `.cannotOpenLog`, `.sessionAlreadyActive`.
  package init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
    guard
      TerminalSession.isActive.compareExchange(
        expected: false, desired: true, ordering: .sequentiallyConsistent
      )
      .exchanged
    else { throw .sessionAlreadyActive }
    var started = false
    defer { if !started { TerminalSession.isActive.store(false, ordering: .sequentiallyConsistent) } }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }

    let (screen, wakePipe, redirection, terminalOut) = try Self.openTerminal(options: options)

    self.options = options
    self.screen = screen
    self.wakePipe = wakePipe
    self.redirection = redirection
    self.terminalFD = terminalOut
    self.symbols = screen.symbols
    self.colorsEnabled = screen.colorsEnabled
    self.isDirectColor = screen.isDirectColor
    self.imageDepth =
      screen.colorsEnabled
      ? ImageView.ColorDepth.of(colors: screen.colorCount, direct: screen.isDirectColor) : nil
    self.size = screen.size
    started = true
  }

  deinit {
    close()
  }

  /// Asks for a redraw at the next turn of the loop. Safe from any thread.
  package func setNeedsRedraw() {
    if !needsRedraw.exchange(true, ordering: .sequentiallyConsistent) {
      wakePipe.signaller()
    }
  }

  /// Makes `run(render:)` return `.stopped` once the current turn of the loop ends. Safe from any
  /// thread.
  package func stop() {
    stopRequested.store(true, ordering: .sequentiallyConsistent)
    wakePipe.signaller()
  }

  /// Rings the terminal's bell (curses' `beep`, which flashes where the terminal has no bell).
  /// Main thread only, like every curses call.
  package func ringBell() {
    screen.beep()
  }

  /// Repaints the whole screen at the next turn (what Ctrl-L does).
  package func redrawAll() {
    screen.invalidate()
    setNeedsRedraw()
  }

  /// Runs the main loop on the calling (main) thread until `stop()`, a terminating signal, or the
  /// terminal going away.
  ///
  /// Each turn: wait for input, a wake-up or the animation timer; handle signals (suspend, resize);
  /// publish keys; run `MainScheduler`'s queued work; and, if something asked for it, call `render`
  /// with a blank buffer the size of the screen and draw what changed. Below
  /// `options.minimumSize`, the session draws "terminal too small: W×H" instead of calling `render`.
  ///
  /// - Parameter render: draws the whole screen into the buffer.
  /// - Returns: why the loop ended. The terminal is still in curses mode: call `close()`.
  package func run(render: (inout CellBuffer) -> Void) -> Ending {
    precondition(!isClosed, "TerminalSession.run called after close()")
    precondition(!isRunning, "TerminalSession.run called while already running")
    isRunning = true
    stopRequested.store(false, ordering: .sequentiallyConsistent)
    MainScheduler.instance.attachRunLoop(wakeUp: wakePipe.signaller)
    defer {
      MainScheduler.instance.detachRunLoop()
      isRunning = false
    }
    var inputReady = true
    var idleReads = 0
    while true {
      if let ending = handleSignals() { return ending }
      if inputReady {
        if readKeys() {
          idleReads = 0
        } else {
          idleReads += 1
          if idleReads >= TerminalSession.deadInputLimit { return .terminalLost }
        }
      }
      MainScheduler.instance.drain()
      if stopRequested.load(ordering: .sequentiallyConsistent) { return .stopped }
      advanceAnimation()
      if needsRedraw.exchange(false, ordering: .sequentiallyConsistent) { draw(render) }
      switch waitForEvents() {
      case .input: inputReady = true
      case .wakeUp, .timeout: inputReady = false
      case .hangUp: return .terminalLost
      }
    }
  }

  /// Hands `text` to the terminal's clipboard with OSC 52, which xterm, kitty, WezTerm, iTerm2, foot and
  /// tmux (with `set-clipboard on`) honour and other terminals ignore: there is no answer to say
  /// which. Over 64 KiB of text is refused (terminals cap the sequence), returning `false`.
  @discardableResult
  package func copyToClipboard(_ text: String) -> Bool {
    guard let sequence = Clipboard.sequence(for: text) else { return false }
    screen.writeThrough(sequence)
    return true
  }

  /// Restores the terminal: curses mode off, cursor back, signal handlers and output streams as they
  /// were. Idempotent; `deinit` calls it too.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    screen.end()
    SignalRelay.uninstall()
    redirection.restore()
    keySubject.on(.completed)
    TerminalSession.isActive.store(false, ordering: .sequentiallyConsistent)
  }

  // MARK: - The loop's steps

  private enum Wake {
    case input, wakeUp, timeout, hangUp
  }

  private func waitForEvents() -> Wake {
    var timeout = TerminalSession.idleTimeoutMilliseconds
    if isAnimating {
      let elapsed = ContinuousClock.now - lastTick
      let remaining = Duration.milliseconds(options.animationIntervalMilliseconds) - elapsed
      timeout = Int32(
        max(0, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
      )
    }
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0 { return .wakeUp }  // EINTR: a signal; its byte is in the pipe
    if fds[1].revents != 0 { wakePipe.drain() }
    let input = fds[0].revents
    if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangUp }
    if input & Int16(POLLIN) != 0 { return .input }
    return ready == 0 ? .timeout : .wakeUp
  }

  /// Handles the signals that arrived; returns an ending for a terminating one.
  private func handleSignals() -> Ending? {
    let pending = SignalRelay.takePending()
    guard !pending.isEmpty else { return nil }
    for signal in SignalRelay.terminatingSignals where pending.contains(signal) {
      return .signal(signal)
    }
    if pending.contains(SIGTSTP) { suspend() }
    if pending.contains(SIGCONT) { redrawAll() }
    if pending.contains(SIGWINCH) || pending.contains(SIGCONT) { updateSize() }
    return nil
  }

  /// Ctrl-Z: leave curses mode, stop, and come back repainted.
  private func suspend() {
    screen.suspend()
    SignalRelay.stopProcess()
    screen.resume()
    updateSize()
    setNeedsRedraw()
  }

  /// Reads the terminal's size and tells curses and the app if it changed.
  private func updateSize() {
    var window = winsize()
    guard ioctl(terminalFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return
    }
    let newSize = Size(width: Int(window.ws_col), height: Int(window.ws_row))
    guard newSize != screen.size else { return }
    screen.resize(to: newSize)
    size = newSize
    setNeedsRedraw()
    keySubject.on(.next(.resize))
  }

  /// Publishes every key waiting; returns whether there was one.
  private func readKeys() -> Bool {
    var any = false
    while let key = screen.readKey() {
      any = true
      switch key {
      case .resize:
        size = screen.size
        screen.invalidate()
        setNeedsRedraw()
      case .ctrl("l"):
        redrawAll()
      default:
        break
      }
      keySubject.on(.next(key))
    }
    return any
  }

  private func advanceAnimation() {
    guard isAnimating else { return }
    let now = ContinuousClock.now
    if now - lastTick >= .milliseconds(options.animationIntervalMilliseconds) {
      lastTick = now
      animationTick &+= 1
      needsRedraw.store(true, ordering: .sequentiallyConsistent)
    }
  }

  private func draw(_ render: (inout CellBuffer) -> Void) {
    size = screen.size
    var buffer = CellBuffer(size: size, symbols: symbols)
    if size.contains(options.minimumSize) {
      render(&buffer)
    } else {
      TooSmallNotice(size: size, theme: options.theme).render(into: &buffer, rect: buffer.bounds)
    }
    screen.present(buffer)
  }
}
