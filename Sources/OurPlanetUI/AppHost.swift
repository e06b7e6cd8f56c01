import TerminalUI

/// What the screens need of the terminal around them: the real ``TerminalSession``, or a headless
/// host in tests that renders into a cell buffer.
package protocol AppHost: AnyObject {
  /// The glyphs this terminal can show.
  var symbols: Symbols { get }
  /// The styles every screen draws with.
  var theme: Theme { get }
  /// The animation frame, for the spinner.
  var animationTick: Int { get }
  /// Whether the screen should keep redrawing (a spinner turns).
  var isAnimating: Bool { get set }
  /// Asks for a redraw.
  func setNeedsRedraw()
  /// Repaints everything (Ctrl-L).
  func redrawAll()
  /// Hands `text` to the terminal's clipboard (OSC 52); `false` when it is too long to send.
  @discardableResult func copyToClipboard(_ text: String) -> Bool
  /// Ends the main loop.
  func stop()
  /// Rings the terminal's bell (on the main thread).
  func ringBell()
  /// How pictures are drawn: 24-bit, 256 or 8 colours; `nil` without colours.
  var imageDepth: ImageView.ColorDepth? { get }
}

extension AppHost {
  /// The default theme, for hosts that do not choose one.
  package var theme: Theme { .dark }
  /// 24-bit pictures, for hosts that do not say.
  package var imageDepth: ImageView.ColorDepth? { .direct }
}

extension TerminalSession: AppHost {}
