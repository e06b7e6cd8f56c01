/// How a `TerminalSession` sets up the terminal.
///
/// ```swift
/// var options = TerminalOptions()
/// options.logPath = arguments.log
/// options.noColor = arguments.noColor
/// options.minimumSize = Size(width: 40, height: 10)
/// ```
package struct TerminalOptions: Hashable, Sendable {
  /// Where standard output and error go while curses owns the screen (`--log FILE`); `nil` discards
  /// them.
  package var logPath: String?
  /// Draw without colours (`--no-color`). A non-empty `NO_COLOR` in the environment does the same.
  package var noColor: Bool
  /// Below this size the session shows "terminal too small: W×H" instead of calling the app's render.
  package var minimumSize: Size
  /// How often the screen redraws while `TerminalSession.isAnimating` is set, in milliseconds.
  package var animationIntervalMilliseconds: Int
  /// How long to wait after Esc for the rest of a key sequence, in milliseconds, unless the user set
  /// `ESCDELAY` (curses' default of a full second makes Esc feel broken).
  package var escapeDelayMilliseconds: Int
  /// The line written to the terminal after a crash restored it (the log path is appended).
  package var crashMessage: String
  /// Report the mouse as ``Key/mouse(_:)`` (clicks, double clicks, the wheel, drags). The
  /// terminal's own selection still works with Shift held.
  package var mouse: Bool = false
  /// The styles the app draws with (the session draws its too-small notice with them). A theme with
  /// RGB colours is drawn in 24-bit colour when `COLORTERM` is `truecolor` or `24bit` and the
  /// terminal's direct-colour terminfo is installed, else in the nearest of 256 or 8 colours.
  package var theme: Theme = .standard
  /// Ask for 24-bit colour (as an RGB theme does) whatever the theme: the app draws pictures
  /// (satellite images), whose colours a 256-colour palette only approximates.
  package var directColorForImages = false

  /// Creates options with the defaults.
  package init(
    logPath: String? = nil, noColor: Bool = false, minimumSize: Size = Size(width: 20, height: 5),
    animationIntervalMilliseconds: Int = 100, escapeDelayMilliseconds: Int = 25,
    crashMessage: String = "the program crashed; the terminal was restored"
  ) {
    self.logPath = logPath
    self.noColor = noColor
    self.minimumSize = minimumSize
    self.animationIntervalMilliseconds = animationIntervalMilliseconds
    self.escapeDelayMilliseconds = escapeDelayMilliseconds
    self.crashMessage = crashMessage
  }
}
