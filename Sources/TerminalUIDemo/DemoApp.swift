import RxCore
import TerminalUI

/// The demo's composition: the session, the screen, key handling and the simulated work. Main thread
/// only (the session's loop delivers keys and scheduled work there).
final class DemoApp {
  private let session: TerminalSession
  private let screen = DemoScreen()
  private let allowCrash: Bool
  private let bag = DisposeBag()
  private var work: Disposable?

  init(options: TerminalOptions, allowCrash: Bool) throws {
    session = try TerminalSession(options: options)
    self.allowCrash = allowCrash
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
    default:
      if screen.slider.handle(key: key) {
        screen.updateSliderLabel()
      } else {
        _ = screen.list.handle(key: key)
      }
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
