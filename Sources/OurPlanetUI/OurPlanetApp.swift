import Dispatch
import EONETKit
import OurPlanetModel
import RxCore
import TerminalUI

/// The interactive app on a real terminal: the shell bound to a ``TerminalSession``.
///
/// Everything here runs on the main thread: data arrives through the main scheduler and keys come
/// from the session's loop.
package final class OurPlanetApp {
  private let session: TerminalSession
  private let shell: AppShell
  private let bag = DisposeBag()

  /// Wires the app to a terminal session and a data feed; loading starts at once.
  ///
  /// - Parameters:
  ///   - session: The terminal.
  ///   - shell: The screens, built on `session` as their host.
  package init(session: TerminalSession, shell: AppShell) {
    self.session = session
    self.shell = shell
    session.keys
      .subscribe(onNext: { [shell] in shell.handle($0) })
      .disposed(by: bag)
  }

  /// Runs until the user quits, a signal arrives or the terminal goes away.
  package func run() -> TerminalSession.Ending {
    session.run { [shell] buffer in shell.render(into: &buffer) }
  }
}
