@preconcurrency internal import CNcursesw
import Glibc

extension TerminalSession {
  /// Puts the terminal in curses mode for `options`, as the locale and the environment allow
  /// (UTF-8, `NO_COLOR`, `COLORTERM`, `ESCDELAY`): its own copies of the terminal's descriptors, the
  /// wake-up pipe, standard output and error sent to the log, the signal handlers and the crash
  /// restore. What it set up before a failure is undone.
  ///
  /// - Returns: The curses screen, the wake-up pipe, the redirection to undo at the end, and the
  ///   terminal's output descriptor (for its size).
  /// - Throws: `TerminalError.unsupportedTerminal`, `.cannotOpenLog`, `.systemCall`.
  static func openTerminal(options: TerminalOptions) throws(TerminalError) -> (
    screen: CursesScreen, wakePipe: WakePipe, redirection: OutputRedirection, terminalFD: Int32
  ) {
    setlocale(LC_ALL, "")
    let unicode = cncursesw_locale_is_utf8() != 0
    let noColorEnvironment = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let colorTerm = getenv("COLORTERM").map { String(cString: $0).lowercased() } ?? ""
    // Only a theme with exact colours needs them; palette themes keep the terminal's own palette.
    let directColor =
      ["truecolor", "24bit"].contains(colorTerm) && (options.theme.usesRGB || options.directColorForImages)
    let escapeDelay = getenv("ESCDELAY") == nil ? options.escapeDelayMilliseconds : nil

    let (output, input) = try terminalStreams()
    let wakePipe: WakePipe
    let redirection: OutputRedirection
    do {
      wakePipe = try WakePipe()
      redirection = try OutputRedirection(logPath: options.logPath)
    } catch {
      fclose(output)
      fclose(input)
      throw error
    }
    let terminalOut = fileno(output)
    SignalRelay.install(wakeFD: wakePipe.writeFD, ttyFD: terminalOut)
    let screen: CursesScreen
    do {
      screen = try CursesScreen(
        terminalName: nil, output: output, input: input, unicode: unicode,
        colors: !(options.noColor || noColorEnvironment), escapeDelay: escapeDelay, mouse: options.mouse,
        directColor: directColor)
    } catch {
      SignalRelay.uninstall()
      redirection.restore()
      // The screen closed both streams when it refused the terminal.
      throw error
    }
    let logHint = options.logPath.map { "; see \($0)" } ?? ""
    SignalRelay.armCrashRestore(
      restoreBytes: screen.emergencyRestoreBytes(), crashMessage: "\r\n\(options.crashMessage)\(logHint)\r\n")
    return (screen, wakePipe, redirection, terminalOut)
  }

  /// Streams over copies of standard output and input (curses writes and reads them; the originals
  /// are redirected to the log). A failure closes whatever copy was already made.
  private static func terminalStreams() throws(TerminalError) -> (
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>
  ) {
    let terminalOut = dup(STDOUT_FILENO)
    guard terminalOut >= 0 else { throw .systemCall("dup", errno: errno) }
    guard let output = fdopen(terminalOut, "w") else {
      let failure = errno
      Glibc.close(terminalOut)
      throw .systemCall("fdopen", errno: failure)
    }
    let terminalIn = dup(STDIN_FILENO)
    guard terminalIn >= 0 else {
      let failure = errno
      fclose(output)
      throw .systemCall("dup", errno: failure)
    }
    guard let input = fdopen(terminalIn, "r") else {
      let failure = errno
      Glibc.close(terminalIn)
      fclose(output)
      throw .systemCall("fdopen", errno: failure)
    }
    return (output, input)
  }
}
