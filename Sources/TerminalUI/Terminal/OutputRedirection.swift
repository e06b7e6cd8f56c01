import Glibc

/// Points standard output and standard error at a log file (or /dev/null) while curses owns the
/// screen, and back afterwards.
///
/// Curses writes through its own duplicate of the terminal, so a stray `print` or a runtime error
/// message lands in the log instead of corrupting the screen, and a crash report is still there to
/// read after the terminal is restored.
final class OutputRedirection {
  private var savedOutput: Int32 = -1
  private var savedError: Int32 = -1

  /// Redirects both streams.
  ///
  /// - Parameter logPath: the log to append to, or `nil` for /dev/null.
  /// - Throws: `TerminalError.cannotOpenLog` when the log cannot be opened.
  init(logPath: String?) throws(TerminalError) {
    self.logPath = logPath
    try redirect()
  }

  private let logPath: String?

  /// Redirects the streams (again, after `restore`).
  func redirect() throws(TerminalError) {
    guard savedOutput < 0 else { return }
    let path = logPath ?? "/dev/null"
    let target = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard target >= 0 else {
      throw .cannotOpenLog(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(target) }
    fflush(nil)
    savedOutput = dup(STDOUT_FILENO)
    savedError = dup(STDERR_FILENO)
    dup2(target, STDOUT_FILENO)
    dup2(target, STDERR_FILENO)
  }

  /// Puts the original streams back (idempotent).
  func restore() {
    fflush(nil)
    if savedOutput >= 0 {
      dup2(savedOutput, STDOUT_FILENO)
      close(savedOutput)
      savedOutput = -1
    }
    if savedError >= 0 {
      dup2(savedError, STDERR_FILENO)
      close(savedError)
      savedError = -1
    }
  }

  deinit {
    restore()
  }
}
