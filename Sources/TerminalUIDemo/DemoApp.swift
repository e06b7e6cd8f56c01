import Glibc
import RxCore
import TerminalUI

/// The demo's composition: the session, the screen, key handling and the simulated work. Main thread
/// only (the session's loop delivers keys and scheduled work there).
final class DemoApp {
  private let session: TerminalSession
  private let screen = DemoScreen()
  private let allowCrash: Bool
  private let allowBusy: Bool
  private let bag = DisposeBag()
  private var work: Disposable?

  init(options: TerminalOptions, allowCrash: Bool, allowBusy: Bool) throws {
    session = try TerminalSession(options: options)
    self.allowCrash = allowCrash
    self.allowBusy = allowBusy
  }

  /// Runs until q, a signal or the terminal going away; the terminal is restored on return.
  func run() -> TerminalSession.Ending {
    session.keys
      .subscribe(onNext: { [unowned self] key in handle(key) })
      .disposed(by: bag)
    startWork()
    let ending = session.run { [unowned self] buffer in
      screen.status.tick = session.animationTick
      screen.render(into: &buffer)
    }
    work?.dispose()
    session.close()
    return ending
  }

  private func handle(_ key: Key) {
    defer { session.setNeedsRedraw() }
    screen.status.message = "key: \(key)"
    if screen.showsHelp {
      screen.showsHelp = false
      return
    }
    switch key {
    case .char("q"): session.stop()
    case .char("?"): screen.showsHelp = true
    case .char("r"): startWork()
    case .char("!") where allowCrash: fatalError("crash requested with --allow-crash")
    case .char("B") where allowBusy: holdBusy()
    default:
      if screen.slider.handle(key: key) {
        screen.updateSliderLabel()
      } else {
        _ = screen.list.handle(key: key)
      }
    }
  }

  /// Draws a notice, then keeps the main thread busy (computing, no waiting) for ten minutes: the
  /// loop handles no signal meanwhile, as with a screen that takes long to lay out. The start is
  /// written to standard error (the log while curses owns the screen), for a test to wait on.
  private func holdBusy() {
    screen.status.message = "busy: main thread held"
    _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
      var line = Array("main thread busy\n".utf8)
      _ = write(STDERR_FILENO, &line, line.count)
      let end = ContinuousClock.now + .seconds(600)
      var state: UInt64 = 1
      while ContinuousClock.now < end {
        for _ in 0..<100_000 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
      }
      self.screen.status.message = "done \(state & 1)"
      return Disposables.create()
    }
  }

  /// Simulated downloads: 13 steps on MainScheduler's background timer, which wakes the loop
  /// through its pipe; the spinner turns until the last one.
  private func startWork() {
    work?.dispose()
    let total = 13
    screen.status.progress = Progress(completed: 0, total: total)
    screen.status.spinner.isSpinning = true
    session.isAnimating = true
    work = MainScheduler.instance.schedulePeriodic(
      0, startAfter: .milliseconds(150), period: .milliseconds(150)
    ) { [unowned self] done in
      let next = min(done + 1, total)
      screen.status.progress = Progress(completed: next, total: total)
      if next == total {
        screen.status.spinner.isSpinning = false
        session.isAnimating = false
        work?.dispose()
      }
      session.setNeedsRedraw()
      return next
    }
  }
}
