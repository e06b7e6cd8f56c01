// A small curses program the terminal harness tests drive: a list, a slider, a status line whose
// spinner turns while simulated work runs, and an echo of the last key. `q` quits.
//
//   TerminalUIDemo [--log FILE] [--no-color] [--allow-crash] [--allow-busy]
//
// Keys: ↑/↓ j/k PgUp/PgDn g/G move · ←/→ [ ] slider · r restart the work · ? help · q quit ·
// ! crash on purpose (only with --allow-crash, for the trap-restore test) · B hold the main thread
// busy for ten minutes (only with --allow-busy, for the signal-while-busy test).
import Glibc
import RxCore
import TerminalUI

struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    _ = Glibc.write(STDERR_FILENO, &bytes, bytes.count)
  }
}

var options = TerminalOptions(minimumSize: Size(width: 24, height: 6))
var allowCrash = false
var allowBusy = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--log": options.logPath = arguments.popFirst()
  case "--no-color": options.noColor = true
  case "--allow-crash": allowCrash = true
  case "--allow-busy": allowBusy = true
  default:
    var standardError = StandardError()
    print(
      "usage: TerminalUIDemo [--log FILE] [--no-color] [--allow-crash] [--allow-busy]", to: &standardError)
    exit(2)
  }
}

let app: DemoApp
do {
  app = try DemoApp(options: options, allowCrash: allowCrash, allowBusy: allowBusy)
} catch {
  var standardError = StandardError()
  print("TerminalUIDemo: \(error)", to: &standardError)
  exit(1)
}
let ending = app.run()
print("TerminalUIDemo ended: \(ending)")
TerminalSession.exit(for: ending)
